'use client';

import { signIn } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SubmitButton } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { PasswordField } from '@/components/ui/password-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { useTooLongText } from '@/components/ui/use-too-long';
import { isValidPassword } from '@/lib/domain/password-rules';
import type { InvitationInfo } from '@/lib/domain/program-people';
import { SIGN_IN_TEXT_MAX } from '@/lib/domain/text-limits';

/** The invitee chooses their own password (docs/product.md, Change password), then lands signed in on their branch. */
export function InvitationForm({ token, info }: { token: string; info: InvitationInfo }) {
  const t = useTranslations('Invitation');
  const tp = useTranslations('ChangePasswordPage');
  const errorText = useErrorText();
  const tooLong = useTooLongText();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; form?: string }>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const next: typeof errors = {};
    if (!isValidPassword(password)) next.password = errorText('PWD_NEW_VALIDATE', 'PWD_NEW_VALIDATE');
    else if (confirm !== password) next.confirm = errorText('PWD_CONFIRM_VALIDATE', 'PWD_CONFIRM_VALIDATE');
    setErrors(next);
    if (next.password || next.confirm) return;
    setPending(true);
    const res = await signIn('invitation', { redirect: false, token, password }).catch(() => null);
    // A full load, so the signed-in layout is rendered by the server with the new session.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    if (res?.ok && !res.error) return window.location.assign('/');
    setPending(false);
    // next-auth passes on the API's code only, not its field: the password is the one text typed here.
    if (res?.error === 'FIELD_TOO_LONG') setErrors({ password: tooLong(tp('newPassword'), SIGN_IN_TEXT_MAX.password) });
    else setErrors({ form: errorText(res?.error, 'INVITATION_INVALID') });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={pending}>
      <p className="text-base text-gray-800">
        {info.branchName ? t('introBranch', { username: info.username, branch: info.branchName }) : t('intro', { username: info.username })}
      </p>
      {errors.form && <FormMessage>{errors.form}</FormMessage>}
      <PasswordField
        label={tp('newPassword')}
        hint={t('policy')}
        autoComplete="new-password"
        required
        maxLength={SIGN_IN_TEXT_MAX.password}
        value={password}
        error={errors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <PasswordField
        label={tp('confirmPassword')}
        autoComplete="new-password"
        required
        maxLength={SIGN_IN_TEXT_MAX.password}
        value={confirm}
        error={errors.confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <SubmitButton loading={pending}>{t('submit')}</SubmitButton>
    </form>
  );
}
