'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useAppSession } from '@/components/layout/use-app-session';
import { useBanner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { LazyAppDialog } from '@/components/ui/lazy-dialog';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import { bffHref } from '@/web/api/calls';
import { exportFileName } from '@/lib/domain/export-file-name';
import { downloadThroughBrowser } from '@/web/download/browser-download';

type ExportFormat = 'csv' | 'csv-fr' | 'xlsx';

/**
 * The header's export: a confirm dialog "Export Donations?", then the CSV of the year handed to the browser's
 * download manager from the BFF (the API streams it), then the success or failure banner. Loaded on the first
 * click of Export (use-export-donations.tsx), not with the page.
 */
export function ExportDialog({ year, open, setOpen }: { year: number; open: boolean; setOpen: (open: boolean) => void }) {
  const t = useTranslations('Export');
  const { branchId, branchName } = useAppSession();
  const { show } = useBanner();
  const [busy, setBusy] = useState(false);
  const locale = useLocale();
  // The English CSV stays the default (docs/product.md, Exports of a year); French CSV and XLSX only when chosen.
  const [format, setFormat] = useState<ExportFormat>('csv');

  const once = useSingleFlight();
  const run = () => once(download);
  const download = async () => {
    setBusy(true);
    try {
      const options =
        format === 'csv-fr'
          ? { lang: 'fr' as const }
          : format === 'xlsx'
            ? { format: 'xlsx' as const, lang: locale === 'fr' ? ('fr' as const) : ('en' as const) }
            : {};
      // The browser's download manager receives the file (a whole year can be large: it never sits in page memory);
      // the answer's status comes back in a cookie for the banner.
      const status = await downloadThroughBrowser(
        bffHref('/donation/export', { query: { branchId, year, ...options } }),
        exportFileName(branchName, year, format),
      );
      const ok = status !== null && status >= 200 && status < 300;
      show(ok ? 'success' : 'error', t(ok ? 'success' : 'failure'));
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <LazyAppDialog
      open={open}
      onClose={() => !busy && setOpen(false)}
      title={t('title')}
      description={t('description', { year })}
      actions={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button autoFocus onClick={run} loading={busy}>
            {t('confirm')}
          </Button>
        </>
      }
    >
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-semibold text-gray-800">{t('format')}</legend>
        {(['csv', 'csv-fr', 'xlsx'] as const).map((f) => (
          <label key={f} className="flex min-h-11 items-center gap-2 text-gray-900">
            <input
              type="radio"
              name="export-format"
              value={f}
              checked={format === f}
              onChange={() => setFormat(f)}
              className="h-5 w-5 accent-gray-900"
            />
            {t(f === 'csv' ? 'formatCsv' : f === 'csv-fr' ? 'formatCsvFr' : 'formatXlsx')}
          </label>
        ))}
      </fieldset>
    </LazyAppDialog>
  );
}
