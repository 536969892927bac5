// Server actions under abuse, over HTTP against the production build in the one Node server: a
// body Next cannot decode (not JSON, or arguments with a `$` reference to nothing), one too large, one of a type Next's client never sends, and a post from
// another origin (or `null`, or none) each get their own 4xx without detail, never a 5xx, and are
// logged as refused (lib/backoffice/auth/action-request-gate.ts). A proper call still runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callServerAction,
  encodeReply,
  prepareSignIn,
  readActionManifest,
  trySignIn,
} from '../helpers/backoffice-http';
import { startApp, type AppProcess } from '../helpers/app-process';

const root = path.resolve(import.meta.dirname, '../..');

const ADMIN_EMAIL = 'admin@example.com';
const ADMIN_PASSWORD = 'action-requests-admin-1';

let app: AppProcess;
let dataDir: string;
let actionId: string;

beforeAll(async () => {
  const signIn = readActionManifest(root).find((a) => a.exportedName === 'signInWithPassword');
  if (!signIn) throw new Error('signInWithPassword is not in the build');
  actionId = signIn.id;
  dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-action-requests-'));
  app = await startApp({
    env: {
      WALLET_DATA_DIR: dataDir,
      WALLET_APP_SECRET: 'action-requests-secret-0123456789',
      AUTH_SECRET: 'action-requests-auth-secret-0123456789abcdef',
      ADMIN_PASSWORD,
    },
  });
});

