import { getTranslations } from 'next-intl/server';
import { ButtonLink } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';

/** What an invitation or reset link that cannot be used says, with the way to the sign-in page. */
export async function InvalidInvitationLink() {
  const t = await getTranslations('Invitation');
  return (
    <div className="flex flex-col gap-4">
      <FormMessage>{t('invalid')}</FormMessage>
      <ButtonLink href="/login">{t('toLogin')}</ButtonLink>
    </div>
  );
}
