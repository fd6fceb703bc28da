import { MonthlyReports } from '@/components/donations/monthly-reports';

/** Monthly Reports (home): the year comes from ?year= when Back returns here. */
export default async function MonthlyReportsPage({ searchParams }: { searchParams: Promise<{ [key: string]: string | string[] | undefined }> }) {
  const { year } = await searchParams;
  const y = typeof year === 'string' && /^\d{4}$/.test(year) ? Number(year) : undefined;
  return <MonthlyReports initialYear={y} />;
}
