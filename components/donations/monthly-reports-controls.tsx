'use client';

import { useEffect, useState } from 'react';
import { useHeaderExport } from '@/components/layout/header-context';
import { usePendingRouter } from '@/components/layout/navigation-pending';
import { CONTROL_CLASS } from '@/components/ui/field';
import { useExportDonations } from './use-export-donations';

/** The year picker of Monthly Reports: the chosen year goes into the address and the server renders its rows. */
export function YearSelect({ id, year, options }: { id: string; year: number; options: number[] }) {
  const { replace, pending } = usePendingRouter();
  const [chosen, setChosen] = useState(year);

  // Keep the year in the address so Back from a month returns to it.
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('year') !== String(year)) {
      url.searchParams.set('year', String(year));
      window.history.replaceState(window.history.state, '', url);
    }
  }, [year]);

  return (
    <select
      id={id}
      value={chosen}
      aria-busy={pending || undefined}
      onChange={(e) => {
        const next = Number(e.target.value);
        setChosen(next);
        replace(`/?year=${next}`, { scroll: false });
      }}
      className={`${CONTROL_CLASS} w-32`}
    >
      {options.map((y) => (
        <option key={y} value={y}>
          {y}
        </option>
      ))}
    </select>
  );
}

/** The header's export icon and its confirm dialog, for the year shown. */
export function ReportsExport({ year }: { year: number }) {
  const exporter = useExportDonations(year);
  useHeaderExport(exporter.ask);
  return exporter.dialog;
}
