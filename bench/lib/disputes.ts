// Disputes in the benchmark (docs/disputes.md; issue 43): dispute/create and the WON outcome
// (simulate/disputeOutcome) on the service and on the floor (bench/floor-dispute.ts, the same
// statements), in turns, and the guarantees after them; and a programme's worth of disputes seeded
// in bulk (seedDisputes), so that /disputes is measured over a realistic list.
//
// The purchases: one cleared purchase of PURCHASE_AMOUNT on each of DISPUTE_CARDS ACTIVE cards
// drawn at random from the population, each funded through asset/transfer (bench/lib/spending.ts's
// fundSpendCards). dispute/create disputes DISPUTE_AMOUNT of a random one (25,000 disputes fit in
// a purchase), reason OTHER. The disputes the create loads made are then submitted in bulk (one
// UPDATE: submission is not what is measured), and the WON loads settle each of them once.
import { randomInt, randomUUID } from 'node:crypto';
import { DISPUTE_REASONS } from '@/lib/wallet/contract/enums';
import { BOOKS_SQL } from '@/lib/wallet/service/db/books';
import { SUMMARY_SHARDS } from '@/lib/wallet/service/spending/summary-totals';
import { medianRate, type LoadResult, type RequestFactory } from './load';
import { BENCH_APP, query, settleWrites, turns, type Server } from './servers';
import type { DisputeGuarantees, DisputeSize } from './results';
import { fundSpendCards, measurer } from './spending';
import { signedPath, type Population } from './wallet-requests';

/** Funded cards the disputed purchases are spread over (hot rows are not what this measures). */
export const DISPUTE_CARDS = 100;
const PURCHASE_AMOUNT = '250.00';
const DISPUTE_AMOUNT = '0.01';
/** Issue 43's bound: each figure at least this share of the floor's rate. */
export const DISPUTE_RATE_BOUND = 0.9;

type Log = (line: string) => void;
type Answer = { code: number; msg?: string; data?: unknown };

async function call(server: Server, path: { method: string; path: string }): Promise<Answer> {
  server.requests++;
  const response = await fetch(`${server.baseUrl}${path.path}`, { method: path.method });
  return (await response.json()) as Answer;
}

/** One cleared purchase of PURCHASE_AMOUNT on each funded card, made through the service: their transactionIds. */
export async function clearedPurchases(wallet: Server, p: Population): Promise<number[]> {
  const cards = await fundSpendCards(wallet, p, DISPUTE_CARDS);
  const purchases: number[] = [];
  for (const cardId of cards) {
    const authorized = await call(
      wallet,
      signedPath(BENCH_APP, 'simulateAuthorize', {
        cardId,
        amount: PURCHASE_AMOUNT,
        merchantName: 'BENCH DISPUTED SHOP',
        mcc: '5732',
        merchantCountry: 'US',
        requestId: `bench-dispute-buy-${randomUUID()}`,
      }),
    );
    const authorizationId = (authorized.data as { authorizationId?: number; status?: string } | undefined)
      ?.authorizationId;
    if (authorized.code !== 0 || authorizationId === undefined)
      throw new Error(`a purchase to dispute on card ${cardId}: ${authorized.code} ${authorized.msg ?? ''}`);
    const cleared = await call(
      wallet,
      signedPath(BENCH_APP, 'simulateClear', {
        authorizationId,
        requestId: `bench-dispute-clear-${randomUUID()}`,
      }),
    );
    const transactionId = (cleared.data as { transactionId?: number } | undefined)?.transactionId;
    if (cleared.code !== 0 || !transactionId)
      throw new Error(`clearing the purchase on card ${cardId}: ${cleared.code} ${cleared.msg ?? ''}`);
    purchases.push(transactionId);
  }
  return purchases;
}

/** How long before its purchase's clearing a seeded dispute's purchase may lie: two years, in minutes. */
const SEEDED_SPREAD_MINUTES = 730 * 1440;

