'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { api } from '@/lib/query/api-client';

export const storeRequestsKey = (branchId: string) => ['store-requests', branchId] as const;

/**
 * The branch's store requests and their outcome (issue 9): waiting, approved (the store is in the list now) or refused
 * with the administrator's reason. The same outcome also reaches the requester by e-mail.
 */
export function StoreRequestStatus({ branchId }: { branchId: string }) {
  const t = useTranslations('StoreRequest');
  const locale = useLocale() === 'fr' ? 'fr-CA' : 'en-CA';
  const query = useQuery({
    queryKey: storeRequestsKey(branchId),
    queryFn: ({ signal }) => api.GET('/branch/{branchId}/store-requests', { params: { path: { branchId } }, signal }),
  });
  if (!query.data?.length) return null;
  return (
    <section aria-label={t('yourRequests')} className="flex flex-col gap-1 text-sm">
      <h3 className="font-semibold">{t('yourRequests')}</h3>
      <ul className="flex flex-col gap-1">
        {query.data.map((r) => (
          <li key={r.id}>
            {[r.retailer, r.banner, r.name, r.number].filter(Boolean).join(' · ')} ({new Date(r.createdAt).toLocaleDateString(locale)}
            ):{' '}
            <span className="font-semibold">
              {r.status === 'approved' ? t('statusApproved') : r.status === 'refused' ? t('statusRefused') : t('statusOpen')}
            </span>
            {r.status === 'refused' && r.decisionReason ? ` — ${r.decisionReason}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
