import { getLocale, getTranslations } from 'next-intl/server';
import { appTimeZone } from '@/web/server/env';
import { parseCalendarDate } from '@/lib/domain/dates';
import { Source } from '@/lib/domain/enums';
import { bffHref } from '@/web/api/calls';
import { screenApi, screenSession } from '@/web/server/screen-data';
import { IntentButtonLink } from '@/components/layout/intent-link';
import { enteredAmount } from './entered-amount';
import { firstAsOrdinal, withFullStop } from '@/lib/domain/written-dates';
import { makeDonationFormats } from './formats';
import { PeriodTotalsView } from './period-totals';
import { PdfLink, PrintButton } from './report-actions';
import { frenchDe } from '@/lib/domain/french-de';

/** The printable monthly report: branch, totals, categories, impact, the list, and who submitted it when. */
export async function MonthReport({ year, month }: { year: number; month: number }) {
  const t = await getTranslations('Totals');
  const tf = await getTranslations('DonationForm');
  const locale = await getLocale();
  const f = makeDonationFormats(locale);
  const { branchId } = await screenSession();
  const here = `/donations/${year}/${month}/report`;
  const params = { path: { branchId, year, month } };
  const [summary, rfp, campaign] = await Promise.all([
    screenApi('/branch/{branchId}/month-summary/{year}/{month}', { params, returnTo: here }),
    screenApi('/branch/{branchId}/donations/{year}/{month}', { params, returnTo: here }),
    screenApi('/branch/{branchId}/campaigndonations/{year}/{month}', { params, returnTo: here }),
  ]);
  const donations = [...rfp, ...campaign].sort((a, c) => a.date.localeCompare(c.date) || a.createdAt.localeCompare(c.createdAt));
  const when = (iso: string) =>
    firstAsOrdinal(
      new Intl.DateTimeFormat(f.locale, { dateStyle: 'long', timeStyle: 'short', timeZone: appTimeZone() }).format(new Date(iso)),
      locale,
    );
  const pdfHref = bffHref('/branch/{branchId}/month-summary/{year}/{month}/pdf', {
    ...params,
    query: { lang: locale === 'fr' ? 'fr' : 'en' },
  });

  return (
    <article className="flex flex-col gap-4 bg-white p-4 print:p-0" data-testid="month-report">
      <div className="flex flex-wrap gap-3" data-print="hide">
        <PrintButton label={t('print')} />
        <PdfLink href={pdfHref} label={t('downloadPdf')} />
        <IntentButtonLink href={`/donations/${year}/${month}`} variant="ghost">
          {t('backToMonth')}
        </IntentButtonLink>
      </div>
      <header className="flex flex-col gap-1">
        <p className="text-sm text-gray-700">{t('program')}</p>
        <h2 className="text-2xl font-bold text-gray-900">{t('reportTitle', { month: f.monthLong(year, month) })}</h2>
        <p className="text-gray-900">{t('foodBank', { name: summary.branchName })}</p>
        <p className="text-gray-900" data-testid="report-submission">
          {summary.submitted && summary.submittedAt
            ? withFullStop(t('submittedBy', { who: summary.submittedBy ?? '', when: when(summary.submittedAt) }))
            : t('notSubmitted')}
        </p>
        {summary.comments && <p className="text-gray-900">{t('comments', { comments: summary.comments })}</p>}
      </header>
      <PeriodTotalsView
        totals={summary.totals}
        title={t('title', { period: f.monthLong(year, month), de: frenchDe(f.monthLong(year, month)) })}
        testId="report-totals"
      />
      <section aria-labelledby="report-list-title" className="flex flex-col gap-2">
        <h3 id="report-list-title" className="text-base font-bold text-gray-900">
          {t('listTitle')}
        </h3>
        {donations.length === 0 ? (
          <p>{t('noDonations')}</p>
        ) : (
          // A phone scrolls this wide table sideways: a keyboard must be able to reach and scroll it (axe's
          // scrollable-region-focusable), and a screen reader hears which list it is in.
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('listTitle')}>
            <table className="w-full min-w-[40rem] text-left text-sm" data-testid="report-list">
              <thead>
                <tr className="border-b-2 border-gray-900">
                  <th scope="col" className="py-1 pr-2">
                    {t('colDate')}
                  </th>
                  <th scope="col" className="pr-2">
                    {t('colStore')}
                  </th>
                  <th scope="col" className="pr-2">
                    {t('colSource')}
                  </th>
                  <th scope="col" className="pr-2">
                    {t('colProgram')}
                  </th>
                  <th scope="col" className="pr-2 text-right">
                    {t('colWeight')}
                  </th>
                  <th scope="col" className="whitespace-nowrap">
                    {t('colEnteredBy')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {donations.map((d) => {
                  const date = parseCalendarDate(d.date) ?? { year, month, day: 1 };
                  const entered = enteredAmount(d.weight, d.weightUnit, f.pounds, t, locale);
                  return (
                    <tr key={d.id} className="border-b border-secondary-light align-top">
                      <td className="py-1 pr-2 whitespace-nowrap">{f.dayMonth(date.year, date.month, date.day)}</td>
                      <td className="pr-2">{d.store.displayName}</td>
                      <td className="pr-2">{d.source === Source.FrontStore ? tf('sourceFront') : tf('sourceBack')}</td>
                      <td className="pr-2">{d.campaignName || 'RFP'}</td>
                      <td className="pr-2 text-right tabular-nums">
                        {t('pounds', { weight: f.pounds(d.weightInPounds) })}
                        {entered && <span className="block text-xs text-gray-700">{entered}</span>}
                      </td>
                      <td>{d.createdByName ?? d.createdBy ?? ''}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </article>
  );
}
