import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ChangePasswordForm } from '@/components/account/change-password-form';
import { withPageMessages } from '@/components/i18n/client-messages';
import { LoginType } from '@/lib/domain/enums';
import { getSessionJwt } from '@/web/server/session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ChangePasswordPage');
  return { title: t('title') };
}

async function ChangePasswordPage() {
  const user = (await getSessionJwt())?.user;
  // Only non-workplace users of login type Admin have a password here (docs/product.md, Change password).
  if (!user || user.workplace || user.loginType !== LoginType.Admin) redirect('/');
  return <ChangePasswordForm />;
}

export default withPageMessages('changePassword', ChangePasswordPage);
