// A NUL character (U+0000) is no text a person types, and PostgreSQL refuses it in text columns (a 500 when
// it reaches the database). Every entry point refuses it as bad input first.

/** True when a string anywhere in the value (object keys included) holds U+0000. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}

/** True when a URL's path or query holds an encoded NUL (%00). */
export function urlHoldsNul(url: string): boolean {
  return /%00/.test(url) || url.includes('\u0000');
}
