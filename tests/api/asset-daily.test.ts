// asset/daily (the dashboard's runway) over HTTP against the real service: exact spent, received
// and closing balances for an asset whose entries were moved to known UTC days (the service has
// no clock of its own: the entries are stamped by the database, so the test re-dates them), days
// without entries carried over, the window's edges, a card's refund going out, 6 decimals,
// ownership (4011), and a plan that reads the days' running totals (kept equal to the entries
// by the triggers of migration 0032), never the ledger.
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '@/lib/db/open';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import { dailyTotalsQuery } from '@/lib/wallet/service/asset/list-daily-totals';
import { apps, assetDayTotals, assets, ledgerEntries } from '@/lib/wallet/service/db/schema';
import { assetDailySchema, assetSchema, type AssetDaily } from '@/lib/wallet/contract/schemas';
import { callWallet, failureDataProblem, kycParams } from '../helpers/wallet-call';
import { ok } from '../helpers/spending';
import { createTestDatabase, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { walletState } from '../helpers/wallet-state';

let db: TestDatabase;
let server: WalletTestServer;

type Params = Record<string, string | number | boolean | undefined>;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const call = (op: Parameters<typeof callWallet>[1], params: Params) => callWallet(server.baseUrl, op, params);

const DAY_MS = 86_400_000;
/** The UTC day `offset` days from today, yyyy-MM-dd. */
const utcDay = (offset: number, now = Date.now()) =>
  new Date(now + offset * DAY_MS).toISOString().slice(0, 10);

/**
 * asset/daily, answered within one UTC day of the test's clock (a run across midnight asks
 * again), with `today` the day it was asked on.
 */
async function daily(params: Params): Promise<{ data: AssetDaily; today: string }> {
  for (;;) {
    const before = utcDay(0);
    const data = assetDailySchema.parse(ok(await call('assetDaily', params)));
    if (utcDay(0) === before) return { data, today: before };
  }
}

let seq = 0;
async function newUser(): Promise<{ appUserId: string; wallet: number }> {
  const appUserId = `daily-${++seq}`;
  ok(await call('registerAndKyc', kycParams(appUserId)));
  const list = assetSchema.array().parse(ok(await call('userAssetList', { appUserId })));
  return { appUserId, wallet: list.find((a) => a.type === 'WALLET')!.assetId };
}

/** Moves the asset's newest entry to noon (UTC) of the day `offset` days from today. */
async function redateNewest(assetId: number, offset: number, hour = 12): Promise<void> {
  const [newest] = await db.db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.assetId, assetId))
    .orderBy(desc(ledgerEntries.seq))
    .limit(1);
  const at = new Date(`${utcDay(offset)}T${String(hour).padStart(2, '0')}:00:00.000Z`);
  await db.db.update(ledgerEntries).set({ createdAt: at }).where(eq(ledgerEntries.id, newest!.id));
}

const transfer = async (fromAssetId: number, toAssetId: number, amount: string) =>
  ok(await call('assetTransfer', { fromAssetId, toAssetId, amount }));

