import type { ReportStatus } from '@/lib/domain/report-status';

// The report statuses (docs/rules.md, Report status) as on Monthly Reports: overdue red and bold; a reopened month
// (not late until its new due date, lib/domain/report-status.ts) in amber.
export const STATUS_CLASS: Record<ReportStatus, string> = {
  submitted: 'status-submitted',
  overdue: 'status-overdue',
  pending: 'status-pending',
  reopened: 'status-reopened',
};
/** One letter per status in the year grid's cells (the full word is read to screen readers and shown in the legend). */
export const MARK: Record<ReportStatus, string> = { submitted: '✓', pending: '…', overdue: '!', reopened: '↺' };
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
