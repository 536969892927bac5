// The fields this app keeps in next-auth's JWT and session.
import 'next-auth';
import 'next-auth/jwt';
import type { StaffRole } from '@/lib/backoffice/auth/staff-roles';

declare module 'next-auth' {
  interface Session {
    /** Set only while the session counts (auth-options.ts, staffOfToken). */
    staff?: { id: number; email: string; name: string; role: StaffRole };
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    staffId?: number;
    role?: string;
    sv?: number;
  }
}
