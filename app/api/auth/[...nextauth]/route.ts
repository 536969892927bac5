// next-auth's endpoints (sign-in, sign-out, CSRF token, session).
import NextAuth from 'next-auth';
import { getAuthOptions } from '@/lib/backoffice/auth/auth-options';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: RouteContext) {
  return NextAuth(request as never, { params: await context.params } as never, getAuthOptions());
}

export { handler as GET, handler as POST };
