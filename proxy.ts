import { NextResponse, type NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';
import { EMBEDDED_COOKIE } from '@/lib/auth/embedded';

// Routes of section 2 that need a signed-in user; anything else that is not open goes to /login.
const PROTECTED = [
  /^\/$/,
  /^\/change-password$/,
  /^\/branch$/,
  /^\/feedback$/,
  /^\/donations\/add$/,
  /^\/donations\/\d{4}\/\d{1,2}$/,
  /^\/donations\/edit\/[^/]+\/[^/]+$/,
];
const OPEN = [/^\/login$/, /^\/forgot-password$/];

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

export async function proxy(request: NextRequest) {
  const response = await route(request);
  response.headers.set('content-security-policy', `frame-ancestors ${frameAncestors()}`);
  return response;
}

async function route(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (OPEN.some((r) => r.test(path))) {
    const response = NextResponse.next();
    // The chat tool frames this page: mark the browser so next-auth sets SameSite=None cookies (https only;
    // browsers refuse SameSite=None without Secure, so over plain http the frame case cannot work anyway).
    if (path === '/login' && request.nextUrl.searchParams.get('from') === 'workplace' && (process.env.NEXTAUTH_URL || '').startsWith('https://')) {
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
  return NextResponse.next();
}

export const config = {
  // Not the API, the BFF, next-auth or static files: those authorize on their own.
  matcher: ['/((?!api/|bff/|_next/|images/|favicon\\.ico|robots\\.txt|.*\\.(?:png|jpg|jpeg|svg|webp|ico|css|js|map|txt)$).*)'],
};
