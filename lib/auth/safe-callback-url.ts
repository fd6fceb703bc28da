// Where to go after sign-in: only a path of this site (no open redirect), never back to the login page.

const BASE = 'http://same-origin.invalid';

export function safeCallbackUrl(value: string | string[] | null | undefined, fallback = '/'): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw || typeof raw !== 'string') return fallback;
  // Only relative paths: "//evil.example" and "/\evil.example" are protocol-relative in browsers.
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || /[\u0000-\u001f]/.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  if (url.pathname === '/login' || url.pathname.startsWith('/api/') || url.pathname.startsWith('/bff/')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
