import { withPageMessages } from '@/components/i18n/client-messages';
import { OpenQueriesNotice } from '@/components/program/open-queries-notice';
import { OversightMonth } from '@/components/program/oversight-month';
import { RemindersPanel } from '@/components/program/reminders-panel';
import { ReopenRequestsPanel } from '@/components/program/reopen-requests';
import { monthParam } from '@/components/program/search-params';
import { seedOf } from '@/web/query/seed';
import { appTimeZone } from '@/web/server/env';
import { screenApiOrNull } from '@/web/server/optional-screen-data';

/**
 * /program: the open reopening requests (program-workflow) and the number of retail partners' open questions above
 * the oversight month view, and the reminders sent for the chosen month below it. The panels' lists are read here
 * too, so the page arrives with them and the oversight below does not move down when they come (a failed read leaves
 * the two panels to the browser, and no line on questions).
 */
async function ProgramPage({ searchParams }: PageProps<'/program'>) {
  const sp = await searchParams;
  const { year, month } = monthParam(sp, appTimeZone());
  const returnTo = `/program?year=${year}&month=${month}`;
  const [requests, reminders, queries] = await Promise.all([
    screenApiOrNull('/program/reopen-requests', { params: { query: { status: 'open' } }, returnTo }),
    screenApiOrNull('/program/reminders', { params: { query: { year, month } }, returnTo }),
    // Retail partners' open questions: only their number is shown here, with the way to /program/queries.
    screenApiOrNull('/program/partner-queries', { params: { query: { status: 'open' } }, returnTo }),
  ]);
  return (
    <div className="flex flex-col gap-4">
      <ReopenRequestsPanel seed={seedOf(requests)} />
      <OpenQueriesNotice count={queries?.queries.length ?? 0} />
      <OversightMonth searchParams={sp} />
      <RemindersPanel year={year} month={month} seed={seedOf(reminders)} />
    </div>
  );
}

export default withPageMessages('programMonth', ProgramPage);
