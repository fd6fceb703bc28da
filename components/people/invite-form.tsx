'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SubmitButton } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { INVITE_TEXT_MAX } from '@/lib/domain/text-limits';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/bff';

type Props = (
  | /** A program administrator: any branch, lead or not, any login type. */
    { mode: 'admin'; branches: { id: string; name: string }[]; onInvited: () => void }
    /** A branch lead: colleagues of their own branch only. */
  | { mode: 'lead'; branchId: string; onInvited: () => void }
) & {
  /** False when the section around the form already shows the title (the administrator's choice of who is invited). */
  heading?: boolean;
};

/** Invite by e-mail: the invitee receives a link to choose their own password (or to sign in with their provider). */
export function InviteForm(props: Props) {
  const t = useTranslations('PeopleInvite');
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [locale, setLocale] = useState<'en' | 'fr'>('en');
  const [branchId, setBranchId] = useState('');
  const [loginType, setLoginType] = useState<'1' | '2' | '3'>('1');
  const [lead, setLead] = useState(false);
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [reasonError, setReasonError] = useState('');
  // An administrator's invitation says why (audited); a lead's invitation is its own reason.
  const reasonRequired = props.mode === 'admin';

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setResult(null);
    setReasonError('');
    if (reasonRequired && !reason.trim()) {
      setReasonError(errorText('REASON_REQUIRED', 'REASON_REQUIRED'));
      return;
    }
    setPending(true);
    try {
      const common = { email, username: username.trim() || undefined, locale, reason };
      const r =
        props.mode === 'admin'
          ? await api.POST('/program/users/invite', {
              body: { ...common, branchId, lead, loginType: Number(loginType) as 1 | 2 | 3 },
            })
          : await api.POST('/branch/{branchId}/people/invite', { params: { path: { branchId: props.branchId } }, body: common });
      // Without a mail server yet the invitation waits in the outbox: said so, not 'sent'.
      setResult({ ok: true, text: t(r.mail === 'queued' ? 'queued' : 'sent', { username: r.username }) });
      setEmail('');
      setUsername('');
      setReason('');
      props.onInvited();
    } catch (err) {
      const code = err instanceof BffError ? err.code : undefined;
      if (code === 'REASON_REQUIRED') setReasonError(errorText(code, 'INTERNAL'));
      setResult({ ok: false, text: errorText(code, 'INTERNAL') });
    }
    setPending(false);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2" aria-busy={pending} aria-label={t('title')}>
      {props.heading !== false && <h2 className="text-lg font-semibold sm:col-span-2">{t('title')}</h2>}
      {result && (
        <div className="sm:col-span-2">
          <FormMessage severity={result.ok ? 'success' : 'error'}>{result.text}</FormMessage>
        </div>
      )}
      <TextField
        label={t('email')}
        type="email"
        autoComplete="off"
        required
        maxLength={INVITE_TEXT_MAX.email}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label={t('username')}
        hint={t('usernameHint')}
        autoCapitalize="none"
        maxLength={INVITE_TEXT_MAX.username}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <SelectField
        label={t('language')}
        value={locale}
        onChange={(e) => setLocale(e.target.value as 'en' | 'fr')}
        options={[
          { value: 'en', label: 'English' },
          { value: 'fr', label: 'Français' },
        ]}
      />
      {props.mode === 'admin' && (
        <>
          <SelectField
            label={t('branch')}
            required
            placeholder={t('choose')}
            value={branchId}
            onChange={(e) => setBranchId(e.target.value)}
            options={props.branches.map((b) => ({ value: b.id, label: b.name }))}
          />
          <SelectField
            label={t('loginType')}
            value={loginType}
            onChange={(e) => setLoginType(e.target.value as '1' | '2' | '3')}
            options={[
              { value: '1', label: t('password') },
              { value: '2', label: 'Azure AD' },
              { value: '3', label: 'Azure AD B2C' },
            ]}
          />
          <label className="flex min-h-11 items-center gap-2 text-base">
            <input type="checkbox" className="h-5 w-5" checked={lead} onChange={(e) => setLead(e.target.checked)} />
            {t('lead')}
          </label>
        </>
      )}
      <TextField
        label={reasonRequired ? t('reason') : t('reasonOptional')}
        required={reasonRequired}
        error={reasonError || undefined}
        maxLength={INVITE_TEXT_MAX.reason}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        containerClassName="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <SubmitButton loading={pending} disabled={!email.trim() || (props.mode === 'admin' && !branchId)}>
          {t('submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
