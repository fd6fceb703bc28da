import { getTranslations } from 'next-intl/server';
import { QueryProvider } from '@/components/query-provider';
import { MonthDonations } from '@/components/donations/month-donations';
import { ButtonLink } from '@/components/ui/button';
import { supportEmail } from '@/lib/server/support-email';

/** Donations of a month. A year or month that is not a real one gets a message, never a crash. */
export default async function MonthDonationsPage({ params }: { params: Promise<{ year: string; month: string }> }) {
  const { year, month } = await params;
  const y = /^\d{4}$/.test(year) ? Number(year) : NaN;
  const m = /^\d{1,2}$/.test(month) ? Number(month) : NaN;
  if (!(y >= 1900 && y <= 9999) || !(m >= 1 && m <= 12)) {
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
  return (
    <QueryProvider>
      <MonthDonations key={`${y}-${m}`} year={y} month={m} supportEmail={supportEmail()} />
    </QueryProvider>
  );
}
