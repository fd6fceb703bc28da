// GET /manifest.webmanifest?lang=fr: the installable app's manifest in the page's language. Browsers fetch a
// manifest without cookies, so the root layout puts the language in its address.
import type { MetadataRoute } from 'next';
import { toLocale } from '@/web/i18n/config';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';

export function GET(request: Request) {
  const locale = toLocale(new URL(request.url).searchParams.get('lang')) ?? 'en';
  const app = (locale === 'fr' ? fr : en).App;
  const text = (key: 'title' | 'shortName' | 'description') => app[key];
  const manifest: MetadataRoute.Manifest = {
    id: '/',
    name: text('title'),
    short_name: text('shortName'),
    description: text('description'),
    lang: locale === 'fr' ? 'fr-CA' : 'en-CA',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: '#f5c400',
    icons: [
      { src: '/images/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/images/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/images/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/images/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
