import { redirect } from 'next/navigation';
import { getServerSession } from 'next-auth';
import { AppHeader } from '@/components/layout/app-header';
import { HeaderProvider } from '@/components/layout/header-context';
import { SessionKeepAlive } from '@/components/layout/session-keep-alive';
import { Providers } from '@/components/providers';
import { StatusBanner } from '@/components/ui/banner';
import { authOptions } from '@/lib/server/auth-options';
import { LoginType } from '@/lib/domain/enums';
import { getSessionJwt } from '@/lib/server/session';

/** Signed-in screens: header (none for embedded users), status banner, then the page. */
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  // The proxy already redirects; this check stands on its own (never trust the proxy alone).
  if (!(await getSessionJwt())) redirect('/login');
  const session = await getServerSession(authOptions);
  const embedded = !!session?.user.workplace;
  const sso = session?.user.loginType === LoginType.AAD || session?.user.loginType === LoginType.AADB2C;
  return (
    <Providers user={session?.user ?? null}>
      <HeaderProvider>
        {sso && <SessionKeepAlive />}
        {!embedded && <AppHeader />}
        <main className="mx-auto w-full max-w-5xl px-3 py-4 sm:px-6">
          <StatusBanner />
          {children}
        </main>
      </HeaderProvider>
    </Providers>
  );
}
