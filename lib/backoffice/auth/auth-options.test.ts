// Credentials sign-in (authorizeCredentials) against a real database: a success returns what
// the session needs and forgives the account's failures; every refusal throws the code the form
// words (never saying whether the e-mail exists), counts towards the throttle when it is a wrong
// password, and is audited; an attempt made before the throttle's wait is over is refused unheard
// (wait:<seconds>), the right password included, and heard again once the wait is over; a
// stranger's failures from elsewhere never keep the owner out. And the client address the
// throttle counts by is the socket's, or the N-th X-Forwarded-For hop behind N proxies.
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, signInThrottle, staff } from '@/lib/backoffice/db/schema';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { createStaffAccount } from '@/lib/backoffice/staff/create-staff-account';
import { inviteStaff } from '@/lib/backoffice/staff/invite-staff';
import { resetTestDatabase } from '@/tests/helpers/wallet-db';
import { PEER_ADDRESS_HEADER } from '@/lib/backoffice/auth/peer-address';
import { authorizeCredentials, clientAddress, SignInError } from './auth-options';
import { claimAttempt, countersOf, delayAfter } from './sign-in-throttle';

const PASSWORD = 'a-long-password-1';
const ADDRESS = '203.0.113.50';
// Reached directly: the socket address (stamped by peer-address.ts) is the client's; a forged
// X-Forwarded-For must make no difference.
const HEADERS = { [PEER_ADDRESS_HEADER]: ADDRESS, 'x-forwarded-for': '192.0.2.77' };

let db: Database;
let adaId: number;

// Each test clones a database and hashes passwords (scrypt): seconds, not milliseconds.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

// The first reset migrates the file's database: slow once.
beforeAll(async () => {
  await resetTestDatabase();
}, 120_000);

beforeEach(async () => {
  db = (await resetTestDatabase()).backoffice;
  ({ staffId: adaId } = await createStaffAccount({
    db,
    email: 'ada@example.com',
    name: 'Ada Admin',
    role: 'operator',
    password: PASSWORD,
  }));
}, 120_000);

async function failures(scope: 'account' | 'address' | 'pair', key: string): Promise<number> {
  const [row] = await db
    .select({ failures: signInThrottle.failures })
    .from(signInThrottle)
    .where(and(eq(signInThrottle.scope, scope), eq(signInThrottle.key, key)));
  return row?.failures ?? 0;
}

/** As if `count` attempts at the account from ADDRESS had failed, the last of them `msAgo` ago. */
async function seedFailures(count: number, msAgo = 0) {
  const last = Date.now() - msAgo;
  for (const counter of countersOf({ account: 'ada@example.com', address: ADDRESS })) {
    await db.insert(signInThrottle).values({
      ...counter,
      failures: count,
      lastFailureAt: new Date(last),
      nextAttemptAt: new Date(last + delayAfter(counter.scope, count)),
    });
  }
}

async function signInAudit() {
  return db.select().from(auditLog).where(eq(auditLog.action, 'auth.sign_in')).orderBy(desc(auditLog.id));
}

