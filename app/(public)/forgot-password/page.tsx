import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthCard, BrandedLayout } from '@/components/auth/branded-layout';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { withPageMessages } from '@/components/i18n/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ForgotPasswordPage');
  return { title: t('title') };
}

async function ForgotPasswordPage() {
  const t = await getTranslations('ForgotPasswordPage');
  return (
    <BrandedLayout>
      <AuthCard title={t('title')}>
        <ForgotPasswordForm />
      </AuthCard>
    </BrandedLayout>
  );
}

export default withPageMessages('forgotPassword', ForgotPasswordPage);
