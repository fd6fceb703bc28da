import { NextResponse, type NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';
import { EMBEDDED_COOKIE } from '@/web/auth/embedded';
import { INVITATION_TOKEN_HEADER } from '@/web/i18n/invitation-header';
import { screenDecision, screenFor } from '@/web/screen-access';

function sessionCookieName(): string {
  const origin = process.env.NEXTAUTH_URL || '';
  return origin.startsWith('https://') ? '__Secure-rfp.session-token' : 'rfp.session-token';
}

/**
 * CSP frame-ancestors: only the chat tool's origins (WORKPLACE_FRAME_ANCESTORS, space- or comma-separated) may
 * frame the app, besides itself; unset, only 'self'. Anything that is not an origin or a wildcard host is dropped,
 * so a typo cannot inject other directives.
 */
function frameAncestors(): string {
  const allowed = (process.env.WORKPLACE_FRAME_ANCESTORS ?? '')
    .split(/[\s,]+/)
    .filter((v) => /^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?$/.test(v));
  return ["'self'", ...allowed].join(' ');
}

/**
 * The chat tool's SDK (embedded mode) talks to its own origin from our pages: allowed for connections and frames
 * only when embedded mode is configured. Its script is loaded by ours, which 'strict-dynamic' already allows.
 */
function chatSdkOrigin(): string {
  if (!process.env.WORKPLACE_SDK_URL && !process.env.WORKPLACE_RFP_APP_ID && !process.env.WORKPLACE_INFO_APP_ID) return '';
  try {
    return ` ${new URL(process.env.WORKPLACE_SDK_URL?.trim() || 'https://connect.facebook.net/').origin}`;
  } catch {
    return '';
  }
}

/**
 * The page's Content-Security-Policy: scripts only with this request's nonce (Next puts it on its own scripts when
 * it finds the policy in the request headers; 'strict-dynamic' lets those load the chunks and the chat tool's SDK),
 * no plugins, no <base> elsewhere, framing as before. Styles keep 'unsafe-inline' (React style attributes).
 */
export function contentSecurityPolicy(nonce: string, dev = process.env.NODE_ENV === 'development'): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${chatSdkOrigin()}`,
    `frame-src 'self'${chatSdkOrigin()}`,
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors ${frameAncestors()}`,
  ].join('; ');
}

export async function proxy(request: NextRequest) {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const csp = contentSecurityPolicy(nonce);
  // The request carries the policy and the nonce on to the render (Next reads the nonce from it).
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  // Only this proxy says which invitation a page shows (its language is the invitee's: web/i18n/visitor-locale.ts).
  requestHeaders.delete(INVITATION_TOKEN_HEADER);
  requestHeaders.set('content-security-policy', csp);
  const response = await route(request, requestHeaders);
  response.headers.set('content-security-policy', csp);
  // Only over https: a browser told over http would pin a scheme the server does not speak.
  if (request.nextUrl.protocol === 'https:') response.headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
  return response;
}

// The installable app's manifest is fetched by the browser without cookies: no screen, but never a sign-in.
const MANIFEST = '/manifest.webmanifest';

/** Who may open the page: the table of web/screen-access.ts, the same one the layouts and pages check. */
async function route(request: NextRequest, requestHeaders: Headers) {
  const { pathname, search } = request.nextUrl;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const screen = path === MANIFEST ? { level: 'open' as const } : screenFor(path);
  if (screen?.level === 'open') {
    if (path.startsWith('/invitation/')) requestHeaders.set(INVITATION_TOKEN_HEADER, path.slice('/invitation/'.length));
    const response = NextResponse.next({ request: { headers: requestHeaders } });
    // The chat tool frames this page: mark the browser so next-auth sets SameSite=None cookies (https only;
    // browsers refuse SameSite=None without Secure, so over plain http the frame case cannot work anyway).
    if (
      path === '/login' &&
      request.nextUrl.searchParams.get('from') === 'workplace' &&
      (process.env.NEXTAUTH_URL || '').startsWith('https://')
    ) {
      response.cookies.set(EMBEDDED_COOKIE, '1', { httpOnly: true, secure: true, sameSite: 'none', path: '/' });
    }
    return response;
  }

  const loginUrl = new URL('/login', request.url);
  // Any path that is no screen goes to the sign-in page (product rules: Routes).
  if (!screen) return NextResponse.redirect(loginUrl);

  const token = await getToken({ req: request, secret: process.env.NEXTAUTH_SECRET, cookieName: sessionCookieName() }).catch(() => null);
  const expired = typeof token?.apiTokenExpiresAt === 'string' && Date.parse(token.apiTokenExpiresAt) <= Date.now();
  const decision = screenDecision(screen.level, token?.apiToken && !expired ? (token.user ?? {}) : undefined);
  if ('signIn' in decision) {
    // Keep the origin path and its query for after sign-in, unless they are so long that the redirect's headers
    // would pass what servers and proxies accept (16 kB): then the path alone, or nothing.
    const origin = [`${path}${search}`, path].find((p) => p.length <= MAX_CALLBACK_LENGTH);
    if (origin) loginUrl.searchParams.set('callbackUrl', origin);
    // Opened from the chat tool: the login page must know it too (embedded mode).
    if (request.nextUrl.searchParams.get('from') === 'workplace') loginUrl.searchParams.set('from', 'workplace');
    return NextResponse.redirect(loginUrl);
  }
  if ('redirect' in decision) return NextResponse.redirect(new URL(decision.redirect, request.url));
  // Allowed, or not found: the layout or the page answers the same 404 as an unknown page, from the same table.
  return NextResponse.next({ request: { headers: requestHeaders } });
}

/** Longer origins are not kept for after sign-in: a browser address of 2,000 characters is already unusual. */
const MAX_CALLBACK_LENGTH = 2_000;

export const config = {
  // Not the API, the BFF, next-auth, Next's build output, the service worker (/serwist/sw.js) or the files of public/: those authorize on their own (or
  // are public). Only these folders and names: a suffix (/donations/2026/10.js) no longer skips the proxy and its CSP.
  matcher: ['/((?!api/|bff/|_next/|images/|serwist/|favicon\\.ico$|icon\\.|apple-icon\\.|manifest\\.webmanifest$|robots\\.txt$).*)'],
};
