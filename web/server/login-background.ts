import 'server-only';
import { callDonationApi } from './donation-api-client';
import { requestLogger } from './logger';
import { sharedAnswerCache } from './shared-answer-cache';

export type LoginBackground = {
  logo: string;
  blackLetterLogo: string;
  title: string;
  content: string;
  bgImage: string;
  contentWidth: string;
};

const FALLBACK: Record<'en' | 'fr', LoginBackground> = {
  en: {
    logo: '/images/logo.svg',
    blackLetterLogo: '/images/logo-black.svg',
    title: 'Retail Food Program',
    content: '',
    bgImage: '/images/login-bg.webp',
    contentWidth: '480px',
  },
  fr: {
    logo: '/images/logo-fr.svg',
    blackLetterLogo: '/images/logo-black-fr.svg',
    title: 'Programme de récupération en épicerie',
    content: '',
    bgImage: '/images/login-bg.webp',
    contentWidth: '480px',
  },
};

// Stored data is admin-editable: only our own paths or https images, and a plain CSS length.
const safeImage = (v: unknown, fallback: string) =>
  typeof v === 'string' &&
  ((v.startsWith('/') && !v.startsWith('//') && !v.includes('\\')) || /^https:\/\/[^\s"'()]+$/.test(v)) &&
  !/["'()\s]/.test(v)
    ? v
    : fallback;
const safeWidth = (v: unknown, fallback: string) => {
  const s = typeof v === 'number' ? `${v}px` : v;
  return typeof s === 'string' && /^\d{2,4}(px|rem|em|%)$/.test(s.trim()) ? s.trim() : fallback;
};
const text = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim() : fallback);

// GET /api/user/bg-data (no token), kept a minute: the same for every visitor of /login, edited rarely.
const bgData = sharedAnswerCache(60_000, async () => {
  try {
    const res = await callDonationApi('/api/user/bg-data');
    if (res.ok) return (await res.json()) as Record<string, unknown>;
    (await requestLogger()).warn({ status: res.status }, 'bg-data failed');
  } catch (err) {
    (await requestLogger()).warn({ err }, 'bg-data failed');
  }
  return undefined;
});

/** One language's login-page background data (docs/product.md, Records and their fields); errors are only logged. */
export async function getLoginBackground(locale: 'en' | 'fr'): Promise<LoginBackground> {
  const base = FALLBACK[locale];
  const data: Record<string, unknown> = (await bgData.get('bg-data')) ?? {};
  // Either spelling (docs/product.md, Records and their fields): bg_image / bgImage, fr_bg_image / frBgImage.
  const pick = (snake: string) => {
    const camel = snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    if (locale === 'fr')
      return data[`fr_${snake}`] ?? data[`fr${camel.charAt(0).toUpperCase()}${camel.slice(1)}`] ?? data[snake] ?? data[camel];
    return data[snake] ?? data[camel];
  };
  return {
    logo: safeImage(pick('logo'), base.logo),
    blackLetterLogo: safeImage(pick('black_letter_logo'), base.blackLetterLogo),
    title: text(pick('title'), base.title),
    content: text(pick('content'), base.content),
    bgImage: safeImage(pick('bg_image'), base.bgImage),
    contentWidth: safeWidth(pick('content_width'), base.contentWidth),
  };
}
