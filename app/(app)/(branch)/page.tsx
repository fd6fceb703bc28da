import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MonthlyReports } from '@/components/donations/monthly-reports';
import { withPageMessages } from '@/components/i18n/client-messages';
import { WaitingListSlot } from '@/components/offline/waiting-list-slot';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Header');
  return { title: t('titles.monthlyReports') };
}

/** Monthly Reports (home): the year comes from ?year= when Back returns here. */
async function MonthlyReportsPage({ searchParams }: PageProps<'/'>) {
  const { year } = await searchParams;
  const y = typeof year === 'string' && /^\d{4}$/.test(year) ? Number(year) : undefined;
  return (
    <div className="flex flex-col gap-4">
      <WaitingListSlot origin={y ? `/?year=${y}` : '/'} />
      <MonthlyReports initialYear={y} />
    </div>
  );
}

export default withPageMessages('monthlyReports', MonthlyReportsPage);
