'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { StoreRequest } from '@/lib/domain/program-places';
import { api } from '@/web/query/api-client';

/**
 * The branch's store requests and their outcome: waiting, approved (the store is in the list now) or refused
 * with the administrator's reason. The same outcome also reaches the requester by e-mail. Read again when `version`
 * changes (a request was just sent). A plain fetch, not react-query: this sits on the add form, whose page carries no
 * react-query (10 kB).
 */
export function StoreRequestStatus({ branchId, version }: { branchId: string; version: number }) {
  const t = useTranslations('StoreRequest');
  const locale = useLocale() === 'fr' ? 'fr-CA' : 'en-CA';
  const [requests, setRequests] = useState<StoreRequest[]>([]);
  useEffect(() => {
    const ctrl = new AbortController();
    // A failed read shows nothing: the list is a reminder, and the outcome also comes by e-mail.
    api
      .GET('/branch/{branchId}/store-requests', { params: { path: { branchId } }, signal: ctrl.signal })
      .then(setRequests, () => undefined);
    return () => ctrl.abort();
  }, [branchId, version]);
  if (!requests.length) return null;
  return (
    <section aria-label={t('yourRequests')} className="flex flex-col gap-1 text-sm">
      <h3 className="font-semibold">{t('yourRequests')}</h3>
      <ul className="flex flex-col gap-1">
        {requests.map((r) => (
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
