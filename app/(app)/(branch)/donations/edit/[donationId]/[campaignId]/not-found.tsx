import { getTranslations } from 'next-intl/server';
import { DonationNotFoundLink } from '@/components/donations/donation-not-found-link';

/**
 * An unknown donation, or one the user may not see (another branch's, a malformed id): the form's data reads answer
 * 404 or 400 and the screen calls notFound(), so the answer is a 404, with the form's own words and no "try again".
 */
export default async function DonationNotFound() {
  const t = await getTranslations('DonationForm');
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-md bg-red-50 p-4 text-red-900">
      <p>{t('notFound')}</p>
      <DonationNotFoundLink label={t('cancel')} />
    </div>
  );
}
