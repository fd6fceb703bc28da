import { getTranslations } from 'next-intl/server';
import { AuthCard, BrandedLayout } from '@/components/auth/branded-layout';
import { withPageMessages } from '@/components/i18n/client-messages';
import { InvalidInvitationLink } from '@/components/people/invalid-invitation-link';

/**
 * A link that no longer works (unknown, used or expired): a 404, in the card the live link opens, in the invitee's
 * language as far as known (web/i18n/visitor-locale.ts), with the language switch and the way to the sign-in page.
 */
async function InvitationNotFound() {
  const t = await getTranslations('Invitation');
  return (
    <BrandedLayout>
      <AuthCard title={t('title')}>
        <InvalidInvitationLink />
      </AuthCard>
    </BrandedLayout>
  );
}

export default withPageMessages('invitationGone', InvitationNotFound);
