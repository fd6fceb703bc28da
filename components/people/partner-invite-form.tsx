'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { SubmitButton } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import type { PartnerScope } from '@/lib/domain/partner';
import { INVITE_TEXT_MAX } from '@/lib/domain/text-limits';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/bff';
import { PartnerStorePicker, type PickedStore } from './partner-store-picker';

/** A retailer on file with its banners (GET /program/partners). */
export type PartnerRetailer = { id: string; name: string; banners: { id: string; name: string }[] };

type ScopeKind = PartnerScope['kind'];
type Field = 'email' | 'username' | 'retailer' | 'banner' | 'stores' | 'reason';
/** The fields in the order they appear: the first refused one takes the focus. */
const ORDER: Field[] = ['email', 'username', 'retailer', 'banner', 'stores', 'reason'];
// A plain check of the shape: the API has the last word (USER_EMAIL_VALIDATE), this only spares a round trip.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// The API takes at most 200 stores in one scope (partnerScopeSchema).
const MAX_STORES = 200;

/**
 * A retail partner's invitation: the e-mail, how they sign in (a password they choose, or the customer single
 * sign-on), the language of the mail, what they may see (the retailer's stores, one banner's or some stores) and the
 * administrator's reason (audited). POST /program/users/invite-partner.
 */
