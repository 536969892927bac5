// Deposits under real concurrency, on PostgreSQL with two instances of the service over one
// database (docs/deposits-and-kyt.md "Deposits"): one txHash sent 20 times at once, half to each
// instance, is one deposit credited once; 20 confirmations at once credit once; two releases of one
// held deposit at once credit it once, and so do two admins approving one request to credit it, each
// through its own instance (docs/back-office.md "Approvals"); and a wallet process killed (kill -9) after screening a
// deposit and before crediting it leaves it CONFIRMING, with nothing counted, and the chain
// watcher's next message after a restart credits it exactly once.
import { eq, sql } from 'drizzle-orm';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveRequest } from '@/lib/backoffice/approvals/approve-request';
import { requestApproval } from '@/lib/backoffice/approvals/request-approval';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { approvalRequests, auditLog } from '@/lib/backoffice/db/schema';
import { StaffFacingError } from '@/lib/backoffice/shared/errors';
import { createStaffAccount } from '@/lib/backoffice/staff/create-staff-account';
import { createWalletClient, type WalletClient } from '@/lib/backoffice/wallet-client';
import { rawRows } from '@/lib/db/open';
import { depositSchema, type Deposit } from '@/lib/wallet/contract/schemas';
import { ethSender, ethTxHash } from '../helpers/deposits';
import { createFreshPgDatabase } from '../helpers/pg';
import { callWallet, kycParams, type CallOptions } from '../helpers/wallet-call';
import { createPostgresTestDatabase, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletProcess, type WalletProcess } from '../helpers/wallet-process';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { ledgerSumsToBalances } from '../helpers/wallet-state';

let pgDb: { url: string; drop(): Promise<void> };
let db: TestDatabase;
let one: WalletTestServer;
let two: WalletTestServer;

beforeAll(async () => {
  pgDb = await createFreshPgDatabase();
  db = await createPostgresTestDatabase(pgDb.url, 60);
  [one, two] = [await startWalletServer(), await startWalletServer()];
}, 60_000);

afterAll(async () => {
  await one?.close();
  await two?.close();
  await db?.close();
  await pgDb?.drop();
});

let seq = 0;
async function userWithAddress(base = one.baseUrl, options: CallOptions = {}) {
  const appUserId = `dc-${++seq}`;
  expect((await callWallet(base, 'registerAndKyc', kycParams(appUserId), options)).body.code).toBe(0);
  const r = await callWallet<{ address: string }>(
    base,
    'depositAddress',
    { appUserId, chain: 'ETHEREUM' },
    options,
  );
  expect(r.body.code, r.body.msg).toBe(0);
  return { appUserId, address: r.body.data!.address };
}

/** A deposit of `amount` to `address` that the default rules hold (over the review amount); its id. */
async function heldDeposit(address: string, tag: string, amount: string): Promise<number> {
  const held = await callWallet<Deposit>(one.baseUrl, 'simulateDeposit', {
    chain: 'ETHEREUM',
    address,
    txHash: ethTxHash(tag),
    amount,
    fromAddress: ethSender('pg'),
    confirmations: 12,
  });
  expect(held.body.data!.status).toBe('HELD');
  return held.body.data!.depositId;
}

/**
 * The user's wallet balance (minor units), DEPOSIT entries, velocity total and first-deposit rows;
 * checks that the running velocity total equals the hourly rows' sum.
 */
async function books(appUserId: string) {
  const [row] = await rawRows<{
    balance: string;
    entries: number;
    velocity: string;
    velocity_total: string;
    firsts: number;
  }>(
    db.db,
    sql`select a.balance::text as balance,
          (select count(*)::int from wallet.ledger_entries l where l.asset_id = a.id and l.reason = 'DEPOSIT') as entries,
          (select coalesce(sum(v.amount), 0)::text from wallet.deposit_velocity v where v.user_id = u.id) as velocity,
          (select coalesce(sum(f.velocity_amount), 0)::text from wallet.deposit_users f where f.user_id = u.id) as velocity_total,
          (select count(*)::int from wallet.deposit_users f where f.user_id = u.id) as firsts
        from wallet.users u join wallet.assets a on a.user_id = u.id and a.type = 'WALLET'
        where u.app_user_id = ${appUserId}`,
  );
  // The running total the velocity rule reads is the sum of the hourly rows, whatever raced.
  expect(row!.velocity_total).toBe(row!.velocity);
  return {
    balance: Number(row!.balance),
    entries: row!.entries,
    velocity: Number(row!.velocity),
    firsts: row!.firsts,
  };
}

