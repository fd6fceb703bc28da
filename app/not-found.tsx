import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { DocumentLang } from '@/components/i18n/document-lang';
import { intlLocale } from '@/web/i18n/config';
import { visitorLocale } from '@/web/i18n/visitor-locale';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await visitorLocale(true), namespace: 'NotFound' });
  return { title: t('title') };
}

/**
 * Every unknown or refused page (notFound() of any screen, a path no route serves), in the visitor's language: the
 * cookie, the signed-in user's locale, else the browser's (a signed-out French browser gets French, where the rest of
 * the signed-out pages stay English by default). `lang` is set here too, since the root layout asks no browser.
 */
export default async function NotFound() {
  const locale = await visitorLocale(true);
  const t = await getTranslations({ locale, namespace: 'NotFound' });
  return (
    <main lang={intlLocale(locale)} className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 px-4 py-10">
      <DocumentLang lang={intlLocale(locale)} />
      <h1 className="text-2xl font-bold text-gray-900">{t('title')}</h1>
      <p className="text-base text-gray-800">{t('body')}</p>
      <p>
        {/* A plain link (a full load of Monthly Reports): next/link here put a second copy of its client code, beside
            the one the screens' own links bundle, into every page's scripts (3 kB gzip) for a page rarely seen. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see the comment above */}
        <a
          href="/"
          className="font-semibold text-gray-900 underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-gray-900"
        >
          {t('home')}
        </a>
      </p>
    </main>
  );
}
