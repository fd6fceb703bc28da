// GET, POST /api/auth/... - next-auth: sign in, session, sign out
import NextAuth from 'next-auth';
import { authOptions } from '@/lib/server/auth-options';

export const runtime = 'nodejs';

const handler = NextAuth(authOptions);
export { handler as GET, handler as POST };
