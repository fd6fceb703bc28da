'use client';

import { IntentLink } from '@/components/layout/intent-link';
import type { ReportStatus } from '@/lib/domain/report-status';
import { MARK, STATUS_CLASS } from './status-badge';

/** The words of the year grid, read once on the server and shared by every row. */
export type YearRowLabels = { statuses: Record<ReportStatus, string>; deactivated: string; notBegun: string };

/**
 * One food bank's row of the year view: its name, province and months behind, then a cell per month. A client
 * component only so that the page's React Server Components data carries the row's twelve statuses, not the twelve
 * cells' markup a second time (a page of 25 rows was 94 kB of it); it renders the same HTML on the server.
 */
export function YearRow({
  branchId,
  name,
  summary,
  behind,
  months,
  year,
  deactivatedOn,
  labels,
}: {
  branchId: string;
  name: string;
  summary: string;
  behind: boolean;
  months: (ReportStatus | null)[];
  year: number;
  deactivatedOn: string | null;
  labels: YearRowLabels;
}) {
  return (
    <tr data-testid="year-row">
      <th
        scope="row"
        className="sticky left-0 z-10 max-w-40 border-b border-secondary-light bg-white px-3 py-1.5 text-left font-semibold sm:max-w-none"
      >
        <IntentLink href={`/program/branches/${branchId}?year=${year}`} className="underline underline-offset-2">
          {name}
        </IntentLink>
        <span className={`block text-xs font-normal ${behind ? 'text-red-800' : 'text-gray-700'}`}>{summary}</span>
      </th>
      {months.map((s, i) => (
        <td key={i} className="year-cell" data-status={s ?? 'none'}>
          {s ? (
            <>
              <span aria-hidden="true" className={`year-mark ${STATUS_CLASS[s]}`}>
                {MARK[s]}
              </span>
              <span className="sr-only">{labels.statuses[s]}</span>
            </>
          ) : (
            <>
              <span aria-hidden="true" className="text-gray-500">
                –
              </span>
              <span className="sr-only">
                {deactivatedOn && `${year}-${String(i + 1).padStart(2, '0')}` >= deactivatedOn.slice(0, 7)
                  ? labels.deactivated
                  : labels.notBegun}
              </span>
            </>
          )}
        </td>
      ))}
    </tr>
  );
}