/**
 * One dispute on every card of the population (1,000,000 at 1,000,000 cards: issue 43's "with 1M
 * disputes"), each of a cleared purchase of its own, stored as the service stores them
 * (docs/disputes.md, docs/card-spending.md "Rules"): the card asset credited with exactly the
 * purchase (a CREDIT entry, as lib/wallet/service/asset/credit-asset.ts funds an asset) an hour
 * before the purchase, the CLEARED authorization, its CARD_SPEND entry (the transactionId) of the
 * whole amount, so the card's balance is back where it was; the card's three running totals and
 * the summary's totals moved as the clear moves them; asset_day_totals by drizzle/0032's trigger.
 * Realistic by age: each purchase cleared at a time spread evenly over the last two years, its
 * dispute created 0-10 days after (never after now), dueBy the clearing + 110 days
 * (create-dispute.ts's DISPUTE_DUE_MS). Those whose dueBy is still ahead are OPEN (one in three)
 * or SUBMITTED; those past it LOST, WITHDRAWN or EXPIRED (resolved by the expiry worker a minute
 * after dueBy), with the times each change would have set; no WON, which moves money. So about
 * 110 / 730 of them are OPEN or SUBMITTED and 5% OPEN, of which 7 / 110 due within a week, as a
 * programme that has run two years holds them. Reasons over the six, each status with several. A
 * FRAUDULENT dispute leaves its card as it is (as if unlocked since), so the other figures'
 * ACTIVE cards stay ACTIVE; no events are seeded (the loads' own are what is counted). One
 * statement: the rows take their ids from the tables' sequences (nextval), so the service's own
 * later purchases and disputes (measureDisputes) never collide with them; the ledger entries are
 * numbered here and the assets' ledger_count moved once.
 */
