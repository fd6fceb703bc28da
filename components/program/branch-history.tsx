'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { donationKeys } from '@/lib/query/donation-keys';
import { api } from '@/lib/query/api-client';
import { AuditTable } from './audit-table';

/**
 * A food bank's history for its own staff (issue 8): every recorded change to its donations, months, stores and
 * people, newest first, with names rather than ids, 50 at a time. Read only when opened (a closed details costs
 * nothing); under donationKeys.all, so any save refreshes it.
 */
export function BranchHistory({ branchId }: { branchId: string }) {
  const t = useTranslations('BranchHistory');
  const history = useInfiniteQuery({
    queryKey: [...donationKeys.all, 'branch-history', branchId],
    queryFn: ({ pageParam, signal }) =>
      api.GET('/branch/{branchId}/history', { params: { path: { branchId }, query: { before: pageParam || undefined } }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    enabled: false,
  });
  return (
    <details
      className="rounded-md bg-white p-3 text-sm shadow-sm ring-1 ring-black/5"
      data-testid="branch-history"
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open && !history.data && !history.isFetching) void history.refetch();
      }}
    >
      <summary className="cursor-pointer font-semibold text-gray-900">{t('title')}</summary>
      <div className="mt-2 flex flex-col gap-2">
        {history.isError ? (
          <p role="alert" className="text-red-800">
            {t('loadError')}
          </p>
        ) : !history.data ? (
          <p role="status">{t('loading')}</p>
        ) : (
          <AuditTable entries={history.data.pages.flatMap((p) => p.entries)} />
        )}
        {history.hasNextPage && (
          <Button
            variant="secondary"
            className="self-start"
            loading={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            {t('older')}
          </Button>
        )}
      </div>
    </details>
  );
}
