import { getTranslations } from 'next-intl/server';
import { ButtonLink } from '@/components/ui/button';

/**
 * A year or month in the address that is no real month (`/donations/2026/13`), on the month page and its report: the
 * pages call notFound(), so the answer is a 404 (the screen renders whole before its status is sent), and this
 * boundary, inside the signed-in layout, says what is wrong and leads back to the reports.
 */
export default async function MonthNotFound() {
  const t = await getTranslations('MonthPage');
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-md bg-white p-4 shadow-sm">
      <p>{t('invalidMonth')}</p>
      <ButtonLink href="/" variant="primary">
        {t('backToReports')}
      </ButtonLink>
    </div>
  );
}
