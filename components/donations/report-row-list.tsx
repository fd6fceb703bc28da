'use client';

import { IntentLink } from '@/components/layout/intent-link';
import type { ReportStatus } from '@/lib/domain/report-status';

const STATUS_CLASS: Record<ReportStatus, string> = {
  submitted: 'bg-green-50 text-green-900 ring-green-700/40',
  overdue: 'bg-red-50 font-bold text-red-800 ring-red-700/50',
  pending: 'bg-secondary-light text-gray-900 ring-secondary/40',
  // Reopened by the program: to change and submit again, not late until its new due date (report-status.ts).
  reopened: 'bg-amber-50 text-amber-900 ring-amber-700/50',
};

/** One month of Monthly Reports, its texts already in the page's language (the server formats them). */
export type ReportRowData = {
  month: number;
  href: string;
  monthLong: string;
  monthShort: string;
  front: string;
  frontShare?: string;
  back: string;
  backShare?: string;
  status: ReportStatus;
  statusText: string;
};

type ReportRowLabels = { month: string; frontStore: string; backStore: string; status: string };

/**
 * Monthly Reports' twelve rows. A client component for what it costs the server: as server components, each row's
 * elements and classes went into the page's React Server Components data beside its HTML (about 2 kB a row); here
 * that data is only the texts above, and the server renders the rows once, as HTML.
 */
export function ReportRowList({ rows, labels }: { rows: ReportRowData[]; labels: ReportRowLabels }) {
  return (
    <div className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-black/5">
      <div
        aria-hidden="true"
        className="hidden grid-cols-[5rem_1fr_1fr_8rem] gap-3 border-b border-secondary-light px-4 py-2 text-xs font-semibold tracking-wide text-gray-700 uppercase sm:grid"
      >
        <span>{labels.month}</span>
        <span>{labels.frontStore}</span>
        <span>{labels.backStore}</span>
        <span className="text-right">{labels.status}</span>
      </div>
      <ul className="divide-y divide-secondary-light">
        {rows.map((r, i) => (
          <li
            key={r.month}
            className="motion-safe:animate-row-in"
            style={{ animationDelay: `${i * 250}ms` }}
            data-testid={`report-row-${r.month}`}
          >
            <IntentLink
              href={r.href}
              className="grid grid-cols-[3.5rem_1fr_auto] items-center gap-x-3 gap-y-1 px-3 py-3 hover:bg-primary-light/60 focus-visible:bg-primary-light focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-gray-900 sm:grid-cols-[5rem_1fr_1fr_8rem] sm:px-4"
            >
              <span className="row-span-2 flex h-12 w-12 flex-col items-center justify-center rounded-full bg-primary text-sm leading-tight font-bold text-gray-900 uppercase sm:row-span-1">
                <span className="sr-only">{r.monthLong} </span>
                <span aria-hidden="true">{r.monthShort}</span>
              </span>{' '}
              <Weight label={labels.frontStore} pounds={r.front} share={r.frontShare} />
              <span
                className={`col-start-3 row-span-2 justify-self-end rounded-full px-3 py-1 text-sm ring-1 sm:col-start-auto sm:row-span-1 ${STATUS_CLASS[r.status]}`}
                data-status={r.status}
              >
                {r.statusText}
              </span>{' '}
              <Weight className="col-start-2 sm:col-start-3 sm:row-start-1" label={labels.backStore} pounds={r.back} share={r.backShare} />
            </IntentLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Weight({ label, pounds, share, className = '' }: { label: string; pounds: string; share?: string; className?: string }) {
  return (
    <span className={`flex flex-col text-sm sm:flex-row sm:flex-wrap sm:items-baseline sm:gap-x-2 ${className}`}>
      <span className="text-xs text-gray-700 sm:sr-only">{label}</span>{' '}
      <span className="whitespace-nowrap">
        <span className="font-semibold text-gray-900 tabular-nums">{pounds}</span>
        {share && (
          <>
            {' '}
            <span className="text-gray-700 tabular-nums">({share})</span>
          </>
        )}
      </span>{' '}
    </span>
  );
}
