'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useAppSession } from './use-app-session';

/** The "Food Bank" branch selector. */
export function BranchSelect({ className = '' }: { className?: string }) {
  const t = useTranslations('Header');
  const id = useId();
  const { user, branchId, switchBranch } = useAppSession();
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-semibold text-gray-700">
        {t('foodBank')}
      </label>
      <select
        id={id}
        value={branchId}
        disabled={busy || user.branches.length < 2}
        aria-busy={busy}
        onChange={async (e) => {
          setBusy(true);
          try {
            await switchBranch(e.target.value);
          } finally {
            setBusy(false);
          }
        }}
        className="min-h-10 max-w-64 rounded-md border border-secondary/50 bg-white px-2 py-1.5 text-sm text-gray-900"
      >
        {user.branches.map((b) => (
          <option key={b.branchId} value={b.branchId}>
            {b.branchName}
          </option>
        ))}
      </select>
    </div>
  );
}
