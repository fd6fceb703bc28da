import { useTranslations } from 'next-intl';
import { AuditTable } from '@/components/program/audit-table';
import type { AuditPage } from '@/lib/domain/program-workflow';

/** Who created and changed a donation, what changed and when, under its edit form. */
export function DonationHistory({ history }: { history: AuditPage }) {
  const t = useTranslations('ProgramAudit');
  return (
    <details className="mt-6 rounded-lg bg-secondary-light/40 p-3" data-testid="donation-history">
      <summary className="cursor-pointer font-semibold text-gray-900">{t('donationHistory', { count: history.entries.length })}</summary>
      <div className="mt-2">
        <AuditTable entries={history.entries} />
      </div>
    </details>
  );
}
