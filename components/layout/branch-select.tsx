'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useAppSession } from './use-app-session';

/** The "Food Bank" branch selector; inline (label beside the list) in the header bar, stacked in the drawer. */
export function BranchSelect({ className = '', inline = false }: { className?: string; inline?: boolean }) {
  const t = useTranslations('Header');
  const id = useId();
  const { user, branchId, switchBranch } = useAppSession();
  const [busy, setBusy] = useState(false);
  // Program staff without a branch have nothing to choose.
  if (!user?.branches.length) return null;
  return (
    <div className={`flex ${inline ? 'items-center gap-2' : 'flex-col gap-1'} ${className}`}>
      <label htmlFor={id} className={`text-xs font-semibold ${inline ? 'text-gray-900' : 'text-gray-700'}`}>
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
