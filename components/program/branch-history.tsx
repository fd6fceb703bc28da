'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';

// The entries, their query and the audit table load with the first opening: most visits never open the history,
// and the month page is at its JavaScript budget.
const BranchHistoryEntries = dynamic(() => import('./branch-history-entries').then((m) => m.BranchHistoryEntries), {
  ssr: false,
  loading: LoadingText,
});

function LoadingText() {
  const t = useTranslations('BranchHistory');
  return <p role="status">{t('loading')}</p>;
}

/**
 * A food bank's history for its own staff: every recorded change to its donations, months, stores and
 * people, newest first, with names rather than ids, 50 at a time. Read only when opened (a closed details costs
 * nothing).
 */
export function BranchHistory({ branchId }: { branchId: string }) {
  const t = useTranslations('BranchHistory');
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="rounded-md bg-white p-3 text-sm shadow-sm ring-1 ring-black/5"
      data-testid="branch-history"
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open) setOpened(true);
      }}
    >
      <summary className="cursor-pointer font-semibold text-gray-900">{t('title')}</summary>
      <div className="mt-2 flex flex-col gap-2">{opened && <BranchHistoryEntries branchId={branchId} />}</div>
    </details>
  );
}
