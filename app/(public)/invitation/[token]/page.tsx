import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthCard, BrandedLayout } from '@/components/auth/branded-layout';
import { withPageMessages } from '@/components/i18n/client-messages';
import { InvitationForm } from '@/components/people/invitation-form';
import { FormMessage } from '@/components/ui/form-message';
import { ButtonLink } from '@/components/ui/button';
import { invitationInfo } from '@/lib/i18n/visitor-locale';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Invitation');
  return { title: t('title') };
}

/** A mailed invitation or reset link. Public: the link's token is the credential, checked by the API. */
async function InvitationPage({ params }: PageProps<'/invitation/[token]'>) {
  const { token } = await params;
  const t = await getTranslations('Invitation');
  // The same lookup chose the page's language (lib/i18n/visitor-locale.ts): the invitee's, else the browser's.
  const info = await invitationInfo(token);
  return (
    <BrandedLayout>
      <AuthCard title={info?.kind === 'reset' ? t('resetTitle') : t('title')}>
        {info ? (
          <InvitationForm token={token} info={info} />
        ) : (
          <div className="flex flex-col gap-4">
            <FormMessage>{t('invalid')}</FormMessage>
            <ButtonLink href="/login">{t('toLogin')}</ButtonLink>
          </div>
        )}
      </AuthCard>
    </BrandedLayout>
  );
}

export default withPageMessages('invitation', InvitationPage);
