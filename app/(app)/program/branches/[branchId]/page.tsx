import { BranchReports } from '@/components/program/branch-reports';
import type { SearchParams } from '@/components/program/search-params';

/** /program/branches/[branchId]: a food bank's reports and a month's donations, read only. */
export default async function ProgramBranchPage({
  params,
  searchParams,
}: {
  params: Promise<{ branchId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ branchId }, sp] = await Promise.all([params, searchParams]);
  return <BranchReports branchId={branchId} searchParams={sp} />;
}