export async function seedDisputes(url: string): Promise<{ rows: number; seconds: number }> {
  const started = performance.now();
  const reasons = `array[${DISPUTE_REASONS.map((r) => `'${r}'`).join(', ')}]`;
  const [inserted] = await query<{ n: string }>(
    url,
    `with picked as (select c.*, row_number() over (order by c.id) - 1 as i from wallet.cards c),
     shaped as (
       select p.*, s.currency, s.balance, s.ledger_count,
              (${reasons})[1 + (p.i + p.i / 10) % 6] as reason,
              500 + (p.i * 7919) % 49500 as amount,
              interval '1 hour' + ((p.i * 7919) % ${SEEDED_SPREAD_MINUTES}) * interval '1 minute' as cleared_ago,
              nextval('wallet.authorizations_id_seq') as authorization_id,
              nextval('wallet.ledger_entries_id_seq') as credit_id,
              nextval('wallet.ledger_entries_id_seq') as spend_id
         from picked p join wallet.assets s on s.id = p.card_asset_id),
     dated as (
       select x.*, now() - x.cleared_ago as cleared_at, now() - x.cleared_ago + interval '110 days' as due_by,
              least(now() - x.cleared_ago + ((x.i * 6151) % 14401) * interval '1 minute', now() - interval '1 minute')
                as disputed_at
         from shaped x),
     timed as (
       select d.*,
              case when d.due_by > now() then case when d.i % 3 = 0 then 'OPEN' else 'SUBMITTED' end
                   else case d.i % 3 when 0 then 'LOST' when 1 then 'WITHDRAWN' else 'EXPIRED' end end
                as dispute_status
         from dated d),
     funded as (
       insert into wallet.ledger_entries (id, asset_id, amount, balance_after, reason, seq, created_at)
       select credit_id, card_asset_id, amount, balance + amount, 'CREDIT', ledger_count + 1, cleared_at - interval '2 hours'
         from timed),
     spent as (
       insert into wallet.ledger_entries (id, asset_id, amount, balance_after, reason, card_id, seq, created_at)
       select spend_id, card_asset_id, -amount, balance, 'CARD_SPEND', id, ledger_count + 2, cleared_at
         from timed),
     numbered as (
       update wallet.assets s set ledger_count = s.ledger_count + 2 from timed t where s.id = t.card_asset_id),
     purchased as (
       insert into wallet.authorizations
         (id, app_id, card_id, card_asset_id, user_id, status, amount, held, cleared, currency, merchant_name, mcc,
          merchant_country, decided_by, transaction_id, approved_at, created_at, updated_at)
       select authorization_id, app_id, id, card_asset_id, user_id, 'CLEARED', amount, 0, amount, currency,
              'SEED DISPUTED SHOP ' || (i % 50), (5732 + i % 20)::text, 'US', 'RULES', spend_id,
              cleared_at - interval '1 hour', cleared_at - interval '1 hour', cleared_at
         from timed
       returning app_id, card_id, card_asset_id, amount, cleared, currency, approved_at, created_at),
     totalled as (
       insert into wallet.card_spend_totals (card_id, "window", amount)
       select card_id, w.key, sum(cleared)
         from purchased
        cross join lateral (values ('D' || to_char(approved_at at time zone 'UTC', 'YYYY-MM-DD')),
                                   ('M' || to_char(approved_at at time zone 'UTC', 'YYYY-MM')), ('ALL')) w(key)
        group by 1, 2
       on conflict (card_id, "window") do update set amount = wallet.card_spend_totals.amount + excluded.amount),
     counted as (
       insert into wallet.authorization_day_totals (app_id, day, currency, decimal_places, status, decline_reason,
                                                    shard, count, amount, held, cleared, refunded)
       select a.app_id, (a.created_at at time zone 'UTC')::date, a.currency, s.decimal_places, 'CLEARED', '',
              a.card_id % ${SUMMARY_SHARDS}, count(*), sum(a.amount), 0, sum(a.cleared), 0
         from purchased a join wallet.assets s on s.id = a.card_asset_id
        group by 1, 2, 3, 4, 5, 6, 7
       on conflict (app_id, day, currency, decimal_places, status, decline_reason, shard) do update
          set count = wallet.authorization_day_totals.count + excluded.count,
              amount = wallet.authorization_day_totals.amount + excluded.amount,
              cleared = wallet.authorization_day_totals.cleared + excluded.cleared),
     disputed as (
       insert into wallet.disputes
         (app_id, authorization_id, card_id, user_id, status, reason, amount, explanation, evidence, due_by,
          created_at, submitted_at, resolved_at)
       select app_id, authorization_id, id, user_id, dispute_status, reason,
              case when (i / 3) % 2 = 0 then amount / 2 else amount end, 'Seeded by the benchmark',
              case when dispute_status in ('SUBMITTED', 'LOST') then 'Receipt and correspondence (seeded)' end,
              due_by, disputed_at,
              case dispute_status when 'SUBMITTED' then disputed_at + (now() - disputed_at) / 2
                                  when 'LOST' then disputed_at + interval '1 day' end,
              case dispute_status when 'LOST' then disputed_at + interval '30 days'
                                  when 'WITHDRAWN' then disputed_at + interval '1 day'
                                  when 'EXPIRED' then least(due_by + interval '1 minute', now()) end
         from timed
       returning id)
     select count(*) as n from disputed`,
  );
  return { rows: Number(inserted!.n), seconds: (performance.now() - started) / 1000 };
}

const OPENED = /"disputeId":(\d+)/;
const createCheck = (status: number, body: string) =>
  status === 200 && body.startsWith('{"code":0,') && body.includes('"status":"OPEN"');
const wonCheck = (status: number, body: string) =>
  status === 200 && body.startsWith('{"code":0,') && body.includes('"status":"WON"');

/**
 * dispute/create on the service then the floor (in turns over the rounds), more create loads on
 * the floor (not measured) until the outcomes cannot run out, the bulk submit, then the
 * WON outcome on the service then the floor, then the guarantees.
 */