describe('asset/daily', () => {
  it("sums a wallet's spending and receipts per UTC day, carrying the balance over empty days", async () => {
    const { appUserId, wallet } = await newUser();
    // 10 days ago: 100.00 in (outside a 7-day window, inside 30).
    await transfer(db.agencyAssetId, wallet, '100.00');
    await redateNewest(wallet, -10);
    // 3 days ago: a card fee (5.00, category 1) and a top-up of that card (10.25): 15.25 spent.
    const card = ok<{ cardId: number }>(
      await call('userApplyCard', {
        appUserId,
        paymentAssetId: wallet,
        categoryId: 1,
        embossedName: 'JANE DOE',
      }),
    );
    await redateNewest(wallet, -3, 1);
    const cards = ok<{ cardId: number; cardAssetId: number }[]>(await call('userCardList', { appUserId }));
    const cardAssetId = cards.find((c) => c.cardId === card.cardId)!.cardAssetId;
    await transfer(wallet, cardAssetId, '10.25');
    await redateNewest(wallet, -3, 23);
    // Today: 2.50 in, 1.00 out.
    await creditAsset({ db: db.db, assetId: wallet, amountMinor: 250 });
    await transfer(wallet, cardAssetId, '1.00');

    const week = await daily({ assetId: wallet, days: 7 });
    expect(week.data).toEqual({
      assetId: wallet,
      currency: 'USD',
      days: [
        { date: utcDay(-6), spent: 0, received: 0, closingBalance: 100 },
        { date: utcDay(-5), spent: 0, received: 0, closingBalance: 100 },
        { date: utcDay(-4), spent: 0, received: 0, closingBalance: 100 },
        { date: utcDay(-3), spent: 15.25, received: 0, closingBalance: 84.75 },
        { date: utcDay(-2), spent: 0, received: 0, closingBalance: 84.75 },
        { date: utcDay(-1), spent: 0, received: 0, closingBalance: 84.75 },
        { date: week.today, spent: 1, received: 2.5, closingBalance: 86.25 },
      ],
    });

    // The default window is 30 days: before the first entry the balance was 0.
    const month = await daily({ assetId: wallet });
    expect(month.data.days).toHaveLength(30);
    expect(month.data.days[0]).toEqual({ date: utcDay(-29), spent: 0, received: 0, closingBalance: 0 });
    expect(month.data.days.at(-1)!.date).toBe(month.today);
    expect(month.data.days.slice(-7)).toEqual(week.data.days);
    expect(month.data.days.slice(18, 21)).toEqual([
      { date: utcDay(-11), spent: 0, received: 0, closingBalance: 0 },
      { date: utcDay(-10), spent: 0, received: 100, closingBalance: 100 },
      { date: utcDay(-9), spent: 0, received: 0, closingBalance: 100 },
    ]);
    // Every day: closing = the day before's + received - spent (no other entry on a wallet).
    const cents = (n: number) => Math.round(n * 100);
    for (let i = 1; i < month.data.days.length; i++) {
      const [prev, day] = [month.data.days[i - 1]!, month.data.days[i]!];
      expect(cents(day.closingBalance)).toBe(
        cents(prev.closingBalance) + cents(day.received) - cents(day.spent),
      );
    }

    // One day: today alone. The card asset: its top-ups are receipts.
    expect((await daily({ assetId: wallet, days: 1 })).data.days).toEqual([
      { date: utcDay(0), spent: 1, received: 2.5, closingBalance: 86.25 },
    ]);
    const cardWeek = await daily({ assetId: cardAssetId, days: 7 });
    expect(cardWeek.data.days.at(-1)).toEqual({
      date: cardWeek.today,
      spent: 0,
      received: 11.25,
      closingBalance: 11.25,
    });
  });

  it("counts a cancelled card's refund going out as neither spent nor received, but in the balance", async () => {
    const { appUserId, wallet } = await newUser();
    await transfer(db.agencyAssetId, wallet, '20.00');
    const card = ok<{ cardId: number }>(
      await call('agencyApplyUserCard', {
        appUserId,
        paymentAssetId: db.agencyAssetId,
        categoryId: 1,
        embossedName: 'JANE DOE',
      }),
    );
    const cards = ok<{ cardId: number; cardAssetId: number }[]>(await call('userCardList', { appUserId }));
    const cardAssetId = cards.find((c) => c.cardId === card.cardId)!.cardAssetId;
    await transfer(wallet, cardAssetId, '7.50');
    await redateNewest(cardAssetId, -1);
    ok(await call('cardCancel', { appUserId, cardId: card.cardId, reason: 'LOST' }));

    const onCard = await daily({ assetId: cardAssetId, days: 2 });
    expect(onCard.data.days).toEqual([
      { date: utcDay(-1), spent: 0, received: 7.5, closingBalance: 7.5 },
      { date: onCard.today, spent: 0, received: 0, closingBalance: 0 },
    ]);
    // The wallet paid it (a transfer out) and got it back (a receipt there).
    const onWallet = await daily({ assetId: wallet, days: 1 });
    expect(onWallet.data.days).toEqual([
      { date: onWallet.today, spent: 7.5, received: 27.5, closingBalance: 20 },
    ]);
  });

  it("answers the agency's own asset, in its currency, today's balance last", async () => {
    const { data, today } = await daily({ assetId: db.agencyAssetId, days: 3 });
    const [agency] = await db.db
      .select({ balance: assets.balance })
      .from(assets)
      .where(eq(assets.id, db.agencyAssetId));
    expect(data.assetId).toBe(db.agencyAssetId);
    expect(data.currency).toBe('USD');
    expect(data.days.map((d) => d.date)).toEqual([utcDay(-2), utcDay(-1), today]);
    expect(data.days.at(-1)!.closingBalance).toBe(agency!.balance / 100);
  });

  it('writes amounts in major units with the asset decimals (6 here), no float drift', async () => {
    const [app] = await db.db.select({ id: apps.id }).from(apps).where(eq(apps.appId, TEST_AGENCY.appId));
    const [usdt] = await db.db
      .insert(assets)
      .values({
        appId: app!.id,
        type: 'CARD_MARGIN',
        code: 'DAILY_USDT',
        name: 'USDT margin',
        currency: 'USDT',
        symbol: 'USDT',
        icon: '/icons/usdt.svg',
        decimalPlaces: 6,
      })
      .returning({ id: assets.id });
    await creditAsset({ db: db.db, assetId: usdt!.id, amountMinor: 300_000_001 });
    await creditAsset({ db: db.db, assetId: usdt!.id, amountMinor: 100_000_002 });
    const { data, today } = await daily({ assetId: usdt!.id, days: 1 });
    expect(data).toEqual({
      assetId: usdt!.id,
      currency: 'USDT',
      days: [{ date: today, spent: 0, received: 400.000003, closingBalance: 400.000003 }],
    });
  });

  it('is 4011 for an asset of another app or none, changing nothing', async () => {
    for (const assetId of [db.otherAgencyAssetId, 999_999]) {
      const before = await walletState(db.db);
      const r = await call('assetDaily', { assetId });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ code: 4011, msg: `Asset ${assetId} does not exist under this app.` });
      expect(failureDataProblem(r.body)).toBeNull();
      expect(await walletState(db.db)).toEqual(before);
    }
  });

  it('refuses days outside 1-90 naming the parameter (1002), and requires assetId (1001)', async () => {
    expect((await call('assetDaily', { assetId: db.agencyAssetId, days: 91 })).body).toEqual({
      code: 1002,
      msg: 'days must be at most 90.',
      data: { field: 'days', rule: 'must be at most 90' },
    });
    expect((await call('assetDaily', { assetId: db.agencyAssetId, days: 0 })).body).toMatchObject({
      code: 1002,
      data: { field: 'days' },
    });
    expect((await call('assetDaily', { days: 7 })).body).toEqual({
      code: 1001,
      msg: 'assetId is required.',
      data: { field: 'assetId' },
    });
    expect((await daily({ assetId: db.agencyAssetId, days: 90 })).data.days).toHaveLength(90);
  });

  it("reads the window's days from the running totals, one row a day however many entries, never the ledger", async () => {
    const { wallet } = await newUser();
    // 5,000 entries a year old, netting to zero; 5,000 today (2,500 credits of 1.00, 2,500
    // transfers out of 0.40); then one credit today.
    await db.db.execute(sql`
      insert into ${ledgerEntries} (asset_id, amount, balance_after, reason, created_at)
      select ${wallet}, case when i % 2 = 1 then 100 else -100 end, case when i % 2 = 1 then 100 else 0 end,
             case when i % 2 = 1 then 'CREDIT' else 'TRANSFER_OUT' end, now() - interval '365 days'
      from generate_series(1, 5000) as i`);
    await db.db.execute(sql`
      insert into ${ledgerEntries} (asset_id, amount, balance_after, reason)
      select ${wallet}, case when i % 2 = 1 then 100 else -40 end, 60 * (i / 2) + case when i % 2 = 1 then 100 else 0 end,
             case when i % 2 = 1 then 'CREDIT' else 'TRANSFER_OUT' end
      from generate_series(1, 5000) as i`);
    await db.db.update(assets).set({ balance: 150_000 }).where(eq(assets.id, wallet));
    await creditAsset({ db: db.db, assetId: wallet, amountMinor: 4200 });

    const { data, today } = await daily({ assetId: wallet, days: 30 });
    expect(data.days[0]).toEqual({ date: utcDay(-29), spent: 0, received: 0, closingBalance: 0 });
    expect(data.days.at(-1)).toEqual({ date: today, spent: 1000, received: 2542, closingBalance: 1542 });
    // The 10,001 entries are two rows of totals: the year-old day's and today's.
    const rows = await rawRows<{ day: string; spent: string; received: string; net: string }>(
      db.db,
      sql`select day::text as day, spent, received, net from ${assetDayTotals} where asset_id = ${wallet} order by day`,
    );
    expect(rows.map((r) => [r.day, Number(r.spent), Number(r.received), Number(r.net)])).toEqual([
      [utcDay(-365), 250_000, 250_000, 0],
      [today, 100_000, 254_200, 154_200],
    ]);

    const [app] = await db.db.select({ id: apps.id }).from(apps).where(eq(apps.appId, TEST_AGENCY.appId));
    const [plan] = await rawRows<{ 'QUERY PLAN': unknown }>(
      db.db,
      sql`explain (format json) ${dailyTotalsQuery(app!.id, wallet, 30)}`,
    );
    // The relations read: the asset and its days' totals, never a ledger entry.
    type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };
    const relations = new Set<unknown>();
    const walk = (node: PlanNode) => {
      if (node['Relation Name']) relations.add(node['Relation Name']);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk((plan!['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan);
    expect([...relations].sort()).toEqual(['asset_day_totals', 'assets']);
  });

  it('keeps the totals equal to the entries they sum, through inserts, re-dated entries and deletes', async () => {
    const { wallet } = await newUser();
    await transfer(db.agencyAssetId, wallet, '30.00');
    await creditAsset({ db: db.db, assetId: wallet, amountMinor: 1_000 });
    await redateNewest(wallet, -2);
    // A repair that takes entries away: the day they were on loses them.
    await db.db.execute(sql`
      insert into ${ledgerEntries} (asset_id, amount, balance_after, reason, created_at)
      values (${wallet}, -500, 0, 'CARD_SPEND', now() - interval '1 day'),
             (${wallet}, 700, 0, 'DEPOSIT', now() - interval '1 day'),
             (${wallet}, -300, 0, 'CARD_REFUND', now() - interval '1 day')`);
    await db.db.execute(sql`delete from ${ledgerEntries} where asset_id = ${wallet} and reason = 'DEPOSIT'`);
    // Every asset's totals, against the entries summed now by the same rule.
    const differing = await rawRows<{ asset_id: number }>(
      db.db,
      sql`with summed as (
            select asset_id, (created_at at time zone 'UTC')::date as day,
                   sum(wallet.ledger_spent(reason, amount)) as spent,
                   sum(wallet.ledger_received(reason, amount)) as received, sum(amount) as net
              from ${ledgerEntries} group by 1, 2),
          kept as (select * from ${assetDayTotals} where spent <> 0 or received <> 0 or net <> 0)
          (select * from summed except select * from kept)
          union all (select * from kept except select * from summed)`,
    );
    expect(differing).toEqual([]);
    const rows = await rawRows<{ day: string; spent: string; received: string; net: string }>(
      db.db,
      sql`select day::text as day, spent, received, net from ${assetDayTotals} where asset_id = ${wallet} order by day`,
    );
    expect(rows.map((r) => [r.day, Number(r.spent), Number(r.received), Number(r.net)])).toEqual([
      [utcDay(-2), 0, 1_000, 1_000],
      [utcDay(-1), 500, 0, -800],
      [utcDay(0), 0, 3_000, 3_000],
    ]);
  });
});
