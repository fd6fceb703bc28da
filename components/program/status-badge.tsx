import type { ReportStatus } from '@/lib/domain/report-status';

// The three statuses of section 4, as on Monthly Reports: overdue red and bold; a reopened month (not late until
// its new due date, lib/domain/report-status.ts) in amber.
export const STATUS_CLASS: Record<ReportStatus, string> = {
  submitted: 'bg-green-50 text-green-900 ring-green-700/40',
  overdue: 'bg-red-50 font-bold text-red-800 ring-red-700/50',
  pending: 'bg-secondary-light text-gray-900 ring-secondary/40',
  reopened: 'bg-amber-50 text-amber-900 ring-amber-700/50',
};
export const STATUS_KEY = {
  submitted: 'statusSubmitted',
  overdue: 'statusOverdue',
  pending: 'statusPending',
  reopened: 'statusReopened',
} as const satisfies Record<ReportStatus, string>;

export function StatusBadge({ status, label }: { status: ReportStatus; label: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-sm whitespace-nowrap ring-1 ${STATUS_CLASS[status]}`}
      data-status={status}
    >
      {label}
    </span>
  );
}
