'use client';

import { useRouter } from 'next/navigation';
import { createContext, useCallback, useContext } from 'react';
import { LoginType } from '@/lib/domain/enums';
import { invalidateBrowserQueries } from '@/web/query/browser-client';
import type { SessionUser } from '@/lib/domain/user-answers';

// The session's display data comes from the server layout as a prop: next-auth's SessionProvider (and its
// client, which fetches /api/auth/session again after hydration) is not needed to show it.
const AppSessionContext = createContext<SessionUser | null>(null);

export function AppSessionProvider({ user, children }: { user: SessionUser | null; children: React.ReactNode }) {
  return <AppSessionContext.Provider value={user}>{children}</AppSessionContext.Provider>;
}

/** What next-auth's `update()` does: POST the new data to /api/auth/session with a CSRF token; the jwt callback checks it. */
async function updateSession(data: Record<string, unknown>) {
  const { csrfToken } = (await (await fetch('/api/auth/csrf', { credentials: 'same-origin' })).json()) as { csrfToken: string };
  const res = await fetch('/api/auth/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ csrfToken, data }),
    credentials: 'same-origin',
  });
  if (!res.ok) throw new Error(`session update failed (${res.status})`);
}

/** The signed-in user (display data only), the selected branch and the switch between branches. */
export function useAppSession() {
  const user = useContext(AppSessionContext) ?? undefined;
  const router = useRouter();
  const branchId = user?.branchId ?? '';
  const branch = user?.branches.find((b) => b.branchId === branchId);
  const switchBranch = useCallback(
    async (next: string) => {
      await updateSession({ branchId: next });
      // Every screen acts on the selected branch only: drop what was loaded for the other one,
      // and render the server parts (layout, reports, form data) again for the new branch.
      await invalidateBrowserQueries();
      router.refresh();
    },
    [router],
  );
  return {
    status: user ? ('authenticated' as const) : ('unauthenticated' as const),
    user,
    branchId,
    branchName: branch?.branchName ?? '',
    switchBranch,
    canChangePassword: !!user && !user.workplace && user.loginType === LoginType.Admin,
    canLogOut: !!user && !user.workplace,
  };
}
