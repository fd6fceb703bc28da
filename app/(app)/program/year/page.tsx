import { OversightYear } from '@/components/program/oversight-year';
import type { SearchParams } from '@/components/program/search-params';

/** /program/year: food banks × months of a year. */
export default async function ProgramYearPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <OversightYear searchParams={await searchParams} />;
}
