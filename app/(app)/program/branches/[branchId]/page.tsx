import { withPageMessages } from '@/components/i18n/client-messages';
import { BranchReports } from '@/components/program/branch-reports';

/** /program/branches/[branchId]: a food bank's reports and a month's donations, read only. */
async function ProgramBranchPage({ params, searchParams }: PageProps<'/program/branches/[branchId]'>) {
  const [{ branchId }, sp] = await Promise.all([params, searchParams]);
  return <BranchReports branchId={branchId} searchParams={sp} />;
}

export default withPageMessages('programBranch', ProgramBranchPage);
