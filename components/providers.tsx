'use client';

import type { SessionUser } from '@/lib/domain/user-answers';
import { AppSessionProvider } from './layout/use-app-session';
import { BannerProvider } from './ui/banner';

/**
 * The signed-in shell's client state: the session's display data (from the server layout) and the status
 * banner. react-query is provided by the screens that use it (components/query-provider.tsx), so the pages
 * rendered on the server do not load it.
 */
export function Providers({ user, children }: { user: SessionUser | null; children: React.ReactNode }) {
  return (
    <AppSessionProvider user={user}>
      <BannerProvider>{children}</BannerProvider>
    </AppSessionProvider>
  );
}
