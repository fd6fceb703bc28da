// A NUL character (U+0000) is no text a person types, and PostgreSQL refuses it in text columns (a 500 when
// it reaches the database). Every entry point refuses it as bad input first.
// The same holds for half of a UTF-16 surrogate pair ("\ud800" in JSON): it is no character at all, PostgreSQL's
// jsonb refuses it (the audit log stores the request's values as jsonb) and UTF-8 cannot encode it.

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the string holds half of a surrogate pair. */
export function holdsLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

export type BadText = { kind: 'nul' | 'surrogate'; field: string };

function badText(text: string): BadText['kind'] | null {
  if (text.includes('\u0000')) return 'nul';
  return holdsLoneSurrogate(text) ? 'surrogate' : null;
}

/**
 * The first string of a parsed JSON value (object keys included) that holds a NUL or half of a surrogate pair,
 * with its path ("comments", "categories.0.categoryName"; "(body)" for the value itself), or null.
 */
export function badTextIn(value: unknown, depth = 0, path: string[] = []): BadText | null {
  const field = path.length ? path.join('.') : '(body)';
  if (typeof value === 'string') {
    const kind = badText(value);
    return kind ? { kind, field } : null;
  }
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  for (const [key, v] of entries) {
    const inKey = badText(key);
    if (inKey) return { kind: inKey, field: [...path, key].join('.') };
    const inValue = badTextIn(v, depth + 1, [...path, key]);
    if (inValue) return inValue;
  }
  return null;
}

/** True when JSON text may hold an escaped NUL or surrogate: only then is it worth parsing and walking. */
export function jsonMayHoldBadText(text: string): boolean {
  return /\\u(0000|d[89a-f])/i.test(text);
}

/** True when a URL's path or query holds an encoded NUL (%00). */
export function urlHoldsNul(url: string): boolean {
  return /%00/.test(url) || url.includes('\u0000');
}

/**
 * True when a URL's path or query holds a percent-encoding that is not UTF-8 ("%FF", a cut "%E0%A4%A", an encoded
 * surrogate "%ED%A0%80"): decodeURIComponent throws on those, so no route could read the value as text.
 */
export function urlHoldsBadEscape(pathAndQuery: string): boolean {
  if (!pathAndQuery.includes('%')) return false;
  try {
    decodeURIComponent(pathAndQuery);
    return false;
  } catch {
    return true;
  }
}
