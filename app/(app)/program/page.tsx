import { OversightMonth } from '@/components/program/oversight-month';
import { RemindersPanel } from '@/components/program/reminders-panel';
import { ReopenRequestsPanel } from '@/components/program/reopen-requests';
import { monthParam } from '@/components/program/search-params';
import { appTimeZone } from '@/lib/server/env';

/**
 * /program: the open reopening requests (program-workflow) above the oversight month view, and the reminders sent
 * for the chosen month below it.
 */
export default async function ProgramPage({ searchParams }: PageProps<'/program'>) {
  const sp = await searchParams;
  const { year, month } = monthParam(sp, appTimeZone());
  return (
    <div className="flex flex-col gap-4">
      <ReopenRequestsPanel />
      <OversightMonth searchParams={sp} />
      <RemindersPanel year={year} month={month} />
    </div>
  );
}