export function PartnerInviteForm({ retailers, onInvited }: { retailers: PartnerRetailer[]; onInvited: () => void }) {
  const t = useTranslations('PeopleInvite');
  const tp = useTranslations('ProgramUsers');
  const errorText = useErrorText();
  const base = useId();
  const ids = Object.fromEntries(ORDER.map((f) => [f, `${base}-${f}`])) as Record<Field, string>;
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [locale, setLocale] = useState<'en' | 'fr'>('en');
  const [loginType, setLoginType] = useState<'1' | '3'>('1');
  const [retailerId, setRetailerId] = useState('');
  const [kind, setKind] = useState<ScopeKind>('retailer');
  const [bannerId, setBannerId] = useState('');
  const [stores, setStores] = useState<PickedStore[]>([]);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const retailer = retailers.find((r) => r.id === retailerId);

  /** A field changed: its message goes (the others stay until the next send). */
  const fixed = (field: Field) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  function chooseRetailer(id: string) {
    fixed('retailer');
    setRetailerId(id);
    // Banners and stores belong to one retailer: a choice made for another one no longer applies.
    setBannerId('');
    setStores([]);
    if (kind === 'banner' && !retailers.find((r) => r.id === id)?.banners.length) setKind('retailer');
  }

  function check(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (!EMAIL.test(email.trim())) found.email = errorText('USER_EMAIL_VALIDATE', 'USER_EMAIL_VALIDATE');
    if (!retailer) found.retailer = tp('partnerRetailerRequired');
    else if (kind === 'banner' && !bannerId) found.banner = tp('partnerBannerRequired');
    else if (kind === 'stores' && stores.length === 0) found.stores = tp('partnerStoresRequired');
    else if (kind === 'stores' && stores.length > MAX_STORES) found.stores = tp('partnerStoresTooMany', { max: MAX_STORES });
    if (!reason.trim()) found.reason = errorText('REASON_REQUIRED', 'REASON_REQUIRED');
    return found;
  }

  function refuse(found: Partial<Record<Field, string>>) {
    setErrors(found);
    const first = ORDER.find((f) => found[f]);
    if (first) document.getElementById(ids[first])?.focus();
  }

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    setResult(null);
    const found = check();
    if (Object.keys(found).length) return refuse(found);
    setErrors({});
    const scope: PartnerScope =
      kind === 'banner'
        ? { kind, bannerId }
        : kind === 'stores'
          ? { kind, storeIds: stores.map((s) => s.id) }
          : { kind: 'retailer', retailerId };
    setPending(true);
    try {
      const r = await api.POST('/program/users/invite-partner', {
        body: { email: email.trim(), username: username.trim() || undefined, loginType: Number(loginType) as 1 | 3, locale, scope, reason },
      });
      setResult({ ok: true, text: t(r.mail === 'queued' ? 'queued' : 'sent', { username: r.username }) });
      setEmail('');
      setUsername('');
      setReason('');
      onInvited();
    } catch (err) {
      const code = err instanceof BffError ? err.code : undefined;
      // A refusal that names a field is shown there too (and that field takes the focus).
      const field: Field | undefined =
        code === 'USER_EMAIL_VALIDATE'
          ? 'email'
          : code === 'USER_TAKEN'
            ? 'username'
            : code === 'REASON_REQUIRED'
              ? 'reason'
              : code === 'PARTNER_SCOPE'
                ? ({ retailer: 'retailer', banner: 'banner', stores: 'stores' } as const)[kind]
                : undefined;
      setResult({ ok: false, text: errorText(code, 'INTERNAL') });
      if (field) refuse({ [field]: errorText(code, 'INTERNAL') });
    }
    setPending(false);
  }

  const kinds: { value: ScopeKind; label: string; disabled?: boolean }[] = [
    { value: 'retailer', label: tp('partnerScopeRetailer') },
    { value: 'banner', label: tp('partnerScopeBanner'), disabled: !!retailer && retailer.banners.length === 0 },
    { value: 'stores', label: tp('partnerScopeStores') },
  ];

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2" aria-busy={pending} aria-label={tp('partnerFormLabel')}>
      {result && (
        <div className="sm:col-span-2">
          <FormMessage severity={result.ok ? 'success' : 'error'}>{result.text}</FormMessage>
        </div>
      )}
      <TextField
        id={ids.email}
        label={t('email')}
        type="email"
        autoComplete="off"
        required
        maxLength={INVITE_TEXT_MAX.email}
        error={errors.email}
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          fixed('email');
        }}
      />
      <TextField
        id={ids.username}
        label={t('username')}
        hint={t('usernameHint')}
        autoCapitalize="none"
        maxLength={INVITE_TEXT_MAX.username}
        error={errors.username}
        value={username}
        onChange={(e) => {
          setUsername(e.target.value);
          fixed('username');
        }}
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
      <SelectField
        label={t('loginType')}
        hint={loginType === '3' ? tp('partnerSsoHint') : undefined}
        value={loginType}
        onChange={(e) => setLoginType(e.target.value as '1' | '3')}
        options={[
          { value: '1', label: t('password') },
          { value: '3', label: tp('partnerSso') },
        ]}
      />
      <SelectField
        id={ids.retailer}
        label={tp('partnerRetailer')}
        required
        placeholder={t('choose')}
        error={errors.retailer}
        value={retailerId}
        onChange={(e) => chooseRetailer(e.target.value)}
        options={retailers.map((r) => ({ value: r.id, label: r.name }))}
        containerClassName="sm:col-span-2"
      />
      <fieldset className="flex flex-col gap-1 sm:col-span-2">
        <legend className="text-sm font-semibold text-gray-800">{tp('partnerScope')}</legend>
        <div className="flex flex-col sm:flex-row sm:flex-wrap sm:gap-x-6">
          {kinds.map((k) => (
            <label key={k.value} className={`flex min-h-11 items-center gap-2 text-base ${k.disabled ? 'text-gray-600' : ''}`}>
              <input
                type="radio"
                name={`${base}-scope`}
                className="h-5 w-5"
                checked={kind === k.value}
                disabled={k.disabled}
                onChange={() => {
                  setKind(k.value);
                  fixed('banner');
                  fixed('stores');
                }}
              />
              {k.label}
            </label>
          ))}
        </div>
        {retailer && retailer.banners.length === 0 && <p className="text-sm text-gray-700">{tp('partnerNoBanners')}</p>}
      </fieldset>
      {kind === 'banner' && retailer && (
        <SelectField
          id={ids.banner}
          label={tp('partnerBanner')}
          required
          placeholder={t('choose')}
          error={errors.banner}
          value={bannerId}
          onChange={(e) => {
            setBannerId(e.target.value);
            fixed('banner');
          }}
          options={retailer.banners.map((b) => ({ value: b.id, label: b.name }))}
          containerClassName="sm:col-span-2"
        />
      )}
      {kind === 'stores' && retailer && (
        <div className="sm:col-span-2">
          <PartnerStorePicker
            key={retailer.id}
            searchId={ids.stores}
            retailerName={retailer.name}
            chosen={stores}
            onChange={(picked) => {
              setStores(picked);
              fixed('stores');
            }}
            error={errors.stores}
          />
        </div>
      )}
      <TextField
        id={ids.reason}
        label={t('reason')}
        required
        maxLength={INVITE_TEXT_MAX.reason}
        error={errors.reason}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          fixed('reason');
        }}
        containerClassName="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <SubmitButton loading={pending}>{t('submit')}</SubmitButton>
      </div>
    </form>
  );
}