async function refusal(credentials: unknown, headers: Record<string, string> = HEADERS): Promise<string> {
  try {
    await authorizeCredentials(credentials, headers);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the sign-in to be refused');
}

describe('authorizeCredentials', () => {
  it('signs in: returns the id, role and session version, stamps the sign-in and audits it', async () => {
    await db.update(staff).set({ sessionVersion: 7 }).where(eq(staff.id, adaId));
    const user = await authorizeCredentials({ email: 'ada@example.com', password: PASSWORD }, HEADERS);
    expect(user).toEqual({
      id: String(adaId),
      email: 'ada@example.com',
      name: 'Ada Admin',
      role: 'operator',
      sessionVersion: 7,
    });
    const [row] = await db.select().from(staff).where(eq(staff.id, adaId));
    expect(row?.lastSignInAt).toBeInstanceOf(Date);
    const [entry, ...rest] = await signInAudit();
    expect(rest).toHaveLength(0);
    expect(entry).toMatchObject({ actorId: adaId, actorEmail: 'ada@example.com', outcome: 'success' });
  });

  it('takes the e-mail in any case and with surrounding spaces', async () => {
    const user = await authorizeCredentials({ email: '  ADA@Example.COM ', password: PASSWORD }, HEADERS);
    expect(user.id).toBe(String(adaId));
  });

  it("a success forgives the account's failures, not the address's", async () => {
    for (let i = 0; i < 3; i++) await claimAttempt(db, { account: 'ada@example.com', address: ADDRESS });
    await authorizeCredentials({ email: 'ada@example.com', password: PASSWORD }, HEADERS);
    expect(await failures('account', 'ada@example.com')).toBe(0);
    expect(await failures('pair', `ada@example.com|${ADDRESS}`)).toBe(0);
    expect(await failures('address', ADDRESS)).toBe(3);
  });

  it('a wrong password is invalid-credentials, counted and audited as a failure', async () => {
    expect(await refusal({ email: 'ada@example.com', password: 'not-the-password' })).toBe(
      SignInError.invalid,
    );
    expect(SignInError.invalid).toBe('invalid-credentials');
    expect(await failures('account', 'ada@example.com')).toBe(1);
    expect(await failures('address', ADDRESS)).toBe(1);
    const [entry] = await signInAudit();
    expect(entry).toMatchObject({ actorId: adaId, actorEmail: 'ada@example.com', outcome: 'failure' });
    const [row] = await db.select().from(staff).where(eq(staff.id, adaId));
    expect(row?.lastSignInAt).toBeNull();
  });

  it('an unknown e-mail gets the very same answer, and is counted and audited too', async () => {
    expect(await refusal({ email: 'nobody@example.com', password: PASSWORD })).toBe('invalid-credentials');
    expect(await failures('account', 'nobody@example.com')).toBe(1);
    expect(await failures('address', ADDRESS)).toBe(1);
    const [entry] = await signInAudit();
    expect(entry).toMatchObject({ actorId: null, actorEmail: 'nobody@example.com', outcome: 'failure' });
  });

  it('an invited account (no password yet) cannot sign in with any password', async () => {
    const actor = { id: adaId, email: 'root@example.com', name: 'Root', role: 'admin' as const };
    await inviteStaff({ db, actor, input: { email: 'ivy@example.com', name: 'Ivy', role: 'support' } });
    expect(await refusal({ email: 'ivy@example.com', password: PASSWORD })).toBe('invalid-credentials');
    expect(await refusal({ email: 'ivy@example.com', password: '' })).toBe('invalid-credentials');
  });

  it('a disabled account is account-disabled with the right password, invalid-credentials with a wrong one', async () => {
    await db.update(staff).set({ status: 'disabled' }).where(eq(staff.id, adaId));
    expect(await refusal({ email: 'ada@example.com', password: PASSWORD })).toBe('account-disabled');
    expect(SignInError.disabled).toBe('account-disabled');
    const [entry] = await signInAudit();
    expect(entry).toMatchObject({ actorId: adaId, outcome: 'denied' });
    // Not counted as a failure: the password was right.
    expect(await failures('account', 'ada@example.com')).toBe(0);
    // A wrong password does not learn that the account exists and is disabled.
    expect(await refusal({ email: 'ada@example.com', password: 'wrong-password-x' })).toBe(
      'invalid-credentials',
    );
  });

  it('after 3 free failures, the next attempt waits: wait:<seconds>, the right password included, unheard', async () => {
    for (let i = 0; i < 4; i++)
      expect(await refusal({ email: 'ada@example.com', password: `wrong-${i}` })).toBe('invalid-credentials');
    expect(await refusal({ email: 'ada@example.com', password: PASSWORD })).toBe('wait:1');
    expect(SignInError.wait).toBe('wait');
    const [entry] = await signInAudit();
    expect(entry).toMatchObject({ actorEmail: 'ada@example.com', outcome: 'denied' });
    expect(entry?.summary).toBe('Sign-in refused: 1 s to wait after failed attempts');
    // The refusal is not another failure, and no sign-in was stamped.
    expect(await failures('account', 'ada@example.com')).toBe(4);
    const [row] = await db.select().from(staff).where(eq(staff.id, adaId));
    expect(row?.lastSignInAt).toBeNull();
  });

  it('once the wait is over the right password works again', async () => {
    // Six failures from this address: 4 s after the last.
    await seedFailures(6);
    expect(await refusal({ email: 'ada@example.com', password: PASSWORD })).toBe('wait:4');
    await db.delete(signInThrottle);
    await seedFailures(6, 4_100);
    await expect(
      authorizeCredentials({ email: 'ada@example.com', password: PASSWORD }, HEADERS),
    ).resolves.toMatchObject({ id: String(adaId) });
  });

  it('the wait is by e-mail whatever its case', async () => {
    for (let i = 0; i < 5; i++) await refusal({ email: 'ADA@example.com', password: 'wrong' });
    expect(await refusal({ email: 'ada@EXAMPLE.com', password: PASSWORD })).toMatch(/^wait:/);
  });

  it("a stranger's failures from another address never keep the owner out", async () => {
    const stranger = { [PEER_ADDRESS_HEADER]: '192.0.2.66' };
    for (let i = 0; i < 10; i++)
      await refusal({ email: 'ada@example.com', password: `guess-${i}` }, stranger);
    expect(await refusal({ email: 'ada@example.com', password: 'guess-x' }, stranger)).toMatch(/^wait:/);
    await expect(
      authorizeCredentials({ email: 'ada@example.com', password: PASSWORD }, HEADERS),
    ).resolves.toMatchObject({ id: String(adaId) });
  });

  it('20 free failures from one address over any accounts, then it waits, whatever X-Forwarded-For it forges', async () => {
    for (let i = 0; i < 21; i++) {
      await refusal(
        { email: `guess${i}@example.com`, password: 'wrong' },
        { [PEER_ADDRESS_HEADER]: ADDRESS, 'x-forwarded-for': `10.0.0.${i}` },
      );
    }
    expect(
      await refusal(
        { email: 'ada@example.com', password: PASSWORD },
        { [PEER_ADDRESS_HEADER]: ADDRESS, 'x-forwarded-for': '198.51.100.2' },
      ),
    ).toMatch(/^wait:/);
    // From another address, the account is fine.
    await expect(
      authorizeCredentials(
        { email: 'ada@example.com', password: PASSWORD },
        { [PEER_ADDRESS_HEADER]: '198.51.100.2' },
      ),
    ).resolves.toMatchObject({ id: String(adaId) });
  });

  it('malformed credentials are invalid-credentials, without touching the database', async () => {
    for (const credentials of [
      undefined,
      null,
      'ada@example.com',
      {},
      { email: 'ada@example.com' },
      { email: '', password: PASSWORD },
      { email: 'ada@example.com', password: '' },
      { email: 'ada@example.com', password: 'x'.repeat(201) },
      { email: 'a'.repeat(250) + '@example.com', password: PASSWORD },
      { email: ['ada@example.com'], password: PASSWORD },
    ]) {
      expect(await refusal(credentials), JSON.stringify(credentials)).toBe('invalid-credentials');
    }
    expect(await signInAudit()).toHaveLength(0);
    expect(await failures('address', ADDRESS)).toBe(0);
  });
});

describe('clientAddress', () => {
  it('reached directly, is the socket address and ignores X-Forwarded-For', () => {
    expect(clientAddress({ [PEER_ADDRESS_HEADER]: '203.0.113.1', 'x-forwarded-for': '10.9.9.9' }, 0)).toBe(
      '203.0.113.1',
    );
    expect(clientAddress({ 'x-forwarded-for': '10.9.9.9' }, 0)).toBe('unknown');
  });

  it('behind N trusted proxies, is the N-th X-Forwarded-For entry from the right', () => {
    const headers = {
      [PEER_ADDRESS_HEADER]: '10.0.0.254',
      'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.0.0.2',
    };
    expect(clientAddress(headers, 1)).toBe('10.0.0.2');
    expect(clientAddress(headers, 2)).toBe('203.0.113.9');
    expect(clientAddress({ 'x-forwarded-for': ' 10.0.0.1 ,203.0.113.9 ' }, 1)).toBe('203.0.113.9');
  });

  it('joins repeated headers and ignores empty hops', () => {
    expect(clientAddress({ 'x-forwarded-for': ['10.0.0.1', '203.0.113.2'] }, 1)).toBe('203.0.113.2');
    expect(clientAddress({ 'x-forwarded-for': '203.0.113.3, ,' }, 1)).toBe('203.0.113.3');
  });

  it("is 'unknown' when there is nothing to go on", () => {
    expect(clientAddress(undefined, 0)).toBe('unknown');
    expect(clientAddress({}, 1)).toBe('unknown');
    expect(clientAddress({ 'x-forwarded-for': '' }, 1)).toBe('unknown');
    expect(clientAddress({ 'x-forwarded-for': ' , ' }, 1)).toBe('unknown');
    expect(clientAddress({ 'x-forwarded-for': '203.0.113.1' }, 2)).toBe('unknown');
  });
});