describe('deposits on PostgreSQL, two instances', () => {
  it('one txHash sent 20 times at once, to both instances: one deposit, credited once', async () => {
    const { appUserId, address } = await userWithAddress();
    const params = {
      chain: 'ETHEREUM',
      address,
      txHash: ethTxHash('pg-20-at-once'),
      amount: '25.50',
      fromAddress: ethSender('pg'),
      confirmations: 12,
    };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callWallet<Deposit>(i % 2 ? two.baseUrl : one.baseUrl, 'simulateDeposit', params),
      ),
    );
    expect(results.map((r) => r.body.code)).toEqual(Array(20).fill(0));
    const deposits = results.map((r) => depositSchema.parse(r.body.data));
    expect(new Set(deposits.map((d) => d.depositId)).size).toBe(1);
    expect(new Set(deposits.map((d) => d.status))).toEqual(new Set(['CREDITED']));
    expect(await books(appUserId)).toEqual({ balance: 2550, entries: 1, velocity: 25_500_000, firsts: 1 });
    const [events] = await rawRows<{ detected: number; credited: number }>(
      db.db,
      sql`select count(*) filter (where type = 'deposit.detected')::int as detected,
                 count(*) filter (where type = 'deposit.credited')::int as credited
            from wallet.events where body like ${`%"depositId":${deposits[0]!.depositId},%`}`,
    );
    expect(events).toEqual({ detected: 1, credited: 1 });
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });

  it("20 deposits of one user at once, to both instances: the velocity total is every one's, the expired hour subtracted once", async () => {
    const { appUserId, address } = await userWithAddress();
    // A day-old hour on the books, as an earlier deposit left it: pruned by whichever comes first.
    const [user] = await rawRows<{ id: number }>(
      db.db,
      sql`select id from wallet.users where app_user_id = ${appUserId}`,
    );
    const hour = Math.floor(Date.now() / 3_600_000);
    await db.db.execute(
      sql`insert into wallet.deposit_velocity (user_id, hour, amount) values (${user!.id}, ${hour - 30}, 9000000)`,
    );
    await db.db.execute(
      sql`insert into wallet.deposit_users (user_id, first_deposit_id, velocity_amount) values (${user!.id}, 0, 9000000)`,
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callWallet<Deposit>(i % 2 ? two.baseUrl : one.baseUrl, 'simulateDeposit', {
          chain: 'ETHEREUM',
          address,
          txHash: ethTxHash(`pg-velocity-race-${i}`),
          amount: '1',
          fromAddress: ethSender('pg'),
          confirmations: 12,
        }),
      ),
    );
    expect(results.map((r) => r.body.code)).toEqual(Array(20).fill(0));
    expect(new Set(results.map((r) => r.body.data!.status))).toEqual(new Set(['CREDITED']));
    // books() also checks the running total against the hourly rows.
    expect(await books(appUserId)).toEqual({ balance: 2000, entries: 20, velocity: 20_000_000, firsts: 1 });
  });

  it('20 confirmations of one deposit at once, to both instances: screened and credited once', async () => {
    const { appUserId, address } = await userWithAddress();
    const created = await callWallet<Deposit>(one.baseUrl, 'simulateDeposit', {
      chain: 'ETHEREUM',
      address,
      txHash: ethTxHash('pg-confirm-race'),
      amount: '7',
      fromAddress: ethSender('pg'),
    });
    const depositId = created.body.data!.depositId;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callWallet<Deposit>(i % 2 ? two.baseUrl : one.baseUrl, 'simulateConfirm', {
          depositId,
          confirmations: 12 + i,
        }),
      ),
    );
    expect(results.map((r) => r.body.code)).toEqual(Array(20).fill(0));
    expect(results.every((r) => r.body.data!.status === 'CREDITED')).toBe(true);
    expect(await books(appUserId)).toEqual({ balance: 700, entries: 1, velocity: 7_000_000, firsts: 1 });
  });

  it('two releases of one held deposit at once, one per instance: credited once, the other 4016', async () => {
    const { appUserId, address } = await userWithAddress();
    const depositId = await heldDeposit(address, 'pg-release-race', '15000');
    const results = await Promise.all([
      callWallet<Deposit>(one.baseUrl, 'depositRelease', {
        depositId,
        decision: 'CREDIT',
        note: 'Admin one',
      }),
      callWallet<Deposit>(two.baseUrl, 'depositRelease', {
        depositId,
        decision: 'CREDIT',
        note: 'Admin two',
      }),
    ]);
    expect(results.map((r) => r.body.code).sort()).toEqual([0, 4016]);
    expect(await books(appUserId)).toEqual({
      balance: 1_500_000,
      entries: 1,
      velocity: 15_000_000_000,
      firsts: 1,
    });
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });
});

