// The sign-in throttle over HTTP, through next-auth's real credentials endpoint (served by
// tests/helpers/auth-endpoint-server.ts): simultaneous guesses are counted before any is checked,
// so 40 sent at once get at most 4 password checks, and the right password still works once the
// wait is over; and a browser that signed in before (its device cookie) is not locked out by
// others failing from its address, while a browser without one waits (docs/security.md
// "Sign-in throttle").
import { request } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInThrottle } from '@/lib/backoffice/db/schema';
import type { BackofficeDatabase } from '@/lib/backoffice/db';
import { createStaffAccount } from '@/lib/backoffice/staff/create-staff-account';
import { startAuthEndpointServer, type AuthEndpointServer } from '../helpers/auth-endpoint-server';
import { CookieJar, prepareSignIn, trySignIn } from '../helpers/backoffice-http';
import { createTestDatabase } from '../helpers/wallet-db';

const checks = vi.hoisted(() => ({ verifyPassword: 0 }));

vi.mock('next/headers', async () => (await import('../helpers/auth-endpoint-server')).nextHeaders);
vi.mock('@/lib/backoffice/auth/password', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/backoffice/auth/password')>();
  return {
    ...original,
    verifyPassword: async (password: string, hash: string) => {
      checks.verifyPassword += 1;
      return original.verifyPassword(password, hash);
    },
  };
});

const PASSWORD = 'the-right-password-1';
const ADA = 'ada@example.com';
// Every request of this file comes from the same socket address: 127.0.0.1.
const ADDRESS = '127.0.0.1';

let server: AuthEndpointServer;
let db: BackofficeDatabase;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The wait a refusal asks for, in seconds (`wait:<seconds>`); null for any other outcome. */
function waitOf(outcome: Awaited<ReturnType<typeof trySignIn>>): number | null {
  if (outcome.ok) return null;
  const match = /^wait:(\d+)$/.exec(outcome.error);
  return match ? Number(match[1]) : null;
}

beforeAll(async () => {
  await createTestDatabase();
  server = await startAuthEndpointServer();
}, 120_000);

// A database of its own per test: every request here counts towards the same address.
beforeEach(async () => {
  db = (await createTestDatabase()).backoffice;
  await createStaffAccount({ db, email: ADA, name: 'Ada', role: 'operator', password: PASSWORD });
  checks.verifyPassword = 0;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('simultaneous guesses', () => {
  it('40 wrong guesses at once from one address at one account: 4 password checks, 36 refused unheard', async () => {
    // The 40 at one instant, as sent: the server's clock (this process's) held still while it hears
    // them, so that the wait the fourth check sets cannot run out while a busy machine is still
    // hearing the others (docs/testing.md "Under load"); the CSRF round trips first.
    const attempts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => prepareSignIn(server.baseUrl, ADA, `wrong-guess-${i}`)),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    const outcomes = await Promise.all(attempts.map((send) => send())).finally(() => vi.useRealTimers());
    expect(checks.verifyPassword).toBe(4);
    const errors = outcomes.map((o) => (o.ok ? 'signed in' : o.error));
    expect(errors.filter((e) => e === 'invalid-credentials')).toHaveLength(4);
    expect(errors.filter((e) => e === 'wait:1')).toHaveLength(36);

    // The right password works once the wait is over (asked again if a wait was still running).
    let outcome = await trySignIn(server.baseUrl, ADA, PASSWORD);
    const wait = waitOf(outcome);
    if (wait !== null) {
      await sleep(wait * 1000);
      outcome = await trySignIn(server.baseUrl, ADA, PASSWORD);
    }
    expect(outcome.ok).toBe(true);
    expect(checks.verifyPassword).toBe(5);
  });
});

describe('device cookies', () => {
  it("a browser that signed in before signs in while its address waits after others' failures; one without the cookie waits", async () => {
    const first = await trySignIn(server.baseUrl, ADA, PASSWORD);
    if (!first.ok) throw new Error(`first sign-in refused: ${first.error}`);
    const deviceCookie = new CookieJar(first.cookie);
    const name = first.cookie.match(/(card-wallet\.device\.[\w-]+)=/)?.[1];
    expect(name).toBeDefined();
    const device = `${name}=${deviceCookie.get(name!)}`;

    // Someone else at the same address fails at 21 other accounts: the address's 20 are used up.
    for (let i = 0; i < 21; i++) {
      const outcome = await trySignIn(server.baseUrl, `someone${i}@example.com`, 'guess');
      expect(outcome).toMatchObject({ ok: false, error: 'invalid-credentials' });
    }
    const [address] = await db.select().from(signInThrottle).where(eq(signInThrottle.key, ADDRESS));
    expect(address).toMatchObject({ scope: 'address', failures: 21 });
    // ...and goes on until the address waits five minutes (set here rather than waited for).
    await db
      .update(signInThrottle)
      .set({ failures: 29, nextAttemptAt: new Date(Date.now() + 5 * 60_000) })
      .where(eq(signInThrottle.key, ADDRESS));
    const checksBefore = checks.verifyPassword;

    // A browser without the cookie waits, right password or not, unheard.
    const stranger = await trySignIn(server.baseUrl, ADA, PASSWORD);
    expect(waitOf(stranger)).toBeGreaterThan(250);
    expect(checks.verifyPassword).toBe(checksBefore);

    // Ada's browser signs in at once, and its cookie is renewed.
    const known = await trySignIn(server.baseUrl, ADA, PASSWORD, { cookie: device });
    expect(known.ok).toBe(true);
    expect(checks.verifyPassword).toBe(checksBefore + 1);
    // Its cookie does nothing for another account.
    const other = await trySignIn(server.baseUrl, 'someone0@example.com', 'guess', { cookie: device });
    expect(waitOf(other)).toBeGreaterThan(250);
  });

  it('wrong passwords from a known device are throttled on that device', async () => {
    const first = await trySignIn(server.baseUrl, ADA, PASSWORD);
    if (!first.ok) throw new Error(`first sign-in refused: ${first.error}`);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        trySignIn(server.baseUrl, ADA, `wrong-${i}`, { cookie: first.cookie }),
      ),
    );
    expect(outcomes.filter((o) => !o.ok && o.error === 'invalid-credentials')).toHaveLength(4);
    expect(outcomes.filter((o) => waitOf(o) === 1)).toHaveLength(6);
  });
});

