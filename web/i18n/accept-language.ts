import { toLocale, type Locale } from './config';

/**
 * The first of English or French in a browser's Accept-Language, by its q weights ("fr-CA,fr;q=0.9,en;q=0.8" → fr);
 * null when it names neither. Only signed-out pages with nothing better ask it: the invitation page of a link whose
 * invitation is gone, and the not-found page (docs/rules.md, "Language of signed-out pages").
 */
export function acceptLanguageLocale(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { locale: toLocale(tag.trim()), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((r) => r.locale && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked[0]?.locale ?? null;
}
