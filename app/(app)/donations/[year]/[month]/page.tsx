import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { makeDonationFormats } from '@/components/donations/formats';
import { withPageMessages } from '@/components/i18n/client-messages';
import { QueryProvider } from '@/components/query-provider';
import { MonthDonations } from '@/components/donations/month-donations';
import { PartnerQueriesPanel } from '@/components/donations/partner-queries-panel';
import { WaitingListSlot } from '@/components/offline/waiting-list-slot';
import { ButtonLink } from '@/components/ui/button';
import { readMonthSeed } from '@/lib/server/month-seed';
import { screenApiOrNull } from '@/lib/server/optional-screen-data';
import { screenSession } from '@/lib/server/screen-data';
import { supportEmail } from '@/lib/server/support-email';
import { frenchDe } from '@/lib/domain/french-de';

export async function generateMetadata({ params }: PageProps<'/donations/[year]/[month]'>): Promise<Metadata> {
  const { year, month } = await params;
  const y = Number(year);
  const m = Number(month);
  const [t, tm, locale] = await Promise.all([getTranslations('Header'), getTranslations('MonthPage'), getLocale()]);
  const valid = /^\d{4}$/.test(year) && /^\d{1,2}$/.test(month) && m >= 1 && m <= 12;
  return {
    title: valid
      ? tm('donationsOf', { month: makeDonationFormats(locale).monthLong(y, m), de: frenchDe(makeDonationFormats(locale).monthLong(y, m)) })
      : t('titles.donations'),
  };
}

/** Donations of a month. A year or month that is not a real one gets a message, never a crash. */
async function MonthDonationsPage({ params }: PageProps<'/donations/[year]/[month]'>) {
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
  const { branchId } = await screenSession();
  // Retail partners' questions on this month's lines, read with the list: the panel is rendered only when there are
  // some, and a failed read leaves the page without it (the month's own list is what the page is for).
  const [seed, queries] = await Promise.all([
    readMonthSeed(branchId, y, m),
    branchId
      ? screenApiOrNull('/branch/{branchId}/partner-queries', {
          params: { path: { branchId }, query: { year: y, month: m } },
          returnTo: `/donations/${y}/${m}`,
        })
      : null,
  ]);
  return (
    <div className="flex flex-col gap-4">
      <WaitingListSlot key={`${y}-${m}`} year={y} month={m} origin={`/donations/${y}/${m}`} />
      {queries && <PartnerQueriesPanel queries={queries.queries} />}
      <QueryProvider>
        <MonthDonations key={`${y}-${m}`} year={y} month={m} supportEmail={supportEmail()} seed={seed} />
      </QueryProvider>
    </div>
  );
}

export default withPageMessages('month', MonthDonationsPage);
