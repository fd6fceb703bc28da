import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('App');
  return { title: t('title') };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#f5c400' };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale === 'fr' ? 'fr-CA' : 'en-CA'}>
      <body className="min-h-screen bg-secondary-light text-gray-900 antialiased">
        <NextIntlClientProvider>{children}</NextIntlClientProvider>
      </body>
    </html>
  );
}
