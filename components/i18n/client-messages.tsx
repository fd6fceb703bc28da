import type { AbstractIntlMessages } from 'next-intl';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { AddMessages } from '@/components/i18n/add-messages';
import { CLIENT_NAMESPACES, errorTextsFor, type ClientArea, type PageArea } from '@/web/i18n/client-namespaces';

async function pick(area: ClientArea | PageArea): Promise<AbstractIntlMessages> {
  const all: AbstractIntlMessages = await getMessages();
  return Object.fromEntries(
    CLIENT_NAMESPACES[area].flatMap((ns) => {
      const texts = all[ns];
      if (texts === undefined) return [];
      return [[ns, ns === 'Errors' && typeof texts === 'object' ? errorTextsFor(area, texts) : texts]];
    }),
  );
}

/**
 * next-intl for the client components under a layout, with only the namespaces they read (web/i18n/client-namespaces.ts).
 * The locale, time zone and formats come from the request as before.
 */
export async function ClientMessages({ area, children }: { area: ClientArea; children: React.ReactNode }) {
  return <NextIntlClientProvider messages={await pick(area)}>{children}</NextIntlClientProvider>;
}

/** A page's own client texts, beside its layout's (`withPageMessages`). */
async function PageMessages({ area, children }: { area: PageArea; children: React.ReactNode }) {
  return <AddMessages messages={await pick(area)}>{children}</AddMessages>;
}

/**
 * A page whose client components read texts its layout does not send: the page renders inside a provider that adds
 * exactly those (tests/messages/client-namespaces.test.ts holds each list to what the page's client code reads).
 */
export function withPageMessages<P extends object>(area: PageArea, Page: (props: P) => Promise<React.ReactNode> | React.ReactNode) {
  return function PageWithMessages(props: P) {
    return (
      <PageMessages area={area}>
        <Page {...props} />
      </PageMessages>
    );
  };
}
