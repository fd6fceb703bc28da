'use client';

import { useQuery } from '@tanstack/react-query';
import { IntentLink } from '@/components/layout/intent-link';
import { useLocale, useTranslations } from 'next-intl';
import { useAppSession } from '@/components/layout/use-app-session';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { bffHref } from '@/web/api/calls';
import { monthSummaryQuery } from '@/web/query/summaries';
import { PeriodTotalsView } from './period-totals';
import { PdfLink } from './report-actions';
import { useDonationFormats } from './use-formats';
import { frenchDe } from '@/lib/domain/french-de';

/** Under a month's list: its totals, category mix and impact, and the printable report and its PDF. */
export function MonthTotals({ year, month }: { year: number; month: number }) {
  const t = useTranslations('Totals');
  const locale = useLocale();
  const f = useDonationFormats();
  const { branchId } = useAppSession();
  const summary = useQuery(monthSummaryQuery(branchId, year, month));
  const pdfHref = bffHref('/branch/{branchId}/month-summary/{year}/{month}/pdf', {
    path: { branchId, year, month },
    query: { lang: locale === 'fr' ? 'fr' : 'en' },
  });

  return (
    <div className="flex flex-col gap-3">
      {summary.isPending ? (
        <Spinner />
      ) : summary.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-900">
          {t('loadError')}
        </p>
      ) : (
        <PeriodTotalsView
          totals={summary.data.totals}
          title={t('title', { period: f.monthLong(year, month), de: frenchDe(f.monthLong(year, month)) })}
          testId="month-summary"
        />
      )}
      <div className="flex flex-wrap gap-3">
        <IntentLink href={`/donations/${year}/${month}/report`} className={buttonClass('secondary')}>
          {t('printableReport')}
        </IntentLink>
        <PdfLink href={pdfHref} label={t('downloadPdf')} />
        <IntentLink href={`/donations/${year}/${month}/store-records`} className={buttonClass('secondary')}>
          {t('storeRecords')}
        </IntentLink>
      </div>
    </div>
  );
}