/**
 * One sign-in attempt sent from `localAddress` (any of 127.0.0.0/8 reaches the server, and the
 * server counts the socket's address): next-auth's CSRF round trip, then the credentials post.
 */
async function signInFrom(
  localAddress: string,
  email: string,
  password: string,
  cookie = '',
): Promise<Awaited<ReturnType<typeof trySignIn>>> {
  const jar = new CookieJar(cookie);
  const send = (path: string, body?: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const url = new URL(path, server.baseUrl);
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          localAddress,
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            Cookie: jar.toString(),
            ...(body === undefined
              ? {}
              : { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.baseUrl }),
          },
        },
        (res) => {
          const headers = new Headers();
          for (const line of res.headers['set-cookie'] ?? []) headers.append('set-cookie', line);
          jar.absorb(new Response(null, { headers }));
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.once('error', reject);
      req.end(body);
    });
  const { csrfToken } = JSON.parse((await send('/api/auth/csrf')).text) as { csrfToken: string };
  const form = new URLSearchParams({ email, password, csrfToken, json: 'true' }).toString();
  const answer = await send('/api/auth/callback/credentials', form);
  const url = (JSON.parse(answer.text) as { url?: string }).url;
  const error = url ? new URL(url, server.baseUrl).searchParams.get('error') : null;
  if (error || !jar.get('next-auth.session-token')) {
    return { ok: false, error: error ?? `no session (${answer.status})`, status: answer.status };
  }
  return { ok: true, cookie: jar.toString() };
}

describe('a guesser on many addresses while the owner signs in', () => {
  it("the owner's sign-ins from a known browser clear nothing the guesser spent: 12 addresses, one guess every half second for 40 s, 16 checked with the owner signing in every 8 s, as many as with the owner idle", async () => {
    // The server's clock (this process's) is set at each step: the test is 40 s of the throttle's
    // time, however long the machine takes to run it.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(start - 60_000);
      const first = await signInFrom('127.0.0.1', ADA, PASSWORD);
      if (!first.ok) throw new Error(`the owner's first sign-in was refused: ${first.error}`);
      const ownerSignIns: boolean[] = [];
      const guesses: string[] = [];
      for (let step = 0; step < 80; step++) {
        vi.setSystemTime(start + step * 500);
        if (step % 16 === 0)
          ownerSignIns.push((await signInFrom('127.0.0.1', ADA, PASSWORD, first.cookie)).ok);
        const guess = await signInFrom(`127.0.0.${2 + (step % 12)}`, ADA, `guess-${step}`);
        guesses.push(guess.ok ? 'signed in' : guess.error.replace(/^wait:\d+$/, 'wait'));
      }
      expect(ownerSignIns).toEqual([true, true, true, true, true]);
      // 10 free on the account, then one after each wait: 1, 2, 4, 8 and 16 s (the next is 30 s).
      expect(guesses.filter((g) => g === 'invalid-credentials')).toHaveLength(16);
      expect(guesses.filter((g) => g === 'wait')).toHaveLength(64);
    } finally {
      vi.useRealTimers();
    }
  });
});