export async function measureDisputes(options: {
  url: string;
  wallet: Server;
  floor: Server;
  purchases: readonly number[];
  settings: { connections: number; seconds: number; warmupSeconds: number; rounds?: number };
  log: Log;
}): Promise<DisputeSize> {
  const { url, wallet, floor, purchases, log } = options;
  const unsettled = measurer(options.settings);
  const measure = async (
    server: Server,
    next: RequestFactory,
    o: {
      check: (status: number, body: string) => boolean;
      onSuccess: (body: string) => void;
      warmup: number;
    },
  ) => {
    if (o.warmup !== 0) await settleWrites(url);
    return unsettled(server, next, o);
  };
  const rounds = options.settings.rounds ?? 1;
  const opened: number[] = [];
  const collect = (body: string) => {
    const match = OPENED.exec(body);
    if (match) opened.push(Number(match[1]));
  };
  const create: RequestFactory = () => {
    const requestId = `bench-${randomUUID()}`;
    const transactionId = purchases[randomInt(purchases.length)]!;
    return {
      ...signedPath(BENCH_APP, 'disputeCreate', {
        transactionId,
        reason: 'OTHER',
        amount: DISPUTE_AMOUNT,
        requestId,
      }),
      tag: requestId,
    };
  };
  const creating = { app: [] as LoadResult[], floor: [] as LoadResult[] };
  for (let round = 0; round < rounds; round++) {
    for (const side of turns(round)) {
      creating[side].push(
        await measure(side === 'app' ? wallet : floor, create, {
          check: createCheck,
          onSuccess: collect,
          warmup: 1,
        }),
      );
    }
  }
  // The WON loads settle one dispute per call and answer up to ~2x as fast as creates: unmeasured
  // create loads on the floor until there are enough for every WON window (each side's rounds,
  // warm-up included) at 2.5x the fastest create window seen, or 4 loads a round at most.
  const { seconds, warmupSeconds } = options.settings;
  const fastest = Math.max(...[...creating.app, ...creating.floor].map((r) => r.rps));
  const needed = Math.ceil(2.5 * fastest * 2 * rounds * (seconds + warmupSeconds));
  for (let extra = 0; opened.length < needed && extra < 4 * rounds; extra++)
    await measure(floor, create, { check: createCheck, onSuccess: collect, warmup: 0 });
  const ca = medianRate(creating.app);
  const cf = medianRate(creating.floor);
  log(
    `  dispute/create (${purchases.length} cleared purchases)${rounds > 1 ? ` (median of ${rounds} rounds; wallet ${creating.app.map((r) => r.rps.toFixed(0)).join(', ')}/s; floor ${creating.floor.map((r) => r.rps.toFixed(0)).join(', ')}/s)` : ''}\n      wallet ${short(ca)}\n      floor  ${short(cf)}\n      wallet/floor rate ${(ca.rps / cf.rps).toFixed(2)}, p50 ${(ca.p50 / cf.p50).toFixed(2)}x`,
  );

  // Submitted in bulk: what the outcome needs, not what is measured. Only the loads' own: the
  // seeded OPEN ones (seedDisputes) stay as seeded for the back-office's /disputes.
  await query(
    url,
    `update wallet.disputes set status = 'SUBMITTED', evidence = 'bench', submitted_at = now()
      where status = 'OPEN' and id = any($1::bigint[])`,
    [`{${opened.join(',')}}`],
  );
  for (let i = opened.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [opened[i], opened[j]] = [opened[j]!, opened[i]!];
  }
  let ranOut = false;
  const settle: RequestFactory = () => {
    const disputeId = opened.pop();
    if (disputeId === undefined) ranOut = true;
    const requestId = `bench-${randomUUID()}`;
    return {
      ...signedPath(BENCH_APP, 'simulateDisputeOutcome', {
        disputeId: disputeId ?? 1,
        outcome: 'WON',
        requestId,
      }),
      tag: requestId,
    };
  };
  const winning = { app: [] as LoadResult[], floor: [] as LoadResult[] };
  for (let round = 0; round < rounds; round++) {
    for (const side of turns(round)) {
      winning[side].push(
        await measure(side === 'app' ? wallet : floor, settle, {
          check: wonCheck,
          onSuccess: () => {},
          warmup: 1,
        }),
      );
    }
  }
  const wa = medianRate(winning.app);
  const wf = medianRate(winning.floor);
  log(
    `  simulate/disputeOutcome WON${rounds > 1 ? ` (median of ${rounds} rounds; wallet ${winning.app.map((r) => r.rps.toFixed(0)).join(', ')}/s; floor ${winning.floor.map((r) => r.rps.toFixed(0)).join(', ')}/s)` : ''}\n      wallet ${short(wa)}\n      floor  ${short(wf)}\n      wallet/floor rate ${(wa.rps / wf.rps).toFixed(2)}${ranOut ? '; RAN OUT of disputes to settle' : ''}`,
  );
  await settleWrites(url);
  const guarantees = await checkDisputeGuarantees(url, purchases);
  log(`      dispute guarantees ${guarantees.ok ? 'all held' : 'BROKEN'}`);
  for (const c of guarantees.checks) if (!c.ok) log(`      BROKEN: ${c.name}: ${c.detail}`);
  return {
    purchases: purchases.length,
    create: { app: ca, floor: cf },
    won: { app: wa, floor: wf },
    ...(rounds > 1
      ? {
          rounds: {
            create: { app: creating.app.map((r) => r.rps), floor: creating.floor.map((r) => r.rps) },
            won: { app: winning.app.map((r) => r.rps), floor: winning.floor.map((r) => r.rps) },
          },
        }
      : {}),
    guarantees,
  };
}

