'use client';

import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { FormMessage } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { tooLongField, useTooLongText } from '@/components/ui/use-too-long';
import type { ProgramUser, ProgramUsersAnswer } from '@/lib/domain/program-people';
import { INVITE_TEXT_MAX, SEARCH_TEXT_MAX } from '@/lib/domain/text-limits';
import { zonedMomentFormatter } from '@/lib/domain/zoned-time';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/bff';
import { AdminInvite } from './admin-invite';
import type { PartnerRetailer } from './partner-invite-form';
import { RoleEditor } from './role-editor';

const LOGIN_TYPES: Record<number, string> = { 0: '—', 1: 'password', 2: 'Azure AD', 3: 'Azure AD B2C' };

/** /program/users: search, invite, and every change with its reason (kept in the audit log). */
export function UsersScreen({ branches, retailers }: { branches: { id: string; name: string }[]; retailers: PartnerRetailer[] }) {
  const t = useTranslations('ProgramUsers');
  const locale = useLocale();
  // APP_TIME_ZONE, which web/i18n/request.ts gives next-intl; next-intl types it as optional, hence APP_TIME_ZONE's default.
  const timeZone = useTimeZone() ?? 'America/Toronto';
  const errorText = useErrorText();
  const tooLong = useTooLongText();
  const [q, setQ] = useState('');
  const [data, setData] = useState<ProgramUsersAnswer | null>(null);
  const [loading, setLoading] = useState(true);
  const [open, setOpen] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  // A FIELD_TOO_LONG on the reason: shown under the reason field until it changes.
  const [reasonTooLong, setReasonTooLong] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [linkTo, setLinkTo] = useState('');
  const { confirm, dialog } = useConfirm();

  const load = useCallback(async (query: string) => {
    setLoading(true);
    try {
      setData(await api.GET('/program/users', { params: { query: { q: query } } }));
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    const id = setTimeout(() => void load(q), 250);
    return () => clearTimeout(id);
  }, [q, load]);

  /** One change (its call given the reason typed), then the list again. */
  async function act(call: (reason: string) => Promise<unknown>, done: string) {
    setBusy(true);
    setMessage(null);
    setReasonTooLong(false);
    try {
      const answer = await call(reason);
      // A link's mail that waits in the outbox (no mail server yet) is said to wait, not to be sent.
      const queued = (answer as { mail?: string } | undefined)?.mail === 'queued';
      setMessage({ ok: true, text: queued ? t('mailQueued') : done });
      setReason('');
      await load(q);
    } catch (err) {
      // Every refusal has its own code (ADMIN_SELF_ROLE, REASON_REQUIRED…), shown in the user's language.
      setReasonTooLong(!!tooLongField(err, { reason: INVITE_TEXT_MAX.reason }));
      setMessage({ ok: false, text: errorText(err instanceof BffError ? err.code : undefined, 'INTERNAL') });
    }
    setBusy(false);
  }

  const onUser = (userId: string) => ({ params: { path: { userId } } });
  /** Links a user to a branch, or changes the lead flag of a link. */
  const setLink = (userId: string, branchId: string, lead: boolean, reason: string) =>
    api.PUT('/program/users/{userId}/branches/{branchId}', { params: { path: { userId, branchId } }, body: { lead, reason } });

  // In the app's time zone with the zone named, as the program's other times: the same text whatever the browser's zone.
  const moment = useMemo(() => zonedMomentFormatter(locale, timeZone), [locale, timeZone]);
  const when = (iso: string | null) => (iso ? moment(iso) : t('never'));
  // A partner's scope as the list names it: the retailer, and its banner or the number of its stores when narrower.
  const partnerScope = (p: NonNullable<ProgramUser['partner']>) =>
    p.storeIds.length
      ? t('listStores', { retailer: p.retailerName, count: p.storeIds.length })
      : p.bannerName
        ? t('listBanner', { retailer: p.retailerName, banner: p.bannerName })
        : p.retailerName;
  const status = (u: ProgramUser) => (u.disabled ? t('deactivated') : u.invitationPending ? t('invited') : t('active'));

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <AdminInvite branches={branches} retailers={retailers} onInvited={() => void load(q)} />
      <TextField label={t('search')} type="search" value={q} maxLength={SEARCH_TEXT_MAX} onChange={(e) => setQ(e.target.value)} />
      {message && <FormMessage severity={message.ok ? 'success' : 'error'}>{message.text}</FormMessage>}
      {loading && !data ? (
        <Spinner />
      ) : (
        <ul className="flex flex-col gap-2" aria-busy={loading}>
          {data?.users.map((u) => (
            <li key={u.id} className="rounded-md border border-gray-300 p-3">
              <button
                type="button"
                className="flex w-full flex-wrap items-baseline justify-between gap-2 text-left"
                aria-expanded={open === u.id}
                onClick={() => setOpen(open === u.id ? null : u.id)}
              >
                <span className="font-semibold">{u.username}</span>
                <span className="text-sm text-gray-700">{u.email}</span>
                <span className="text-sm">{status(u)}</span>
              </button>
              <dl className="mt-2 grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
                <div>
                  <dt className="inline font-medium">{t('loginType')}: </dt>
                  <dd className="inline">{u.loginType === 1 ? t('password') : LOGIN_TYPES[u.loginType]}</dd>
                </div>
                {u.partner ? (
                  // A retail partner has no program role and no branch: their scope is what they are.
                  <div>
                    <dt className="inline font-medium">{t('partner')}: </dt>
                    <dd className="inline">{partnerScope(u.partner)}</dd>
                  </div>
                ) : (
                  <>
                    <div>
                      <dt className="inline font-medium">{t('role')}: </dt>
                      <dd className="inline">
                        {u.program
                          ? `${t(u.program.role)}${u.program.provinces.length ? ` (${u.program.provinces.join(', ')})` : ''}`
                          : t('branchStaff')}
                      </dd>
                    </div>
                    <div>
                      <dt className="inline font-medium">{t('branches')}: </dt>
                      <dd className="inline">
                        {u.branches.map((b) => `${b.branchName}${b.lead ? ` (${t('lead')})` : ''}`).join(', ') || '—'}
                      </dd>
                    </div>
                  </>
                )}
                <div>
                  <dt className="inline font-medium">{t('lastSignIn')}: </dt>
                  <dd className="inline">{when(u.lastSignIn)}</dd>
                </div>
              </dl>
              {open === u.id && (
                <div className="mt-3 flex flex-col gap-3 border-t border-gray-200 pt-3">
                  <TextField
                    label={t('reason')}
                    required
                    value={reason}
                    maxLength={INVITE_TEXT_MAX.reason}
                    error={reasonTooLong ? tooLong(t('reason'), INVITE_TEXT_MAX.reason) : undefined}
                    onChange={(e) => {
                      setReason(e.target.value);
                      setReasonTooLong(false);
                    }}
                  />
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant={u.disabled ? 'primary' : 'danger'}
                      loading={busy}
                      onClick={() => {
                        const toggle = () =>
                          act(
                            (reason) =>
                              api.PUT('/program/users/{userId}/status', { ...onUser(u.id), body: { disabled: !u.disabled, reason } }),
                            t('saved'),
                          );
                        // Reactivating gives access back and needs no second thought; deactivating asks first.
                        if (u.disabled) void toggle();
                        else
                          confirm({
                            title: t('deactivateTitle', { name: u.username }),
                            description: t('deactivateText'),
                            confirmLabel: t('deactivate'),
                            run: toggle,
                          });
                      }}
                    >
                      {u.disabled ? t('reactivate') : t('deactivate')}
                    </Button>
                    {u.invitationPending && (
                      <Button
                        variant="secondary"
                        loading={busy}
                        onClick={() =>
                          act(
                            (reason) => api.POST('/program/users/{userId}/resend-invitation', { ...onUser(u.id), body: { reason } }),
                            t('mailSent'),
                          )
                        }
                      >
                        {t('resend')}
                      </Button>
                    )}
                    {u.loginType === 1 && !u.invitationPending && (
                      <Button
                        variant="secondary"
                        loading={busy}
                        onClick={() =>
                          act(
                            (reason) => api.POST('/program/users/{userId}/password-reset', { ...onUser(u.id), body: { reason } }),
                            t('mailSent'),
                          )
                        }
                      >
                        {t('reset')}
                      </Button>
                    )}
                  </div>
                  {/* A partner belongs to no branch and has no program role: their scope is what was set when they were invited. */}
                  {!u.partner && (
                    <>
                      <RoleEditor
                        key={`${u.id}-${u.program?.role ?? 'none'}-${u.program?.provinces.join() ?? ''}`}
                        user={u}
                        busy={busy}
                        onSave={(body) =>
                          act(
                            (reason) => api.PUT('/program/users/{userId}/role', { ...onUser(u.id), body: { ...body, reason } }),
                            t('saved'),
                          )
                        }
                      />
                      <ul className="flex flex-col gap-2">
                        {u.branches.map((b) => (
                          <li key={b.branchId} className="flex flex-wrap items-center gap-2">
                            <span className="grow">{b.branchName}</span>
                            <Button
                              variant="ghost"
                              loading={busy}
                              onClick={() => act((reason) => setLink(u.id, b.branchId, !b.lead, reason), t('saved'))}
                            >
                              {b.lead ? t('unmakeLead') : t('makeLead')}
                            </Button>
                            <Button
                              variant="ghost"
                              loading={busy}
                              onClick={() =>
                                confirm({
                                  title: t('unlinkTitle', { name: u.username, branch: b.branchName }),
                                  description: t('unlinkText', { branch: b.branchName }),
                                  confirmLabel: t('unlink'),
                                  run: () =>
                                    act(
                                      (reason) =>
                                        api.POST('/program/users/{userId}/branches/{branchId}/unlink', {
                                          params: { path: { userId: u.id, branchId: b.branchId } },
                                          body: { reason },
                                        }),
                                      t('saved'),
                                    ),
                                })
                              }
                            >
                              {t('unlink')}
                            </Button>
                          </li>
                        ))}
                      </ul>
                      <div className="flex flex-wrap items-end gap-2">
                        <label className="flex flex-col text-sm font-medium">
                          {t('linkBranch')}
                          <select
                            className="min-h-11 rounded-md border border-gray-400 px-2"
                            value={linkTo}
                            onChange={(e) => setLinkTo(e.target.value)}
                          >
                            <option value="">{t('choose')}</option>
                            {branches.map((b) => (
                              <option key={b.id} value={b.id}>
                                {b.name}
                              </option>
                            ))}
                          </select>
                        </label>
                        <Button
                          variant="secondary"
                          disabled={!linkTo}
                          loading={busy}
                          onClick={() => act((reason) => setLink(u.id, linkTo, false, reason), t('saved'))}
                        >
                          {t('link')}
                        </Button>
                      </div>
                    </>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {data && <p className="text-sm text-gray-700">{t('count', { shown: data.users.length, total: data.total })}</p>}
      {dialog}
    </div>
  );
}
