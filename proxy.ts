import { NextResponse, type NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';
import { EMBEDDED_COOKIE } from '@/lib/auth/embedded';
import { INVITATION_TOKEN_HEADER } from '@/lib/i18n/invitation-header';

// Routes of section 2 that need a signed-in user; anything else that is not open goes to /login.
const PROTECTED = [
  /^\/$/,
  /^\/change-password$/,
  /^\/branch$/,
  /^\/feedback$/,
  /^\/donations\/add$/,
  /^\/donations\/\d{4}\/\d{1,2}$/,
  /^\/donations\/\d{4}\/\d{1,2}\/report$/,
  /^\/donations\/edit\/[^/]+\/[^/]+$/,
  /^\/branch\/people$/,
  // The program's screens: /program and everything below it.
  /^\/program(\/[^/]+)*$/,
  // The retail partner's screens: /partner and everything below it.
  /^\/partner(\/[^/]+)*$/,
];
// Screens that act on the selected branch: program staff without a branch are sent to /program instead.
const BRANCH_SCREENS = [/^\/$/, /^\/branch$/, /^\/donations(\/.*)?$/];
// A retail partner belongs to no branch and has no program role: every branch and program screen sends them home,
// and so does Help and Feedback, whose contacts are the food banks' support (a partner asks about a line with a query).
const NOT_FOR_PARTNERS = [/^\/$/, /^\/branch(\/.*)?$/, /^\/donations(\/.*)?$/, /^\/program(\/.*)?$/, /^\/feedback$/];
const PARTNER_SCREENS = /^\/partner(\/.*)?$/;
// The installable app's manifest is fetched by the browser without cookies; an invitation link is its own credential.
const OPEN = [/^\/login$/, /^\/forgot-password$/, /^\/manifest\.webmanifest$/, /^\/invitation\/[A-Za-z0-9_-]+$/];

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
  // Only this proxy says which invitation a page shows (its language is the invitee's: lib/i18n/visitor-locale.ts).
  requestHeaders.delete(INVITATION_TOKEN_HEADER);
  requestHeaders.set('content-security-policy', csp);
  const response = await route(request, requestHeaders);
  response.headers.set('content-security-policy', csp);
  // Only over https: a browser told over http would pin a scheme the server does not speak.
  if (request.nextUrl.protocol === 'https:') response.headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
  return response;
}

async function route(request: NextRequest, requestHeaders: Headers) {
  const { pathname, search } = request.nextUrl;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (OPEN.some((r) => r.test(path))) {
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
  if (!PROTECTED.some((r) => r.test(path))) return NextResponse.redirect(loginUrl);

  const token = await getToken({ req: request, secret: process.env.NEXTAUTH_SECRET, cookieName: sessionCookieName() }).catch(() => null);
  const expired = typeof token?.apiTokenExpiresAt === 'string' && Date.parse(token.apiTokenExpiresAt) <= Date.now();
  if (!token?.apiToken || expired) {
    // Keep the origin path and its query for after sign-in.
    loginUrl.searchParams.set('callbackUrl', `${path}${search}`);
    // Opened from the chat tool: the login page must know it too (embedded mode).
    if (request.nextUrl.searchParams.get('from') === 'workplace') loginUrl.searchParams.set('from', 'workplace');
    return NextResponse.redirect(loginUrl);
  }
  const user = token.user;
  if (user?.partner && NOT_FOR_PARTNERS.some((r) => r.test(path))) return NextResponse.redirect(new URL('/partner', request.url));
  // Anyone else has no partner screens (the API would refuse each of their calls): their home instead.
  if (!user?.partner && PARTNER_SCREENS.test(path)) return NextResponse.redirect(new URL('/', request.url));
  if (user?.program && !user.branchId && BRANCH_SCREENS.some((r) => r.test(path))) {
    return NextResponse.redirect(new URL('/program', request.url));
  }
  return NextResponse.next({ request: { headers: requestHeaders } });
}

export const config = {
  // Not the API, the BFF, next-auth, Next's build output, the service worker (/serwist/sw.js) or the files of public/: those authorize on their own (or
  // are public). Only these folders and names: a suffix (/donations/2026/10.js) no longer skips the proxy and its CSP.
  matcher: ['/((?!api/|bff/|_next/|images/|serwist/|favicon\\.ico$|icon\\.|apple-icon\\.|manifest\\.webmanifest$|robots\\.txt$).*)'],
};