describe('approving a held deposit on PostgreSQL, two instances', () => {
  async function admin(email: string): Promise<CurrentStaff> {
    const { staffId } = await createStaffAccount({
      db: db.backoffice,
      email,
      name: email,
      role: 'admin',
      password: 'staff-password-123',
    });
    return { id: staffId, email, name: email, role: 'admin' };
  }
  const clientOf = (server: WalletTestServer): WalletClient =>
    createWalletClient({
      baseUrl: server.baseUrl,
      agencyCode: TEST_AGENCY.agencyCode,
      appId: TEST_AGENCY.appId,
      secret: TEST_AGENCY.appSecret,
    });

  it('two admins approving one request to credit it at once, each through another instance: one wallet call, credited once', async () => {
    const { appUserId, address } = await userWithAddress();
    const depositId = await heldDeposit(address, 'pg-approval-race', '12000');
    const [maker, first, second] = [
      await admin('deposit-maker@agency.test'),
      await admin('deposit-first@agency.test'),
      await admin('deposit-second@agency.test'),
    ];
    const { approval } = await requestApproval({
      db: db.backoffice,
      actor: maker,
      call: {
        kind: 'deposit.release',
        operation: 'depositRelease',
        params: {
          depositId,
          decision: 'CREDIT',
          note: 'Known exchange',
          requestId: 'pg-deposit-approval-0001',
        },
        summary: `Credit held deposit ${depositId} of user ${appUserId} (note: Known exchange)`,
        subjectUser: appUserId,
        targetType: 'user',
        targetId: appUserId,
        returnPath: '/compliance',
      },
    });

    let calls = 0;
    const through = (client: WalletClient) => (operation: string, params: Record<string, unknown>) => {
      calls++;
      return client[operation as keyof WalletClient](params as never);
    };
    const outcomes = await Promise.allSettled([
      approveRequest({ db: db.backoffice, actor: first, id: approval.id, call: through(clientOf(one)) }),
      approveRequest({ db: db.backoffice, actor: second, id: approval.id, call: through(clientOf(two)) }),
    ]);

    expect(calls).toBe(1);
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(won[0]!.value).toMatchObject({ id: approval.id, status: 'APPROVED', resultCode: 0 });
    const lost = outcomes.find((o) => o.status === 'rejected')!;
    expect(lost.reason).toBeInstanceOf(StaffFacingError);
    expect(await books(appUserId)).toEqual({
      balance: 1_200_000,
      entries: 1,
      velocity: 12_000_000_000,
      firsts: 1,
    });
    const listed = await callWallet<{ list: Deposit[] }>(one.baseUrl, 'depositList', { appUserId });
    expect(listed.body.data!.list.map((d) => [d.depositId, d.status])).toEqual([[depositId, 'CREDITED']]);
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
    const [stored] = await db.backoffice
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.id, approval.id));
    expect(stored).toMatchObject({ status: 'APPROVED', resultCode: 0 });
    const audited = await db.backoffice
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'approval.approve'));
    expect(audited).toHaveLength(1);
  });
});

