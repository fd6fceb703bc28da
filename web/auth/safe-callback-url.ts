// Where to go after sign-in: only a path of this site (no open redirect), never back to the login page.
// Normalise first, then check: "/.//evil.example/x" is a harmless-looking path that URL normalisation turns into
// the protocol-relative "//evil.example/x", so every check runs on the normalised result (and on its decoding).

const BASE = 'http://same-origin.invalid';

function decodeAll(value: string): string | null {
  let out = value;
  // Double (or deeper) encoding: decode until nothing changes (bounded).
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(out);
    } catch {
      return null;
    }
    if (next === out) return out;
    out = next;
  }
  return null;
}

/**
 * A path a browser (or a later decode and normalisation) could read as another origin: "//" anywhere (no page of
 * this app has an empty segment, and "/.//host" becomes "//host"), a backslash (read as "/"), a control character.
 */
function leavesSite(path: string): boolean {
  return path.includes('//') || path.includes('\\') || /[\u0000-\u001f\u007f]/.test(path);
}

export function safeCallbackUrl(value: string | string[] | null | undefined, fallback = '/'): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw || typeof raw !== 'string' || raw.length > 2048) return fallback;
  // The path part only: a query may hold "//" (?next=https://…), which a browser never reads as the origin.
  const rawPath = raw.split(/[?#]/)[0]!;
  const decodedRaw = decodeAll(rawPath);
  if (!raw.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(raw) || decodedRaw === null) return fallback;
  if (leavesSite(rawPath) || leavesSite(decodedRaw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const out = `${url.pathname}${url.search}${url.hash}`;
  // The normalised result again: no "//", no backslash, nothing that decodes to them, and stable when parsed again.
  const decodedPath = decodeAll(url.pathname);
  if (decodedPath === null || leavesSite(url.pathname) || leavesSite(decodedPath) || !decodedPath.startsWith('/')) return fallback;
  const again = new URL(out, BASE);
  if (again.origin !== BASE || `${again.pathname}${again.search}${again.hash}` !== out) return fallback;
  const path = decodedPath.replace(/\/+$/, '') || '/';
  if (path === '/login' || path.startsWith('/api/') || path.startsWith('/bff/') || path === '/api' || path === '/bff') return fallback;
  return out;
}
