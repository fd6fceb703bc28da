'use client';

import { IntentLink } from '@/components/layout/intent-link';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { FormMessage } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { tooLongField, useTooLongText } from '@/components/ui/use-too-long';
import type { ProgramStore, StoreRequest } from '@/lib/domain/program-places';
import { INVITE_TEXT_MAX, SEARCH_TEXT_MAX } from '@/lib/domain/text-limits';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/bff';
import { CsvImport } from './csv-import';
import { StoreCreateForm } from './store-create-form';

/** /program/stores: store requests to approve, a new store, the stores and the branches each serves (link, unlink), CSV import. */
export function StoresScreen({ branches, initialRequests }: { branches: { id: string; name: string }[]; initialRequests: StoreRequest[] }) {
  const t = useTranslations('ProgramStores');
  const errorText = useErrorText();
  const tooLong = useTooLongText();
  const [q, setQ] = useState('');
  const [stores, setStores] = useState<ProgramStore[] | null>(null);
  const [requests, setRequests] = useState(initialRequests);
  const [reason, setReason] = useState('');
  // A FIELD_TOO_LONG on the reason: shown under the reason field until it changes.
  const [reasonTooLong, setReasonTooLong] = useState(false);
  const [linkTo, setLinkTo] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const { confirm, dialog } = useConfirm();

  const load = useCallback(async (query: string) => setStores(await api.GET('/program/stores', { params: { query: { q: query } } })), []);
  useEffect(() => {
    const id = setTimeout(() => void load(q), 250);
    return () => clearTimeout(id);
  }, [q, load]);

  /** One change (its call given the reason typed), then the requests and the stores again. */
  async function act(call: (reason: string) => Promise<unknown>, done: string) {
    setMessage(null);
    setReasonTooLong(false);
    try {
      await call(reason);
      setMessage({ ok: true, text: done });
      setRequests(await api.GET('/program/store-requests'));
      await load(q);
    } catch (err) {
      setReasonTooLong(!!tooLongField(err, { reason: INVITE_TEXT_MAX.reason }));
      setMessage({ ok: false, text: errorText(err instanceof BffError ? err.code : undefined, 'INTERNAL') });
    }
  }

  // A store may serve several branches: linking adds one, unlinking takes one away; the others stay. Donations carry
  // their own branch, so a store's past donations stay where they were logged.
  const setBranches = (s: ProgramStore, branchIds: string[], done: string) =>
    act(
      (reason) => api.PUT('/program/stores/{storeId}/branches', { params: { path: { storeId: s.id } }, body: { branchIds, reason } }),
      done,
    );
  const decide = (requestId: string, approve: boolean, reason: string) =>
    api.POST('/program/store-requests/{requestId}/decision', { params: { path: { requestId } }, body: { approve, reason } });

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <TextField
        label={t('reason')}
        hint={t('reasonHint')}
        value={reason}
        maxLength={INVITE_TEXT_MAX.reason}
        error={reasonTooLong ? tooLong(t('reason'), INVITE_TEXT_MAX.reason) : undefined}
        onChange={(e) => {
          setReason(e.target.value);
          setReasonTooLong(false);
        }}
      />
      {message && <FormMessage severity={message.ok ? 'success' : 'error'}>{message.text}</FormMessage>}
      <section className="flex flex-col gap-2" aria-label={t('requests')}>
        <h2 className="text-lg font-semibold">{t('requests')}</h2>
        {requests.length === 0 && <p>{t('noRequests')}</p>}
        {requests.map((r) => (
          <div key={r.id} className="flex flex-wrap items-center gap-2 rounded-md border border-gray-300 p-3">
            <span className="grow">
              <span className="font-semibold">{[r.retailer, r.banner, r.name, r.number].filter(Boolean).join(' · ')}</span>
              <span className="block text-sm text-gray-700">
                {t('requestedBy', { user: r.requestedBy, branch: r.branchName })}
                {r.address ? ` · ${r.address}` : ''}
              </span>
            </span>
            <Button onClick={() => act((reason) => decide(r.id, true, reason), t('approved'))}>{t('approve')}</Button>
            <Button variant="secondary" onClick={() => act((reason) => decide(r.id, false, reason), t('refused'))}>
              {t('refuse')}
            </Button>
          </div>
        ))}
      </section>
      <StoreCreateForm branches={branches} reason={reason} onCreated={() => void load(q)} onReasonTooLong={() => setReasonTooLong(true)} />
      <CsvImport path="/program/stores/import" onDone={() => void load(q)} />
      <TextField label={t('search')} type="search" value={q} maxLength={SEARCH_TEXT_MAX} onChange={(e) => setQ(e.target.value)} />
      {!stores ? (
        <Spinner />
      ) : (
        <ul className="flex flex-col gap-2">
          {stores.map((s) => (
            <li key={s.id} className="flex flex-wrap items-end gap-2 rounded-md border border-gray-300 p-3">
              <span className="grow">
                <span className="font-semibold">{[s.retailer, s.banner, s.name, s.number].filter(Boolean).join(' · ')}</span>
                {s.branches.length === 0 && <span className="block text-sm text-gray-700">{t('noBranch')}</span>}
              </span>
              <IntentLink href={`/program/stores/${s.id}`} className="text-sm font-semibold underline">
                {t('schedule')}
              </IntentLink>
              <ul className="flex w-full flex-col gap-1" aria-label={t('servedBy', { store: s.name })}>
                {s.branches.map((b) => (
                  <li key={b.branchId} className="flex flex-wrap items-center gap-2">
                    <span className="grow">{b.branchName}</span>
                    <Button
                      variant="ghost"
                      aria-label={t('unlinkFrom', { store: s.name, branch: b.branchName })}
                      onClick={() =>
                        confirm({
                          title: t('unlinkTitle', { store: s.name, branch: b.branchName }),
                          description: t('unlinkText', { branch: b.branchName }),
                          confirmLabel: t('unlink'),
                          run: () =>
                            setBranches(
                              s,
                              s.branches.map((x) => x.branchId).filter((x) => x !== b.branchId),
                              t('unlinked'),
                            ),
                        })
                      }
                    >
                      {t('unlink')}
                    </Button>
                  </li>
                ))}
              </ul>
              <label className="flex flex-col text-sm font-medium">
                {t('linkTo')}
                <select
                  className="min-h-11 rounded-md border border-gray-400 px-2"
                  value={linkTo[s.id] ?? ''}
                  onChange={(e) => setLinkTo({ ...linkTo, [s.id]: e.target.value })}
                >
                  <option value="">{t('choose')}</option>
                  {branches
                    .filter((b) => !s.branches.some((x) => x.branchId === b.id))
                    .map((b) => (
                      <option key={b.id} value={b.id}>
                        {b.name}
                      </option>
                    ))}
                </select>
              </label>
              <Button
                variant="secondary"
                disabled={!linkTo[s.id]}
                onClick={() => {
                  const to = linkTo[s.id];
                  if (to) setBranches(s, [...s.branches.map((x) => x.branchId), to], t('linked'));
                }}
              >
                {t('link')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </div>
  );
}
