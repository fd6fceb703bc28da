'use client';

import { useSession } from 'next-auth/react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { LoginType } from '@/lib/domain/enums';

/** The signed-in user (display data only), the selected branch and the switch between branches. */
export function useAppSession() {
  const { data, update, status } = useSession();
  const queryClient = useQueryClient();
  const router = useRouter();
  const user = data?.user;
  const branchId = user?.branchId ?? '';
  const branch = user?.branches.find((b) => b.branchId === branchId);
  const switchBranch = useCallback(
    async (next: string) => {
      await update({ branchId: next });
      // Every screen acts on the selected branch only: drop what was loaded for the other one.
      await queryClient.invalidateQueries();
      router.refresh();
    },
    [update, queryClient, router],
  );
  return {
    status,
    user,
    branchId,
    branchName: branch?.branchName ?? '',
    switchBranch,
    canChangePassword: !!user && !user.workplace && user.loginType === LoginType.Admin,
    canLogOut: !!user && !user.workplace,
  };
}
