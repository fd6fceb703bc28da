import { ProgramTotals } from '@/components/program/program-totals';

/** /program/totals: totals of a month and its year, with the chart of pounds by month. */
export default async function ProgramTotalsPage({ searchParams }: PageProps<'/program/totals'>) {
  return <ProgramTotals searchParams={await searchParams} />;
}
