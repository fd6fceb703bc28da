import 'server-only';

// Requests to next-auth's routes (/api/auth/...) that no browser of the app sends, refused before next-auth sees
// them. next-auth answers several of them with a 500 and logs them as errors: a GET of the credentials callback
// ("Callback for provider type credentials not supported"), a callback address that is no http(s) address (its
// configuration check, InvalidCallbackUrl), a body it cannot parse (its JSON parse throws). A refusal is a 4xx.

/** next-auth's actions (the first segment after /api/auth/) and the methods its handler serves for each. */
const ACTIONS: Record<string, readonly string[]> = {
  providers: ['GET'],
  session: ['GET', 'POST'],
  csrf: ['GET'],
  signin: ['GET', 'POST'],
  signout: ['GET', 'POST'],
  callback: ['GET', 'POST'],
  'verify-request': ['GET'],
  error: ['GET'],
  _log: ['POST'],
};
/** The app's credentials providers (web/server/auth-options.ts) sign in by POST only: their callback has no GET. */
const POST_ONLY_CALLBACKS = new Set(['credentials', 'workplace', 'workplace-code', 'saved-token', 'invitation']);
/** What next-auth's own client sends; next-auth reads nothing else (and ignores a body of another type). */
const FORM = /^application\/x-www-form-urlencoded(;|$)/i;
const JSON_TYPE = /^application\/json(;|$)/i;

function refusal(status: number, code: string, message: string, headers: Record<string, string> = {}) {
  return Response.json({ code, message }, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

/** The test next-auth applies to a callback address (relative to the app, or absolute http/https). */
function isHttpAddress(value: string, origin: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, value.startsWith('/') ? origin : undefined).protocol);
  } catch {
    return false;
  }
}

/**
 * The refusal of a request to /api/auth/... that next-auth would answer with a 500, or null when it may go on.
 * `body` is the POST body already read (readLimitedText), `callbackCookie` the callback address cookie's value.
 */
export function refuseAuthRequest(
  request: { method: string; url: string; headers: Headers },
  body: string | undefined,
  callbackCookie: string | undefined,
): Response | null {
  const url = new URL(request.url);
  const [action = '', provider] = url.pathname.slice('/api/auth/'.length).split('/');
  const methods = ACTIONS[action];
  if (!methods) return refusal(404, 'NOT_FOUND', 'Not found.');
  const method = request.method.toUpperCase();
  const allowed = action === 'callback' && POST_ONLY_CALLBACKS.has(provider ?? '') ? ['POST'] : methods;
  if (!allowed.includes(method)) {
    return refusal(405, 'METHOD_NOT_ALLOWED', 'This sign-in address does not take this method.', { allow: allowed.join(', ') });
  }
  const callbackUrl = url.searchParams.get('callbackUrl');
  if ((callbackUrl !== null && !isHttpAddress(callbackUrl, url.origin)) || (callbackCookie && !isHttpAddress(callbackCookie, url.origin))) {
    return refusal(400, 'BAD_REQUEST', 'Invalid request.');
  }
  if (method !== 'POST') return null;
  const type = request.headers.get('content-type') ?? '';
  if (FORM.test(type)) return null;
  // next-auth parses a JSON body whatever it holds (an empty one too) and ignores a body of any other type.
  if (!JSON_TYPE.test(type)) {
    if (!body) return null;
    return refusal(415, 'UNSUPPORTED_MEDIA_TYPE', 'Sign-in requests are sent as a form (application/x-www-form-urlencoded).');
  }
  try {
    const parsed = JSON.parse(body ?? '') as unknown;
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return null;
  } catch {
    // refused below
  }
  return refusal(400, 'MALFORMED_JSON', 'The request body is not valid JSON.');
}