afterAll(async () => {
  await app?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A sign-in attempt that will be refused for its password: valid in every other way. */
const signInArgs = [{}, { email: 'nobody@action-requests.example.com', password: 'not-the-password-1' }];

async function post(options: {
  body: string | Uint8Array<ArrayBuffer>;
  contentType: string;
  origin?: string | null;
  /** Sent as a script-driven call (Next-Action); false: a form posted without scripts. */
  fetchAction?: boolean;
  headers?: Record<string, string>;
}) {
  const headers: Record<string, string> = { ...options.headers, 'Content-Type': options.contentType };
  if (options.fetchAction !== false) {
    headers['Next-Action'] = actionId;
    headers.Accept = 'text/x-component';
  }
  if (options.origin !== null) headers.Origin = options.origin ?? app.baseUrl;
  const response = await fetch(`${app.baseUrl}/login`, {
    method: 'POST',
    headers,
    body: options.body,
    redirect: 'manual',
  });
  return { status: response.status, body: await response.text() };
}

const TEXT = 'text/plain;charset=UTF-8';

describe('a server action’s request Next could not run', () => {
  it('malformed JSON: 400', async () => {
    expect(await post({ body: '[{},{"email":', contentType: TEXT })).toEqual({
      status: 400,
      body: 'Bad request.\n',
    });
  });

  it('garbage multipart, from a script or a form without one: 400', async () => {
    const contentType = 'multipart/form-data; boundary=----action-requests';
    expect(await post({ body: 'garbage\r\n--', contentType })).toEqual({
      status: 400,
      body: 'Bad request.\n',
    });
    expect(await post({ body: 'garbage\r\n--', contentType, fetchAction: false })).toEqual({
      status: 400,
      body: 'Bad request.\n',
    });
  });

  it('JSON whose references point at nothing (a Map, a Set, a chunk, a prototype), or that is not a list of arguments: 400', async () => {
    for (const body of ['["$Q1"]', '["$W1"]', '["$1:__proto__:then"]', '{"a":"$1"}']) {
      const answer = await post({ body, contentType: TEXT });
      expect({ sent: body, ...answer }).toEqual({ sent: body, status: 400, body: 'Bad request.\n' });
    }
  });

  it('arguments whose references repeat an array past React’s count: 400', async () => {
    const list = JSON.stringify(Array.from({ length: 999 }, () => 0));
    const body = `[${list},${Array.from({ length: 999 }, () => '"$0:0"').join(',')}]`;
    expect(await post({ body, contentType: TEXT })).toEqual({ status: 400, body: 'Bad request.\n' });
  });

  it('a form posted without scripts whose bound action’s arguments are not in it: 400', async () => {
    const boundary = '----action-requests-bound';
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body =
      field('$ACTION_REF_1', '') +
      field('$ACTION_1:0', JSON.stringify({ id: actionId, bound: '$@1' })) +
      `--${boundary}--\r\n`;
    const contentType = `multipart/form-data; boundary=${boundary}`;
    expect(await post({ body, contentType, fetchAction: false })).toEqual({
      status: 400,
      body: 'Bad request.\n',
    });
  });

  it('10 MB: 413', async () => {
    const body = new Uint8Array(10 * 1024 * 1024).fill(0x20);
    expect(await post({ body, contentType: TEXT })).toEqual({ status: 413, body: 'Payload too large.\n' });
  });

  it('a type Next’s client never sends: 415', async () => {
    expect(await post({ body: encodeReply(signInArgs), contentType: 'application/json' })).toEqual({
      status: 415,
      body: 'Unsupported media type.\n',
    });
  });

  it('from another site, from `null` or from nowhere: 403, even with a valid body', async () => {
    const body = encodeReply(signInArgs);
    for (const origin of ['https://evil.example', 'null', null]) {
      expect(await post({ body, contentType: TEXT, origin })).toEqual({ status: 403, body: 'Forbidden.\n' });
    }
    expect(
      await post({
        body: 'x',
        contentType: 'multipart/form-data; boundary=x',
        origin: 'https://evil.example',
        fetchAction: false,
      }),
    ).toEqual({ status: 403, body: 'Forbidden.\n' });
  });

  it('each is logged as refused, with its reason and no detail of the request', async () => {
    // The logger writes asynchronously: wait for the lines (a bound, not a measure of anything).
    await expect
      .poll(
        () =>
          app
            .output()
            .split('\n')
            .filter((line) => line.includes('"event":"action.refused"'))
            .map((line) => JSON.parse(line) as { status: number; reason: string; path: string })
            .map(({ status, reason, path }) => `${status} ${reason} ${path}`)
            .sort(),
        { timeout: 30_000 },
      )
      .toEqual(
        [
          '400 malformed /login',
          '400 malformed /login',
          '400 malformed /login',
          ...Array.from({ length: 6 }, () => '400 malformed /login'),
          '413 too-large /login',
          '415 content-type /login',
          '403 origin /login',
          '403 origin /login',
          '403 origin /login',
          '403 origin /login',
        ].sort(),
      );
    expect(app.output()).not.toContain('evil.example');
    expect(app.output()).not.toContain('nobody@action-requests');
  });
});

describe('a proper call', () => {
  it('posted to a page that does not hold it still runs: Next forwards it, over loopback, to the page that does', async () => {
    const response = await callServerAction(app.baseUrl, actionId, signInArgs, { pagePath: '/' });
    expect(response.status).toBe(200);
    expect(response.rejected).toBe(false);
    expect(response.result?.data).toMatchObject({ email: 'nobody@action-requests.example.com' });
  });

  it('still runs: the sign-in answers for its password', async () => {
    const response = await callServerAction(app.baseUrl, actionId, signInArgs, { pagePath: '/login' });
    expect(response.status).toBe(200);
    expect(response.rejected).toBe(false);
    expect(response.result?.data).toMatchObject({ email: 'nobody@action-requests.example.com' });
  });
});

// Reached directly (TRUSTED_PROXY_HOPS unset), no X-Forwarded-* header a client sends is believed:
// not by the action gate, not by Next, not by next-auth, whose base URL is the app's own
// (APP_URL, here its default http://localhost:<PORT>).
describe('forwarded headers and the app’s own URL', () => {
  it('a forged X-Forwarded-Host does not make another site’s Origin this app’s: 403', async () => {
    const body = encodeReply(signInArgs);
    for (const forwarded of ['evil.example', 'evil.example, 127.0.0.1']) {
      const answer = await post({
        body,
        contentType: TEXT,
        origin: 'https://evil.example',
        headers: { 'X-Forwarded-Host': forwarded, 'X-Forwarded-Proto': 'https' },
      });
      expect({ forwarded, ...answer }).toEqual({ forwarded, status: 403, body: 'Forbidden.\n' });
    }
  });

  it('next-auth answers with the app’s own URL, whatever the request claims, and never warns about NEXTAUTH_URL', async () => {
    const response = await fetch(`${app.baseUrl}/api/auth/providers`, {
      headers: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
    });
    expect(response.status).toBe(200);
    const { credentials } = (await response.json()) as Record<string, Record<string, string>>;
    expect(credentials).toMatchObject({
      signinUrl: `http://localhost:${app.port}/api/auth/signin/credentials`,
      callbackUrl: `http://localhost:${app.port}/api/auth/callback/credentials`,
    });
    expect(app.output()).not.toContain('NEXTAUTH_URL');
  });
});

// The sign-in throttle at the edge of the production build (docs/security.md "Sign-in throttle"):
// every attempt is counted before its password is checked, so guesses sent at the same moment see
// each other: the 3 free ones and the one beyond them reach the password check, and a further
// one only once the wait the check before it set (1 s, then 2, 4...) has run out. An idle server
// hears all 40 within the first wait: 4 checks. A busy one may take longer to hear them, and then
// the attempts it hears after a wait are rightly checked, so the test states the promise that
// holds whatever the load: the (4 + k)-th check answers no sooner than 1 + 2 + ... + 2^(k-1) s
// after the burst was sent (a check-then-count race would check dozens at once). Last in the
// file: it leaves failures counted against this client's address and the admin's account.
describe('simultaneous guesses at one account from one address', () => {
  it('40 at once: 4 are checked (invalid credentials), any further one only after the wait before it, the rest told to wait; then the right password works', async () => {
    // Every CSRF round trip first, so the 40 posts leave together (docs/testing.md "Under load").
    const attempts = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        prepareSignIn(app.baseUrl, ADMIN_EMAIL, `wrong-guess-${i}-password`),
      ),
    );
    const sentAt = performance.now();
    const outcomes = await Promise.all(
      attempts.map(async (send) => {
        const outcome = await send();
        const said = outcome.ok ? 'signed in' : outcome.error.replace(/^wait:\d+$/, 'wait');
        return { said, afterMs: performance.now() - sentAt };
      }),
    );
    expect(outcomes.filter((o) => o.said !== 'invalid-credentials' && o.said !== 'wait')).toEqual([]);
    const checked = outcomes
      .filter((o) => o.said === 'invalid-credentials')
      .map((o) => o.afterMs)
      .sort((x, y) => x - y);
    expect(checked.length).toBeGreaterThanOrEqual(4);
    // The waits the checks beyond the fourth had to sit out, summed: 1 s, 1 + 2 s, 1 + 2 + 4 s...
    const earliest = checked.map((_, i) => (i < 4 ? 0 : 1000 * (2 ** (i - 3) - 1)));
    expect(checked.map((ms, i) => ms >= earliest[i]!)).toEqual(checked.map(() => true));
    expect(outcomes.filter((o) => o.said === 'wait')).toHaveLength(40 - checked.length);
    // A wait, not a lock: once it is over (seconds, doubling from 1 s) the owner signs in.
    await expect
      .poll(
        async () => {
          const outcome = await trySignIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
          return outcome.ok ? 'signed in' : outcome.error.replace(/^wait:\d+$/, 'wait');
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe('signed in');
  });
});
