import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { makeDonationFormats } from '@/components/donations/formats';
import { withPageMessages } from '@/components/i18n/client-messages';
import { QueryProvider } from '@/components/query-provider';
import { MonthDonations } from '@/components/donations/month-donations';
import { PartnerQueriesPanel } from '@/components/donations/partner-queries-panel';
import { WaitingListSlot } from '@/components/offline/waiting-list-slot';
import { readMonthSeed } from '@/web/server/month-seed';
import { screenApiOrNull } from '@/web/server/optional-screen-data';
import { screenSession } from '@/web/server/screen-data';
import { supportEmail } from '@/web/server/support-email';
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

/** Donations of a month. A year or month that is not a real one is a 404 with a message (./not-found.tsx), never a crash. */
async function MonthDonationsPage({ params }: PageProps<'/donations/[year]/[month]'>) {
  const { year, month } = await params;
  const y = /^\d{4}$/.test(year) ? Number(year) : NaN;
  const m = /^\d{1,2}$/.test(month) ? Number(month) : NaN;
  // Not a real month: the 404 of ./not-found.tsx, which says so.
  if (!(y >= 1900 && y <= 9999) || !(m >= 1 && m <= 12)) notFound();
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
