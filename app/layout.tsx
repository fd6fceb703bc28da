import type { Metadata, Viewport } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('App');
  const locale = await getLocale();
  // Each screen names itself first in the tab ("Monthly Reports · Retail Food Program"); the installable app
  // (app/manifest.webmanifest) has its names in the page's language.
  return {
    title: { template: `%s · ${t('title')}`, default: t('title') },
    manifest: `/manifest.webmanifest?lang=${locale}`,
    icons: { apple: '/images/apple-touch-icon.png' },
  };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#f5c400' };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale === 'fr' ? 'fr-CA' : 'en-CA'}>
      <body className="min-h-screen bg-secondary-light text-gray-900 antialiased">
        {/* next-intl's client provider is in each route group's layout, and each page adds only the texts it needs. */}
        {children}
      </body>
    </html>
  );
}
