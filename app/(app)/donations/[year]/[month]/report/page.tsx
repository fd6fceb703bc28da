import { getTranslations } from 'next-intl/server';
import { MonthReport } from '@/components/donations/month-report';
import { ButtonLink } from '@/components/ui/button';

/** The printable monthly report of a month (print CSS), with its PDF download. */
export default async function MonthReportPage({ params }: PageProps<'/donations/[year]/[month]/report'>) {
  const { year, month } = await params;
  const y = /^\d{4}$/.test(year) ? Number(year) : NaN;
  const m = /^\d{1,2}$/.test(month) ? Number(month) : NaN;
  if (!(y >= 1900 && y <= 9999) || !(m >= 1 && m <= 12)) {
    const t = await getTranslations('Totals');
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-md bg-white p-4 shadow-sm">
        <p>{t('invalidMonth')}</p>
        <ButtonLink href="/" variant="primary">
          {(await getTranslations('MonthPage'))('backToReports')}
        </ButtonLink>
      </div>
    );
  }
  return <MonthReport year={y} month={m} />;
}
