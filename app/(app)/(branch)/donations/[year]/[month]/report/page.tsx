import { notFound } from 'next/navigation';
import { MonthReport } from '@/components/donations/month-report';

/** The printable monthly report of a month (print CSS), with its PDF download. */
export default async function MonthReportPage({ params }: PageProps<'/donations/[year]/[month]/report'>) {
  const { year, month } = await params;
  const y = /^\d{4}$/.test(year) ? Number(year) : NaN;
  const m = /^\d{1,2}$/.test(month) ? Number(month) : NaN;
  // Not a real month: the 404 of ../not-found.tsx, which says so.
  if (!(y >= 1900 && y <= 9999) || !(m >= 1 && m <= 12)) notFound();
  return <MonthReport year={y} month={m} />;
}
