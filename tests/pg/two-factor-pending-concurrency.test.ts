// A two-factor sign-in's half-way record (lib/backoffice/auth/two-factor-pending.ts) under real
// concurrency, on PostgreSQL: the sign-in spends it in one conditional DELETE, so 20 uses of one
// cookie at the same moment, over a pool of connections, make one sign-in; an expired record is
// spent by nobody (docs/security.md "The back-office").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPendingSignIn,
  openPendingSignIn,
  spendPendingSignIn,
} from '@/lib/backoffice/auth/two-factor-pending';
import { createStaffAccount } from '@/lib/backoffice/staff/create-staff-account';
import { createFreshPgDatabase } from '../helpers/pg';
import { createPostgresTestDatabase, type TestDatabase } from '../helpers/wallet-db';

let pgDb: { url: string; drop(): Promise<void> };
let db: TestDatabase;
let staffId: number;

beforeAll(async () => {
  pgDb = await createFreshPgDatabase();
  db = await createPostgresTestDatabase(pgDb.url, 20);
  ({ staffId } = await createStaffAccount({
    db: db.backoffice,
    email: 'ada@example.com',
    name: 'Ada',
    role: 'admin',
    password: 'the-right-password-1',
  }));
});

afterAll(async () => {
  await db?.close();
  await pgDb?.drop();
});

describe('a pending two-factor sign-in', () => {
  it('used 20 times at once is spent once', async () => {
    const token = await createPendingSignIn(db.backoffice, { staffId, sessionVersion: 1 });
    expect(await openPendingSignIn(db.backoffice, token)).toEqual({ staffId, sessionVersion: 1, token });
    const spends = await Promise.all(
      Array.from({ length: 20 }, () => spendPendingSignIn(db.backoffice, token)),
    );
    expect(spends.filter(Boolean)).toHaveLength(1);
    expect(await openPendingSignIn(db.backoffice, token)).toBeNull();
  });

  it('once its five minutes are over, is neither found nor spent', async () => {
    const now = Date.now();
    const token = await createPendingSignIn(db.backoffice, { staffId, sessionVersion: 1 }, now);
    const later = now + 5 * 60_000;
    expect(await openPendingSignIn(db.backoffice, token, later)).toBeNull();
    expect(await spendPendingSignIn(db.backoffice, token, later)).toBe(false);
    expect(await spendPendingSignIn(db.backoffice, token, later - 1)).toBe(true);
  });
});
