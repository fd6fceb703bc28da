import { ClearUserCaches } from '@/components/offline/clear-user-caches';

// Open pages (login, forgot password). The root layout already provides next-intl (locale from the
// cookie, else English); signed-out pages need no session or query providers, which keeps their JS small.
export default function PublicLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <ClearUserCaches />
      {children}
    </>
  );
}
