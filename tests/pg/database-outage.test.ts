// The database going away under the service (docs/wallet-api.md "When the database is away"),
// on PostgreSQL for real: a connection terminated while a transaction holds it between two
// statements (a fast restart, pg_terminate_backend) does not end the process; while the database
// cannot be reached, calls answer HTTP 503, code 5001 with Retry-After (never 500, never a hang)
// and readiness says unready; once it is back, the same process answers again, and a call retried
// with its requestId has exactly one effect, whether or not its first attempt had committed.
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '@/lib/db/open';
import { isDatabaseUnavailableError } from '@/lib/db/unavailable';
import * as walletSchema from '@/lib/wallet/service/db/schema';
import { createFreshPgDatabase } from '../helpers/pg';
import { startCuttableProxy, type CuttableProxy } from '../helpers/tcp-proxy';
import { callWallet, kycParams, type CallOptions } from '../helpers/wallet-call';
import { startWalletProcess, type WalletProcess } from '../helpers/wallet-process';

let pgDb: { url: string; drop(): Promise<void> };

beforeAll(async () => {
  pgDb = await createFreshPgDatabase();
}, 60_000);

afterAll(async () => {
  await pgDb?.drop();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a connection lost while a transaction holds it', () => {
  let engine: DatabaseHandle | undefined;

  afterAll(async () => {
    await engine?.close();
  });

  it('rejects the transaction as the database being away, and the process lives on', async () => {
    engine = await openPostgres(pgDb.url, 2);
    const db = engine.bind(walletSchema);
    const killer = new Client({ connectionString: pgDb.url });
    await killer.connect();
    let failure: unknown;
    try {
      await engine.transaction(db, async (tx) => {
        const [row] = await engine!.queryIn<{ pid: number }>(tx, 'select pg_backend_pid() as pid');
        await killer.query('select pg_terminate_backend($1)', [row!.pid]);
        // The client is checked out and idle while its backend goes: before the client had a
        // listener of its own, its 'error' event here ended the process.
        await pause(300);
        await engine!.queryIn(tx, 'select 1');
      });
    } catch (error) {
      failure = error;
    } finally {
      await killer.end();
    }
    expect(failure).toBeDefined();
    expect(isDatabaseUnavailableError(failure)).toBe(true);
    // The pool dropped the dead client and serves the next statement on a new connection.
    expect(await engine.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
  }, 60_000);
});

describe("the database's answer to a ping", () => {
  it('is asked on a connection of its own: every pool connection taken, the database still answers', async () => {
    const engine = await openPostgres(pgDb.url, 2);
    try {
      // Both of the pool's connections are held, as by operations stuck on a stalled database: a
      // ping through the pool waited 5 s for one and said the database was away.
      const held = [await engine.pool!.connect(), await engine.pool!.connect()];
      try {
        expect(await engine.ping()).toBe(true);
      } finally {
        for (const client of held) client.release();
      }
    } finally {
      await engine.close();
    }
  }, 60_000);
});

describe('the database unreachable, then back', () => {
  const APP: CallOptions = {
    agencyCode: 'OUTAGE',
    appId: 'outage-app',
    secret: 'outage-secret-0123456789abcdef',
  };
  let proxy: CuttableProxy;
  let wallet: WalletProcess | undefined;

  beforeAll(async () => {
    const target = new URL(pgDb.url);
    proxy = await startCuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    wallet = await startWalletProcess({
      DATABASE_URL: proxy.url(pgDb.url),
      WALLET_AGENCY_CODE: APP.agencyCode!,
      WALLET_APP_ID: APP.appId!,
      WALLET_APP_SECRET: APP.secret!,
    });
  }, 90_000);

  afterAll(async () => {
    await wallet?.kill();
    await proxy?.close();
  });

  const ready = async () => (await fetch(`${wallet!.baseUrl}/wallet/health/ready`)).status;
  const register = (appUserId: string) =>
    callWallet(
      wallet!.baseUrl,
      'registerAndKyc',
      { ...kycParams(appUserId), requestId: `req-${appUserId}` },
      APP,
    );

  async function countUsers(prefix: string): Promise<number> {
    const client = new Client({ connectionString: pgDb.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        'select count(*) as n from wallet.users where app_user_id like $1',
        [`${prefix}%`],
      );
      return Number(rows[0]!.n);
    } finally {
      await client.end();
    }
  }

  /** Sends `appUserId`'s registration again, with its requestId, until the service answers 0. */
  async function retryUntilDone(appUserId: string): Promise<number> {
    for (let attempt = 1; attempt <= 60; attempt++) {
      const r = await register(appUserId);
      if (r.body.code === 0) return attempt;
      expect([r.status, r.body.code]).toEqual([503, 5001]);
      await pause(250);
    }
    throw new Error(`${appUserId}: not done after 60 attempts`);
  }

  it('answers 503 with code 5001 and Retry-After while away, unready; serves again once it is back', async () => {
    expect((await register('away-before')).body.code).toBe(0);
    expect(await ready()).toBe(200);

    await proxy.cut();
    const away = await register('away-during');
    expect(away.status).toBe(503);
    expect(away.body.code).toBe(5001);
    expect(away.headers.get('retry-after')).toBe('2');
    expect(await ready()).toBe(503);
    const raw = await fetch(
      new URL(`/wallet/api/user/registerAndKyc?agencyCode=${APP.agencyCode}`, wallet!.baseUrl),
      { method: 'POST' },
    );
    // A call refused before it reaches the database (a missing parameter) is still answered as usual.
    expect(raw.status).toBe(200);

    await proxy.restore();
    let readyAgain = false;
    for (let i = 0; i < 100 && !readyAgain; i++) {
      readyAgain = (await ready()) === 200;
      if (!readyAgain) await pause(200);
    }
    expect(readyAgain).toBe(true);
    await retryUntilDone('away-during');
    expect(await countUsers('away-')).toBe(2);
    expect(wallet!.output()).not.toContain('"code":5000');
  }, 120_000);

  it('cut with calls in flight: each answers 0 or 5001, the process lives, every retry lands once', async () => {
    const ids = Array.from({ length: 16 }, (_, i) => `flight-${i}`);
    const first = Promise.all(ids.map((id) => register(id)));
    await pause(20);
    await proxy.cut();
    const answers = await first;
    for (const a of answers) expect([0, 5001], a.body.msg).toContain(a.body.code);
    for (const a of answers) if (a.body.code === 5001) expect(a.status).toBe(503);
    await proxy.restore();
    for (const id of ids) await retryUntilDone(id);
    // Whatever committed before the cut is answered by its requestId on the retry, not done again.
    expect(await countUsers('flight-')).toBe(ids.length);
    expect(wallet!.output()).not.toMatch(/Emitted 'error' event|uncaught/i);
    expect(await ready()).toBe(200);
  }, 120_000);
});
