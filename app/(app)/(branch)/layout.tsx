import { guardScreen } from '@/web/server/screen-guard';

/**
 * The screens of the selected branch (Monthly Reports, a month, the donation form, the branch's details and people):
 * program staff without a branch go to /program, a retail partner to /partner (web/screen-access.ts, 'branch').
 */
export default async function BranchLayout({ children }: { children: React.ReactNode }) {
  await guardScreen('branch');
  return children;
}
