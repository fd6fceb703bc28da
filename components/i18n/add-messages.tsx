'use client';

import type { AbstractIntlMessages } from 'next-intl';
import { NextIntlClientProvider, useLocale, useMessages } from 'next-intl';
import { useMemo } from 'react';

/**
 * A page's own client texts, added to those of the layout above it (next-intl's provider would replace them): the
 * layout's header keeps its texts and the page's components find theirs. Locale, time zone and formats are the
 * layout provider's.
 */
export function AddMessages({ messages, children }: { messages: AbstractIntlMessages; children: React.ReactNode }) {
  const inherited = useMessages();
  const locale = useLocale();
  const merged = useMemo(() => ({ ...inherited, ...messages }), [inherited, messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}
