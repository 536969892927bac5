// The fields this app keeps in next-auth's JWT and session.
import 'next-auth';
import 'next-auth/jwt';
import type { SessionStaff } from '@/lib/backoffice/auth/auth-options';

declare module 'next-auth' {
  interface Session {
    /** Set only while the session counts (auth-options.ts, staffOfToken). */
    staff?: SessionStaff;
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    staffId?: number;
    role?: string;
    sv?: number;
  }
}
