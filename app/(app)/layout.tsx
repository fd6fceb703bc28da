import { ClientMessages } from '@/components/i18n/client-messages';
import { AppHeader } from '@/components/layout/app-header';
import { HeaderProvider } from '@/components/layout/header-context';
import { NavigationStatusProvider } from '@/components/layout/navigation-status';
import { SessionKeepAlive } from '@/components/layout/session-keep-alive';
import { OfflineSupport } from '@/components/offline/offline-support';
import { Providers } from '@/components/providers';
import { StatusBanner } from '@/components/ui/banner';
import { todayCalendarDate } from '@/lib/domain/dates';
import { LoginType } from '@/lib/domain/enums';
import { appTimeZone } from '@/web/server/env';
import { guardScreen } from '@/web/server/screen-guard';

/** Signed-in screens: header (none for embedded users), status banner, then the page. */
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  // The proxy already redirects; this check stands on its own (never trust the proxy alone), and asks the API
  // whether the token is still live: a revoked one (sign-out, password change) must not render names. The user is
  // what next-auth's session callback would answer, read from the cookie already decoded (getServerSession() would
  // decode it again through next-auth's whole request handler).
  const user = await guardScreen('signed-in', { live: true });
  const embedded = !!user.workplace;
  const sso = user.loginType === LoginType.AAD || user.loginType === LoginType.AADB2C;
  // The screens a volunteer needs without a network, kept by the service worker (app/sw.ts) from this load on.
  const { year, month } = todayCalendarDate(new Date(), appTimeZone());
  const here = `/donations/${year}/${month}`;
  // A retail partner has none of those screens (each would only redirect to /partner): nothing to keep for them.
  const warm = user.partner ? [] : ['/', here, `/donations/add?year=${year}&month=${month}&from=${encodeURIComponent(here)}`];
  return (
    <ClientMessages area="app">
      <Providers user={user}>
        <HeaderProvider>
          <NavigationStatusProvider>
            {sso && <SessionKeepAlive />}
            <OfflineSupport warm={warm} />
            {!embedded && <AppHeader />}
            <main className="mx-auto w-full max-w-5xl px-3 py-4 sm:px-6">
              <StatusBanner />
              {children}
            </main>
          </NavigationStatusProvider>
        </HeaderProvider>
      </Providers>
    </ClientMessages>
  );
}
