'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { BranchHistory } from '@/components/program/branch-history';
import { donationKeys } from '@/web/query/donation-keys';
import { api } from '@/web/query/api-client';

// Loaded only for a month with something of the workflow to show: the open month being filled in, the usual visit,
// has none, and the month page is at its JavaScript budget (docs/benchmarks.md, bench:web).
const MonthReopenDetails = dynamic(() => import('./month-reopen-details').then((m) => m.MonthReopenDetails), { ssr: false });

type Props = { branchId: string; year: number; month: number; locked: boolean };

// Under donationKeys.all, so a submit (which marks that stale) reloads the history too.
const monthHistoryKey = (branchId: string, year: number, month: number) => [...donationKeys.all, 'history', branchId, year, month] as const;

/**
 * The reopening workflow on the month page: beside the submitted note, a request with a reason; the
 * request's state and the program's answer; and every submission of the month with its totals.
 */
export function MonthReopen({ branchId, year, month, locked }: Props) {
  const t = useTranslations('MonthReopen');
  const key = monthHistoryKey(branchId, year, month);
  const history = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.GET('/branch/{branchId}/{year}/{month}/history', { params: { path: { branchId, year, month } }, signal }),
    enabled: !!branchId,
  });
  const some = !!history.data && (history.data.requests.length > 0 || history.data.submissions.length > 0);
  return (
    <div className="flex flex-col gap-3">
      {(locked || some || history.isError) && (
        <MonthReopenDetails branchId={branchId} year={year} month={month} locked={locked} history={history} historyKey={key} />
      )}
      {branchId && <BranchHistory branchId={branchId} />}
      {history.isPending && <span className="sr-only">{t('loading')}</span>}
    </div>
  );
}
