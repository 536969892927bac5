// Two-factor sign-in over HTTP, through next-auth's real credentials endpoint (served by
// tests/helpers/auth-endpoint-server.ts): an enrolled account needs its code after the password;
// a wrong code is refused and throttled like a wrong password (10 at once: 4 checked); a code is
// good once; a recovery code once; and when the agency requires two factors of admins, an admin
// who has not set them up is signed in only to set them up (docs/back-office.md "Two-factor
// sign-in").
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settings } from '@/lib/backoffice/db/schema';
import type { BackofficeDatabase } from '@/lib/backoffice/db';
import {
  confirmEnrolment,
  pendingSecret,
  startEnrolment,
  totpCodeAt,
} from '@/lib/backoffice/auth/two-factor';
import { DEFAULT_SETTINGS } from '@/lib/backoffice/settings/settings-schema';
import { createStaffAccount } from '@/lib/backoffice/staff/create-staff-account';
import { startAuthEndpointServer, type AuthEndpointServer } from '../helpers/auth-endpoint-server';
import { prepareSignIn, trySignIn } from '../helpers/backoffice-http';
import { createTestDatabase } from '../helpers/wallet-db';

vi.mock('next/headers', async () => (await import('../helpers/auth-endpoint-server')).nextHeaders);

const PASSWORD = 'the-right-password-1';
const ADA = 'ada@example.com';

let server: AuthEndpointServer;
let db: BackofficeDatabase;
let adaId: number;

beforeAll(async () => {
  await createTestDatabase();
  server = await startAuthEndpointServer();
}, 120_000);

beforeEach(async () => {
  db = (await createTestDatabase()).backoffice;
  ({ staffId: adaId } = await createStaffAccount({
    db,
    email: ADA,
    name: 'Ada',
    role: 'admin',
    password: PASSWORD,
  }));
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** Ada enrolled a step ago (so that the current step's code is still unused). */
async function enrolAda(): Promise<{ secret: string; recoveryCodes: string[] }> {
  await startEnrolment(db, adaId);
  const secret = (await pendingSecret(db, adaId))!;
  const before = Date.now() - 30_000;
  const recoveryCodes = await confirmEnrolment(db, adaId, totpCodeAt(secret, before), before);
  return { secret, recoveryCodes };
}

const errorOf = (outcome: Awaited<ReturnType<typeof trySignIn>>) =>
  outcome.ok ? 'signed in' : outcome.error;

describe('an account with two-factor sign-in', () => {
  it('the password alone asks for the code; with the right code it signs in', async () => {
    const { secret } = await enrolAda();
    expect(errorOf(await trySignIn(server.baseUrl, ADA, PASSWORD))).toBe('two-factor-required');
    const outcome = await trySignIn(server.baseUrl, ADA, PASSWORD, { code: totpCodeAt(secret, Date.now()) });
    expect(outcome.ok).toBe(true);
  });

  it('a wrong password with a right code is refused as a wrong password', async () => {
    const { secret } = await enrolAda();
    const outcome = await trySignIn(server.baseUrl, ADA, 'wrong-password', {
      code: totpCodeAt(secret, Date.now()),
    });
    expect(errorOf(outcome)).toBe('invalid-credentials');
  });

  it('a code is good once: the same code again is refused', async () => {
    const { secret } = await enrolAda();
    const code = totpCodeAt(secret, Date.now());
    expect((await trySignIn(server.baseUrl, ADA, PASSWORD, { code })).ok).toBe(true);
    expect(errorOf(await trySignIn(server.baseUrl, ADA, PASSWORD, { code }))).toBe('invalid-code');
  });

  it('wrong codes are throttled like wrong passwords: 10 at once, 4 heard and 6 refused unheard', async () => {
    const { secret } = await enrolAda();
    // Ten codes none of which is right in the steps the server accepts now.
    const now = Date.now();
    const right = new Set([-60_000, -30_000, 0, 30_000, 60_000].map((d) => totpCodeAt(secret, now + d)));
    const wrong = Array.from({ length: 20 }, (_, i) => String(100000 + i * 7919)).filter(
      (c) => !right.has(c),
    );
    // At one instant on the server's clock (this process's), the CSRF round trips first: the wait
    // the fourth sets cannot run out while a busy machine still hears the rest (docs/testing.md
    // "Under load").
    const attempts = await Promise.all(
      wrong.slice(0, 10).map((code) => prepareSignIn(server.baseUrl, ADA, PASSWORD, { code })),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    const outcomes = await Promise.all(attempts.map((send) => send())).finally(() => vi.useRealTimers());
    const errors = outcomes.map(errorOf);
    expect(errors.filter((e) => e === 'invalid-code')).toHaveLength(4);
    expect(errors.filter((e) => e === 'wait:1')).toHaveLength(6);
  });

  it('a recovery code signs in once', async () => {
    const { recoveryCodes } = await enrolAda();
    const code = recoveryCodes[0]!;
    expect((await trySignIn(server.baseUrl, ADA, PASSWORD, { code })).ok).toBe(true);
    expect(errorOf(await trySignIn(server.baseUrl, ADA, PASSWORD, { code }))).toBe('invalid-code');
    expect((await trySignIn(server.baseUrl, ADA, PASSWORD, { code: recoveryCodes[1]! })).ok).toBe(true);
  });
});

describe('required by the agency', () => {
  it('an admin without it is signed in only to set it up; an operator is not concerned', async () => {
    await db
      .insert(settings)
      .values({ id: 1, ...DEFAULT_SETTINGS, twoFactorRequiredFor: 'admins', updatedBy: 't' });
    await createStaffAccount({
      db,
      email: 'olga@example.com',
      name: 'Olga',
      role: 'operator',
      password: PASSWORD,
    });
    const sessionOf = async (email: string) => {
      const outcome = await trySignIn(server.baseUrl, email, PASSWORD);
      if (!outcome.ok) throw new Error(`sign-in refused: ${outcome.error}`);
      const response = await fetch(`${server.baseUrl}/api/auth/session`, {
        headers: { Cookie: outcome.cookie },
      });
      return ((await response.json()) as { staff?: Record<string, unknown> }).staff;
    };
    expect(await sessionOf(ADA)).toMatchObject({ email: ADA, mustEnrolTwoFactor: true });
    const olga = await sessionOf('olga@example.com');
    expect(olga).toMatchObject({ email: 'olga@example.com' });
    expect(olga).not.toHaveProperty('mustEnrolTwoFactor');
  });
});
