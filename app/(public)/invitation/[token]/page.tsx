import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AuthCard, BrandedLayout } from '@/components/auth/branded-layout';
import { withPageMessages } from '@/components/i18n/client-messages';
import { InvalidInvitationLink } from '@/components/people/invalid-invitation-link';
import { InvitationForm } from '@/components/people/invitation-form';
import { invitationLookup } from '@/web/i18n/visitor-locale';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Invitation');
  return { title: t('title') };
}

/**
 * A mailed invitation or reset link. Public: the link's token is the credential, checked by the API. When the API
 * could not answer, the same words as for a dead link, with a 200: the link may well be live.
 */
async function InvitationPage({ params }: PageProps<'/invitation/[token]'>) {
  const { token } = await params;
  const t = await getTranslations('Invitation');
  // The same lookup chose the page's language (web/i18n/visitor-locale.ts): the invitee's, else the browser's.
  const found = await invitationLookup(token);
  // A link the API knows no live invitation of is the 404 of ./not-found.tsx, which says so in the same card.
  if (found === 'gone') notFound();
  const info = found;
  return (
    <BrandedLayout>
      <AuthCard title={info?.kind === 'reset' ? t('resetTitle') : t('title')}>
        {info ? <InvitationForm token={token} info={info} /> : <InvalidInvitationLink />}
      </AuthCard>
    </BrandedLayout>
  );
}

export default withPageMessages('invitation', InvitationPage);
