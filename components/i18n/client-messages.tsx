import type { AbstractIntlMessages } from 'next-intl';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { CLIENT_NAMESPACES, type ClientArea } from '@/lib/i18n/client-namespaces';

/**
 * next-intl for the client components under a layout, with only the namespaces they read (lib/i18n/client-namespaces.ts).
 * The locale, time zone and formats come from the request as before.
 */
export async function ClientMessages({ area, children }: { area: ClientArea; children: React.ReactNode }) {
  const all = await getMessages();
  const messages: AbstractIntlMessages = Object.fromEntries(CLIENT_NAMESPACES[area].map((ns) => [ns, all[ns]]));
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}