const short = (r: LoadResult) =>
  `${Math.round(r.rps)}/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.failed} failed${r.cpuMsPerRequest === undefined ? '' : `, ${r.cpuMsPerRequest.toFixed(2)} ms CPU/req`}`;

/**
 * After the loads (docs/disputes.md "Rules"): no purchase is disputed beyond what is left of it;
 * each WON dispute has its one DISPUTE_CREDIT entry of its amount, and there is no other; every
 * ledger sums to its balance.
 */
export async function checkDisputeGuarantees(
  url: string,
  purchases: readonly number[],
): Promise<DisputeGuarantees> {
  const checks: DisputeGuarantees['checks'] = [];
  const [over] = await query<{ n: string }>(
    url,
    `select count(*) as n from (
       select a.id from wallet.authorizations a join wallet.disputes d on d.authorization_id = a.id
        where a.transaction_id = any($1::bigint[]) and d.status in ('OPEN', 'SUBMITTED', 'WON')
        group by a.id, a.cleared, a.refunded having sum(d.amount) > a.cleared - a.refunded) x`,
    [`{${purchases.join(',')}}`],
  );
  checks.push({
    name: 'no purchase disputed beyond what is left',
    ok: Number(over!.n) === 0,
    detail: `${over!.n} over`,
  });
  const [credits] = await query<{ won: string; entries: string; matched: string }>(
    url,
    `select (select count(*) from wallet.disputes where status = 'WON') as won,
            (select count(*) from wallet.ledger_entries where reason = 'DISPUTE_CREDIT') as entries,
            (select count(*) from wallet.disputes d join wallet.ledger_entries e on e.id = d.credit_entry_id
              where d.status = 'WON' and e.reason = 'DISPUTE_CREDIT' and e.amount = d.amount
                and e.card_id = d.card_id) as matched`,
  );
  const c = credits!;
  checks.push({
    name: 'each WON dispute credited once, nothing else credited',
    ok: c.won === c.entries && c.won === c.matched,
    detail: `${c.won} WON, ${c.entries} DISPUTE_CREDIT entries, ${c.matched} matching`,
  });
  const [books] = await query<{ unbalanced: number; misnumbered: number; negative: number }>(url, BOOKS_SQL);
  checks.push({
    name: 'every ledger sums to its balance, numbered, none below zero',
    ok: books!.unbalanced === 0 && books!.misnumbered === 0 && books!.negative === 0,
    detail: JSON.stringify(books),
  });
  return { ok: checks.every((x) => x.ok), checks };
}
