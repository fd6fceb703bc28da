import { NextResponse, type NextRequest } from 'next/server';
import { getToken } from 'next-auth/jwt';

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

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (OPEN.some((r) => r.test(path))) return NextResponse.next();

  const loginUrl = new URL('/login', request.url);
  if (!PROTECTED.some((r) => r.test(path))) return NextResponse.redirect(loginUrl);

  const token = await getToken({ req: request, secret: process.env.NEXTAUTH_SECRET, cookieName: sessionCookieName() }).catch(() => null);
  const expired = typeof token?.apiTokenExpiresAt === 'string' && Date.parse(token.apiTokenExpiresAt) <= Date.now();
  if (!token?.apiToken || expired) {
    // Keep the origin path and its query for after sign-in.
    loginUrl.searchParams.set('callbackUrl', `${path}${search}`);
    return NextResponse.redirect(loginUrl);
  }
  return NextResponse.next();
}

export const config = {
  // Not the API, the BFF, next-auth or static files: those authorize on their own.
  matcher: ['/((?!api/|bff/|_next/|images/|favicon\\.ico|robots\\.txt|.*\\.(?:png|jpg|jpeg|svg|webp|ico|css|js|map|txt)$).*)'],
};