describe('a crash between screening and crediting', () => {
  const APP: CallOptions = { agencyCode: 'KILL', appId: 'kill-app', secret: 'kill-secret-0123456789abcdef' };
  let wallet: WalletProcess | undefined;

  afterAll(async () => {
    await wallet?.kill();
  });

  it('kill -9 while the credit waits: CONFIRMING, nothing counted; after a restart the next message credits once', async () => {
    const env = {
      DATABASE_URL: pgDb.url,
      WALLET_AGENCY_CODE: APP.agencyCode!,
      WALLET_APP_ID: APP.appId!,
      WALLET_APP_SECRET: APP.secret!,
    };
    wallet = await startWalletProcess(env);
    const { appUserId, address } = await userWithAddress(wallet.baseUrl, APP);
    const created = await callWallet<Deposit>(
      wallet.baseUrl,
      'simulateDeposit',
      {
        chain: 'ETHEREUM',
        address,
        txHash: ethTxHash('pg-kill'),
        amount: '42',
        fromAddress: ethSender('pg'),
        confirmations: 11,
      },
      APP,
    );
    expect(created.body.code, created.body.msg).toBe(0);
    const depositId = created.body.data!.depositId;

    // Hold the user's wallet row, so the crediting transaction stops at the credit, after screening.
    const holder = new Client({ connectionString: pgDb.url });
    const watcher = new Client({ connectionString: pgDb.url });
    await holder.connect();
    await watcher.connect();
    try {
      const holderPid = (await holder.query('select pg_backend_pid() as pid')).rows[0].pid as number;
      await holder.query('begin');
      const locked = await holder.query(
        `select a.id from wallet.assets a join wallet.users u on u.id = a.user_id
          where u.app_user_id = $1 and a.type = 'WALLET' for update of a`,
        [appUserId],
      );
      expect(locked.rowCount).toBe(1);
      const inFlight = callWallet(
        wallet.baseUrl,
        'simulateConfirm',
        { depositId, confirmations: 12 },
        APP,
      ).catch((error: unknown) => error);
      // The service's transaction has screened (its velocity rows written and locked) and waits on
      // the holder's transaction before it can settle and credit. Watched from a session of its
      // own: pg_stat_activity is a snapshot per transaction.
      let waiting: number | undefined;
      for (let i = 0; i < 200 && waiting === undefined; i++) {
        const r = await watcher.query(
          `select pid from pg_stat_activity
            where datname = current_database() and pid <> $1 and wait_event_type = 'Lock'`,
          [holderPid],
        );
        waiting = r.rows[0]?.pid as number | undefined;
        if (waiting === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(waiting, 'the settlement never waited on the holder').toBeDefined();
      const screened = await watcher.query(
        `select count(*)::int as n from pg_locks where pid = $1 and relation = 'wallet.deposit_velocity'::regclass`,
        [waiting],
      );
      expect(screened.rows[0].n).toBeGreaterThan(0);

      await wallet.kill();
      await inFlight;
      await holder.query('rollback');
      // The dead client's transaction never commits: its backend goes once it finds the socket closed.
      for (let i = 0; i < 200; i++) {
        const r = await watcher.query('select 1 from pg_stat_activity where pid = $1', [waiting]);
        if (r.rowCount === 0) break;
        if (i === 100) await watcher.query('select pg_terminate_backend($1)', [waiting]);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await holder.end();
      await watcher.end();
    }

    const [after] = await rawRows<{ status: string; risk_level: string | null }>(
      db.db,
      sql`select status, risk_level from wallet.deposits where id = ${depositId}`,
    );
    expect(after).toEqual({ status: 'CONFIRMING', risk_level: null });
    expect(await books(appUserId)).toEqual({ balance: 0, entries: 0, velocity: 0, firsts: 0 });

    wallet = await startWalletProcess(env);
    const again = await Promise.all(
      Array.from({ length: 3 }, () =>
        callWallet<Deposit>(wallet!.baseUrl, 'simulateConfirm', { depositId, confirmations: 12 }, APP),
      ),
    );
    expect(again.map((r) => r.body.code)).toEqual([0, 0, 0]);
    expect(again.map((r) => r.body.data!.status)).toEqual(['CREDITED', 'CREDITED', 'CREDITED']);
    expect(await books(appUserId)).toEqual({ balance: 4200, entries: 1, velocity: 42_000_000, firsts: 1 });
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  }, 120_000);
});
