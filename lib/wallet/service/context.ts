// What every wallet domain function receives: the database (or the open transaction) and the
// authenticated app on whose behalf it acts: the actor of the wallet service.
import type { WalletDatabase, Executor } from './db';

export type { Executor };

export type AuthenticatedApp = {
  /** Internal key of the app row. */
  id: number;
  appId: string;
  agencyId: number;
  agencyCode: string;
};

export type DomainOptions<P> = {
  db: WalletDatabase;
  app: AuthenticatedApp;
  params: P;
};

/** The PostgreSQL error code of a failed query, looking through driver wrappers. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
