import { NextResponse, type NextRequest } from 'next/server';

// Placeholder until the screens land: every path but the API and the login page goes to /login.
export function proxy(request: NextRequest) {
  return NextResponse.redirect(new URL('/login', request.url));
}

export const config = { matcher: ['/((?!api|login|_next|favicon.ico).*)'] };
