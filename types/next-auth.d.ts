// The fields this app keeps in next-auth's JWT and session.
import 'next-auth';
import 'next-auth/jwt';

declare module 'next-auth' {
  interface Session {
    staffId?: number;
    sv?: number;
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    staffId?: number;
    role?: string;
    sv?: number;
  }
}
