'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { donationKeys } from '@/web/query/donation-keys';
import { api } from '@/web/query/api-client';
import { AuditTable } from './audit-table';

/** The entries of a food bank's history, 50 at a time; under donationKeys.all, so any save refreshes them. */
export function BranchHistoryEntries({ branchId }: { branchId: string }) {
  const t = useTranslations('BranchHistory');
  const history = useInfiniteQuery({
    queryKey: [...donationKeys.all, 'branch-history', branchId],
    queryFn: ({ pageParam, signal }) =>
      api.GET('/branch/{branchId}/history', { params: { path: { branchId }, query: { before: pageParam || undefined } }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
  return (
    <>
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
    </>
  );
}
