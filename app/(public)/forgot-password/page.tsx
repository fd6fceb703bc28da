import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthCard, BrandedLayout } from '@/components/auth/branded-layout';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ForgotPasswordPage');
  return { title: t('title') };
}

export default async function ForgotPasswordPage() {
  const t = await getTranslations('ForgotPasswordPage');
  return (
    <BrandedLayout>
      <AuthCard title={t('title')}>
        <ForgotPasswordForm />
      </AuthCard>
    </BrandedLayout>
  );
}
