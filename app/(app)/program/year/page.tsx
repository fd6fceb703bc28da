import { OversightYear } from '@/components/program/oversight-year';

/** /program/year: food banks × months of a year. */
export default async function ProgramYearPage({ searchParams }: PageProps<'/program/year'>) {
  return <OversightYear searchParams={await searchParams} />;
}
