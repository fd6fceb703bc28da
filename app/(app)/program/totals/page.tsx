import { ProgramTotals } from '@/components/program/program-totals';
import type { SearchParams } from '@/components/program/search-params';

/** /program/totals: totals of a month and its year, with the chart of pounds by month. */
export default async function ProgramTotalsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <ProgramTotals searchParams={await searchParams} />;
}
