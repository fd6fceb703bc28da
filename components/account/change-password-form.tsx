'use client';

import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { usePendingRouter } from '@/components/layout/navigation-pending';
import { Button, SubmitButton } from '@/components/ui/button';
import { useBanner } from '@/components/ui/banner';
import { FormActions } from '@/components/ui/form-actions';
import { PasswordField } from '@/components/ui/password-field';
import { useErrorText, type ErrorKey } from '@/components/ui/use-error-text';
import { tooLongField, useTooLongText } from '@/components/ui/use-too-long';
import { SIGN_IN_TEXT_MAX } from '@/lib/domain/text-limits';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/bff';
import { changePasswordResolver } from './schemas';

const BY_STATUS: Record<number, ErrorKey> = {
  403: 'NOTE_PWD_UPDATE_FORBID_FAILED',
  401: 'NOTE_PWD_UPDATE_UNAUTHERIAED_FAILED',
  404: 'NOTE_PWD_UPDATE_NOT_FOUND_FAILED',
};
const FIELD_CODES = new Set(['PWD_OLD_VALIDATE', 'PWD_NEW_VALIDATE', 'PWD_CONFIRM_VALIDATE']);
const MAX = SIGN_IN_TEXT_MAX.password;

/** Old, new and confirm (each with show/hide); Save stays disabled until all three are filled and valid. */
export function ChangePasswordForm() {
  const t = useTranslations('ChangePasswordPage');
  const errorText = useErrorText();
  const tooLong = useTooLongText();
  const banner = useBanner();
  const leave = usePendingRouter();
  const once = useSingleFlight();
  const form = useForm({
    resolver: changePasswordResolver,
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const { register, handleSubmit, watch, formState, setError, reset } = form;
  const { errors, isValid, isSubmitting } = formState;
  const values = watch();
  const allFilled = !!values.oldPassword && !!values.newPassword && !!values.confirmPassword;
  const err = (code: string | undefined, label: string) =>
    code === 'FIELD_TOO_LONG' ? tooLong(label, MAX) : code ? errorText(code, 'PWD_NEW_VALIDATE') : undefined;

  const submit = handleSubmit(async ({ oldPassword, newPassword }) => {
    try {
      await api.POST('/user/current-user/change-password', { body: { oldPassword, newPassword } });
      reset();
      banner.show('success', t('NOTE_PWD_UPDATE_SUCCESS'));
      window.scrollTo({ top: 0 });
    } catch (e) {
      const status = e instanceof BffError ? e.status : 0;
      const code = e instanceof BffError ? e.code : undefined;
      const long = tooLongField(e, { oldPassword: MAX, newPassword: MAX });
      if (long) {
        setError(long, { message: 'FIELD_TOO_LONG' }, { shouldFocus: true });
        return;
      }
      if (code && FIELD_CODES.has(code)) {
        const field = code === 'PWD_OLD_VALIDATE' ? 'oldPassword' : code === 'PWD_NEW_VALIDATE' ? 'newPassword' : 'confirmPassword';
        setError(field, { message: code }, { shouldFocus: true });
        return;
      }
      if (code === 'NOTE_PWD_UPDATE_INVALID_OLD') setError('oldPassword', { message: code }, { shouldFocus: true });
      const known = code === 'NOTE_PWD_UPDATE_INVALID_OLD' || code === 'LOGIN_TOO_MANY' ? code : undefined;
      banner.show('error', errorText(known, BY_STATUS[status] ?? 'NOTE_PWD_UPDATE_OTHER_FAILED'));
    }
  });
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void once(() => submit(e));
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mx-auto flex w-full max-w-md flex-col gap-4 rounded-lg bg-white p-4 shadow-sm sm:p-6"
      aria-busy={isSubmitting}
    >
      <PasswordField
        label={t('oldPassword')}
        autoComplete="current-password"
        required
        maxLength={MAX}
        error={err(errors.oldPassword?.message, t('oldPassword'))}
        {...register('oldPassword')}
      />
      <PasswordField
        label={t('newPassword')}
        autoComplete="new-password"
        required
        hint={t('rules')}
        maxLength={MAX}
        error={err(errors.newPassword?.message, t('newPassword'))}
        {...register('newPassword', { deps: values.confirmPassword ? ['confirmPassword'] : [] })}
      />
      <PasswordField
        label={t('confirmPassword')}
        autoComplete="new-password"
        required
        maxLength={MAX}
        error={err(errors.confirmPassword?.message, t('confirmPassword'))}
        {...register('confirmPassword')}
      />
      <FormActions>
        <Button variant="secondary" onClick={() => leave.push('/')}>
          {t('cancel')}
        </Button>
        <SubmitButton disabled={!allFilled || !isValid} loading={isSubmitting}>
          {t('save')}
        </SubmitButton>
      </FormActions>
    </form>
  );
}
