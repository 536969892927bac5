// Card spending in the benchmark (docs/card-spending.md; issues 27 and 28): simulate/authorize
// (approved) and simulate/clear on the service and on the floor, the money guarantees after them,
// the history a card network leaves behind seeded in bulk (authorizations per card, in past
// windows), the embedded default's authorize rate, and the targets and notes of the report.
//
// The purchases: AUTHORIZE_AMOUNT on one of SPEND_CARDS ACTIVE cards drawn at random from the
// whole population, each funded through asset/transfer (agency asset -> card, as an agency tops a
// card up), with no controls set, so the rules approve. The clears take the PENDING ones the
// authorize loads made, each exactly once.
import { randomInt, randomUUID } from 'node:crypto';
import { BOOKS_SQL } from '@/lib/wallet/service/db/books';
import { SUMMARY_SHARDS } from '@/lib/wallet/service/spending/summary-totals';
import type { Results, SizeResult, SpendGuarantees, SpendingSize } from './results';

export type { SpendGuarantees, SpendingSize } from './results';
import { authorizeParams } from './floor-calls';
import { cardsLabel, roundsText, writeRatio } from './format';
import { measure, medianRate, type LoadResult, type RequestFactory } from './load';
import { groupCpuMs } from './processes';
import { BENCH_APP, query, settleWrites, turns, type Server } from './servers';
import { signedPath, type Population } from './wallet-requests';

/** Funded cards the purchases are spread over (hot rows are not what this measures). */
export const SPEND_CARDS = 300;
/** What each funded card receives, major units (30,000 authorizations of 0.01 each). */
const CARD_FUNDING = '300.00';
/** The authorizations seeded per card: 10 million at 1,000,000 cards. */
export const SEEDED_AUTHORIZATIONS_PER_CARD = 10;

/** Issue 28's bounds. */
export const SPEND_RATE_BOUND = 0.9;
export const SPEND_P50_BOUND = 1.3;
export const TRANSACTIONS_P95_MS = 150;

type Log = (line: string) => void;

// ---------------------------------------------------------------------------------------------
// Seeding

/**
 * `perCard` authorizations on every card (or on the first `cards` cards), in past windows, as
 * DECLINED (CARD_NOT_ACTIVE for a card that is not active, else INSUFFICIENT_FUNDS) and REVERSED
 * ones (approved, then released in full): neither holds money, posts a ledger entry or counts in a
 * running total (docs/card-spending.md "Spending controls"), so every invariant holds as seeded;
 * the same statement adds them to the summary's running totals (authorization/summary, the
 * back-office's /transactions headline), so those hold too.
 * One INSERT ... SELECT from generate_series, with the table's secondary indexes dropped first
 * and built again after (their definitions read from pg_indexes): an index built once over the
 * data is several times faster than 10 million insertions into five of them.
 */
export async function seedAuthorizations(
  url: string,
  perCard: number,
  options: { cards?: number } = {},
): Promise<{ rows: number; seconds: number }> {
  const started = performance.now();
  const indexes = await query<{ name: string; definition: string }>(
    url,
    `select indexname as name, indexdef as definition from pg_indexes
      where schemaname = 'wallet' and tablename = 'authorizations'
        and indexname not in (select conname from pg_constraint where conrelid = 'wallet.authorizations'::regclass)`,
  );
  const bulk = !options.cards;
  if (bulk) for (const index of indexes) await query(url, `drop index wallet."${index.name}"`);
  const [inserted] = await query<{ n: string }>(
    url,
    `with seeded as (
       insert into wallet.authorizations
         (app_id, card_id, card_asset_id, user_id, status, amount, held, reversed, currency,
          merchant_name, mcc, merchant_country, decline_reason, decided_by, approved_at, created_at, updated_at)
       select c.app_id, c.id, c.card_asset_id, c.user_id, s.status, s.amount, 0,
              case when s.status = 'REVERSED' then s.amount else 0 end, 'USD',
              'SEED MERCHANT ' || (g % 50), (5411 + g % 20)::text, 'US',
              case when s.status = 'DECLINED' then
                case when c.status = 'ACTIVE' then 'INSUFFICIENT_FUNDS' else 'CARD_NOT_ACTIVE' end end,
              'RULES', case when s.status = 'REVERSED' then s.at end, s.at, s.at + interval '1 hour'
         from wallet.cards c
        cross join generate_series(1, $1::int) g
        cross join lateral (select
              case when c.status = 'ACTIVE' and g % 3 <> 0 then 'REVERSED' else 'DECLINED' end as status,
              100 + (c.id * 7 + g * 13) % 9900 as amount,
              now() - interval '2 days' - (g * 3 + c.id % 24) * interval '1 day' - (c.id % 3600) * interval '1 second' as at) s
        where $2::int is null or c.id in (select id from wallet.cards order by id limit $2::int)
       returning app_id, card_id, card_asset_id, status, decline_reason, amount, held, cleared, refunded,
                 currency, created_at),
     -- The summary's running totals (docs/card-spending.md "Summary") move with the rows, as each
     -- state change's upsert moves them: the seeded rows summed by the summary's key, as the
     -- migration's INSERT ... SELECT (drizzle/0018_authorization_summary.sql) sums older ones.
     counted as (
       insert into wallet.authorization_day_totals (app_id, day, currency, decimal_places, status, decline_reason,
                                                    shard, count, amount, held, cleared, refunded)
       select a.app_id, (a.created_at at time zone 'UTC')::date, a.currency, s.decimal_places, a.status,
              coalesce(a.decline_reason, ''), a.card_id % ${SUMMARY_SHARDS}, count(*),
              sum(case when a.status = 'DECLINED' then 0 else a.amount end), sum(a.held), sum(a.cleared),
              sum(a.refunded)
         from seeded a
         join wallet.assets s on s.id = a.card_asset_id
        group by 1, 2, 3, 4, 5, 6, 7
       on conflict (app_id, day, currency, decimal_places, status, decline_reason, shard) do update
          set count = wallet.authorization_day_totals.count + excluded.count,
              amount = wallet.authorization_day_totals.amount + excluded.amount,
              held = wallet.authorization_day_totals.held + excluded.held,
              cleared = wallet.authorization_day_totals.cleared + excluded.cleared,
              refunded = wallet.authorization_day_totals.refunded + excluded.refunded)
     select count(*) as n from seeded`,
    [perCard, options.cards ?? null],
  );
  if (bulk) await Promise.all(indexes.map((index) => query(url, index.definition)));
  return { rows: Number(inserted!.n), seconds: (performance.now() - started) / 1000 };
}

// ---------------------------------------------------------------------------------------------
// The cards the purchases use

type Answer = { code: number; msg?: string; data?: unknown };

async function call(server: Server, path: { method: string; path: string }): Promise<Answer> {
  server.requests++;
  const response = await fetch(`${server.baseUrl}${path.path}`, { method: path.method });
  return (await response.json()) as Answer;
}

/**
 * SPEND_CARDS ACTIVE cards of random users, each funded with CARD_FUNDING through asset/transfer
 * from the agency asset (which must hold enough): through the API, so that PGlite's cards are
 * set up as PostgreSQL's are.
 */
export async function fundSpendCards(server: Server, p: Population, count = SPEND_CARDS): Promise<number[]> {
  const chosen = new Set<number>();
  for (let attempt = 0; chosen.size < count && attempt < count * 4; attempt++) {
    const appUserId = `${p.prefix}-${1 + randomInt(p.users)}`;
    const listed = await call(server, signedPath(BENCH_APP, 'userCardList', { appUserId }));
    const cards = (Array.isArray(listed.data) ? listed.data : []) as {
      cardId: number;
      cardAssetId: number;
      status: string;
    }[];
    const card = cards.find((c) => c.status === 'ACTIVE' && !chosen.has(c.cardId));
    if (!card) continue;
    const moved = await call(
      server,
      signedPath(BENCH_APP, 'assetTransfer', {
        fromAssetId: p.agencyAssetId,
        toAssetId: card.cardAssetId,
        amount: CARD_FUNDING,
        requestId: `bench-fund-${randomUUID()}`,
      }),
    );
    if (moved.code !== 0) throw new Error(`funding card ${card.cardId}: ${moved.code} ${moved.msg ?? ''}`);
    chosen.add(card.cardId);
  }
  if (chosen.size === 0) throw new Error('no ACTIVE card to fund for the spending loads');
  return [...chosen];
}

// ---------------------------------------------------------------------------------------------
// The loads

const APPROVED = /"authorizationId":(\d+),[^]*?"status":"PENDING"/;

/** simulate/authorize on a random funded card; a success is an approved (PENDING) authorization. */
export function authorizeFactory(cards: readonly number[]): RequestFactory {
  return () => {
    const requestId = `bench-${randomUUID()}`;
    const cardId = cards[randomInt(cards.length)]!;
    return {
      ...signedPath(BENCH_APP, 'simulateAuthorize', authorizeParams(cardId, requestId)),
      tag: requestId,
    };
  };
}

export const approvedCheck = (status: number, body: string) =>
  status === 200 && body.startsWith('{"code":0,') && body.includes('"status":"PENDING"');

type Measure = (
  server: Server,
  next: RequestFactory,
  options: {
    check?: (status: number, body: string) => boolean;
    onSuccess?: (body: string) => void;
    warmup?: number;
  },
) => Promise<LoadResult>;

/** A load of `next` on `server` with the size's settings (run.ts's windows). */
export function measurer(settings: { connections: number; seconds: number; warmupSeconds: number }): Measure {
  return async (server, next, options) => {
    const r = await measure({
      url: server.baseUrl,
      connections: settings.connections,
      seconds: settings.seconds,
      warmupSeconds: options.warmup ?? settings.warmupSeconds,
      next,
      ...(options.check ? { check: options.check } : {}),
      ...(options.onSuccess ? { onSuccess: options.onSuccess } : {}),
      serverCpuMs: () => groupCpuMs(server.process.pid),
    });
    server.requests += r.total + (r.warmupTotal ?? 0);
    return r;
  };
}

/**
 * Authorize on the service then the floor, then clear (each PENDING authorization the loads made,
 * once) on the service then the floor, then the guarantees. Before the clears, one more authorize
 * load on the floor (not measured) so that the clears do not run out of authorizations.
 */
export async function measureSpending(options: {
  url: string;
  wallet: Server;
  floor: Server;
  cards: readonly number[];
  settings: { connections: number; seconds: number; warmupSeconds: number; rounds?: number };
  seeded: { rows: number; seconds: number };
  log: Log;
}): Promise<SpendingSize> {
  const { url, wallet, floor, cards, log } = options;
  const unsettled = measurer(options.settings);
  // Each measured window after settleWrites (run.ts's WRITE_ROUNDS); the unmeasured feed is not.
  const run: Measure = async (server, next, o) => {
    if (o.warmup !== 0) await settleWrites(url);
    return unsettled(server, next, o);
  };
  const before = await spendMark(url);
  const pending: number[] = [];
  let approved = 0;
  const collect = (body: string) => {
    approved++;
    const match = APPROVED.exec(body);
    if (match) pending.push(Number(match[1]));
  };
  const authorize = authorizeFactory(cards);
  const abandoned: string[] = [];
  const rounds = options.settings.rounds ?? 1;
  const authorizing = { app: [] as LoadResult[], floor: [] as LoadResult[] };
  // In turns (service first, then floor first...), so that a drift over the rounds favours neither.
  for (let round = 0; round < rounds; round++) {
    for (const side of turns(round)) {
      authorizing[side].push(
        await run(side === 'app' ? wallet : floor, authorize, {
          check: approvedCheck,
          onSuccess: collect,
          warmup: 1,
        }),
      );
    }
  }
  const a = medianRate(authorizing.app);
  const f = medianRate(authorizing.floor);
  abandoned.push(...[...authorizing.app, ...authorizing.floor].flatMap((r) => r.abandoned));
  log(
    `  simulate/authorize (approved, ${cards.length} funded cards)${rounds > 1 ? ` (median of ${rounds} rounds; wallet ${authorizing.app.map((r) => r.rps.toFixed(0)).join(', ')}/s; floor ${authorizing.floor.map((r) => r.rps.toFixed(0)).join(', ')}/s)` : ''}\n      wallet ${describeShort(a)}\n      floor  ${describeShort(f)}\n      wallet/floor rate ${(a.rps / f.rps).toFixed(2)}, p50 ${(a.p50 / f.p50).toFixed(2)}x`,
  );
  // One more floor window per round, unmeasured: enough PENDING authorizations for the clears.
  for (let round = 0; round < rounds; round++) {
    const feed = await run(floor, authorize, { check: approvedCheck, onSuccess: collect, warmup: 0 });
    abandoned.push(...feed.abandoned);
  }
  // Shuffled, so the clears spread over the cards as the purchases did.
  for (let i = pending.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [pending[i], pending[j]] = [pending[j]!, pending[i]!];
  }
  let cleared = 0;
  let ranOut = false;
  const clear: RequestFactory = () => {
    const id = pending.pop();
    if (id === undefined) ranOut = true;
    const requestId = `bench-${randomUUID()}`;
    return {
      ...signedPath(BENCH_APP, 'simulateClear', { authorizationId: id ?? 1, requestId }),
      tag: requestId,
    };
  };
  const clearCheck = (status: number, body: string) =>
    status === 200 && body.startsWith('{"code":0,') && body.includes('"status":"CLEARED"');
  const clearing = { app: [] as LoadResult[], floor: [] as LoadResult[] };
  for (let round = 0; round < rounds; round++) {
    for (const side of turns(round)) {
      clearing[side].push(
        await run(side === 'app' ? wallet : floor, clear, {
          check: clearCheck,
          onSuccess: () => cleared++,
          warmup: 1,
        }),
      );
    }
  }
  const ca = medianRate(clearing.app);
  const cf = medianRate(clearing.floor);
  abandoned.push(...[...clearing.app, ...clearing.floor].flatMap((r) => r.abandoned));
  log(
    `  simulate/clear${rounds > 1 ? ` (median of ${rounds} rounds; wallet ${clearing.app.map((r) => r.rps.toFixed(0)).join(', ')}/s; floor ${clearing.floor.map((r) => r.rps.toFixed(0)).join(', ')}/s)` : ''}\n      wallet ${describeShort(ca)}\n      floor  ${describeShort(cf)}\n      wallet/floor rate ${(ca.rps / cf.rps).toFixed(2)}${ranOut ? '; RAN OUT of authorizations to clear' : ''}`,
  );
  const guarantees = await checkSpendGuarantees({ url, since: before, approved, cleared, abandoned });
  log(`      spending guarantees ${guarantees.ok ? 'all held' : 'BROKEN'}`);
  for (const c of guarantees.checks) if (!c.ok) log(`      BROKEN: ${c.name}: ${c.detail}`);
  return {
    seeded: options.seeded.rows,
    seedSeconds: options.seeded.seconds,
    authorize: { app: a, floor: f },
    clear: { app: ca, floor: cf },
    ...(rounds > 1
      ? {
          rounds: {
            authorize: { app: authorizing.app.map((r) => r.rps), floor: authorizing.floor.map((r) => r.rps) },
            clear: { app: clearing.app.map((r) => r.rps), floor: clearing.floor.map((r) => r.rps) },
          },
        }
      : {}),
    guarantees,
  };
}

const describeShort = (r: LoadResult) =>
  `${Math.round(r.rps)}/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.failed} failed${r.cpuMsPerRequest === undefined ? '' : `, ${r.cpuMsPerRequest.toFixed(2)} ms CPU/req`}`;

// ---------------------------------------------------------------------------------------------
// The guarantees (docs/card-spending.md "Money model")

type SpendMark = { authorizationId: number };

async function spendMark(url: string): Promise<SpendMark> {
  const [row] = await query<{ id: string }>(
    url,
    `select coalesce(max(id), 0) as id from wallet.authorizations`,
  );
  return { authorizationId: Number(row!.id) };
}

/** Until no authorization has been written or changed for a second (at most 20 s). */
async function settleSpending(url: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  let last = '';
  for (;;) {
    const [row] = await query<{ n: string }>(
      url,
      `select (select coalesce(max(id), 0) from wallet.authorizations)::text || '/' ||
              (select count(*) from wallet.authorizations where status = 'CLEARED')::text as n`,
    );
    if (row?.n === last || Date.now() > deadline) return;
    last = row?.n ?? '';
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/**
 * After the spending loads: every ledger sums to its balance and none is below zero, no available
 * balance (balance - held) is below zero, each asset's `held` is the sum of its open (PENDING)
 * holds and nothing else holds money, each CLEARED authorization has its one CARD_SPEND entry of
 * its cleared amount, each card's all-time running total is what its authorizations count, the
 * summary's running totals are what the authorizations count, and
 * the approvals and clears written are exactly those the clients saw (or left unanswered).
 */
export async function checkSpendGuarantees(options: {
  url: string;
  since: SpendMark;
  approved: number;
  cleared: number;
  abandoned: readonly string[];
}): Promise<SpendGuarantees> {
  const { url } = options;
  await settleSpending(url);
  const checks: SpendGuarantees['checks'] = [];
  const add = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  const [books] = await query<{ unbalanced: number; misnumbered: number; negative: number }>(url, BOOKS_SQL);
  add(
    'every ledger sums to its balance',
    Number(books!.unbalanced) === 0,
    `${books!.unbalanced} asset(s) whose ledger differs`,
  );
  add(
    'every ledger numbered 1..n, n held by its asset',
    Number(books!.misnumbered) === 0,
    `${books!.misnumbered} asset(s)`,
  );
  add('no balance below zero', Number(books!.negative) === 0, `${books!.negative} negative balance(s)`);
  const [holds] = await query<{
    below: string;
    wrong: string;
    stray: string;
    unposted: string;
    totals: string;
  }>(
    url,
    `select
       (select count(*) from wallet.assets where balance - held < 0) as below,
       (select count(*) from wallet.assets a
          left join (select card_asset_id, sum(held) as s from wallet.authorizations
                      where status = 'PENDING' group by card_asset_id) h on h.card_asset_id = a.id
         where a.held <> coalesce(h.s, 0)) as wrong,
       (select count(*) from wallet.authorizations where status <> 'PENDING' and held <> 0) as stray,
       (select count(*) from wallet.authorizations a
          left join wallet.ledger_entries l on l.id = a.transaction_id
         where a.status = 'CLEARED'
           and (l.id is null or l.reason <> 'CARD_SPEND' or l.amount <> -a.cleared or l.asset_id <> a.card_asset_id)) as unposted,
       (select count(*) from wallet.card_spend_totals t
          left join (select card_id, sum(case status when 'PENDING' then held
                                                  when 'CLEARED' then cleared - refunded else 0 end) as s
                       from wallet.authorizations where status in ('PENDING', 'CLEARED') group by card_id) c
            on c.card_id = t.card_id
         where t."window" = 'ALL' and t.amount <> coalesce(c.s, 0)) as totals`,
  );
  add(
    'no available balance (balance − held) below zero',
    Number(holds!.below) === 0,
    `${holds!.below} asset(s)`,
  );
  add(
    'every asset’s held is the sum of its open holds',
    Number(holds!.wrong) === 0,
    `${holds!.wrong} asset(s) whose held differs`,
  );
  add(
    'only PENDING authorizations hold money',
    Number(holds!.stray) === 0,
    `${holds!.stray} authorization(s)`,
  );
  add(
    'every CLEARED authorization has its CARD_SPEND entry of its cleared amount',
    Number(holds!.unposted) === 0,
    `${holds!.unposted} authorization(s)`,
  );
  add(
    'every card’s all-time total is what its authorizations count',
    Number(holds!.totals) === 0,
    `${holds!.totals} card(s) whose total differs`,
  );
  // The summary's running totals (docs/card-spending.md "Summary"): the seeded rows, the loads'
  // approvals and clears, on both servers, each moved by its upsert; rows that came to zero are
  // left behind by a move and skipped.
  const [summary] = await query<{ differing: string }>(
    url,
    `with stored as (
       select app_id, day, currency, decimal_places, status, decline_reason, shard,
              count, amount, held, cleared, refunded
         from wallet.authorization_day_totals
        where count <> 0 or amount <> 0 or held <> 0 or cleared <> 0 or refunded <> 0),
     summed as (
       select a.app_id, (a.created_at at time zone 'UTC')::date as day, a.currency, s.decimal_places, a.status,
              coalesce(a.decline_reason, '') as decline_reason, a.card_id % ${SUMMARY_SHARDS} as shard,
              count(*)::bigint as count, sum(case when a.status = 'DECLINED' then 0 else a.amount end)::bigint as amount,
              sum(a.held)::bigint as held, sum(a.cleared)::bigint as cleared, sum(a.refunded)::bigint as refunded
         from wallet.authorizations a
         join wallet.assets s on s.id = a.card_asset_id
        group by 1, 2, 3, 4, 5, 6, 7)
     select count(*) as differing
       from ((select * from stored except all select * from summed)
             union all (select * from summed except all select * from stored)) d`,
  );
  add(
    'the summary’s running totals are what the authorizations count',
    Number(summary!.differing) === 0,
    `${summary!.differing} summary row(s) differ from the authorizations summed`,
  );
  const [made] = await query<{ approved: string; cleared: string; committed: string }>(
    url,
    `select count(*) filter (where a.status in ('PENDING', 'CLEARED')) as approved,
            count(*) filter (where a.status = 'CLEARED') as cleared,
            (select count(*) from wallet.idempotency_keys where request_id = any($2::text[]) and response is not null) as committed
       from wallet.authorizations a where a.id > $1`,
    [options.since.authorizationId, options.abandoned],
  );
  const approvedRows = Number(made!.approved);
  const clearedRows = Number(made!.cleared);
  const committed = Number(made!.committed);
  // An abandoned request (left unanswered when a load stopped) either committed or did nothing.
  const within = (rows: number, seen: number) => rows >= seen && rows <= seen + committed;
  add(
    'the approvals written are those the clients saw',
    within(approvedRows, options.approved),
    `${approvedRows} approved authorizations written, ${options.approved} seen approved, ${committed} unanswered that committed`,
  );
  add(
    'the clears written are those the clients saw',
    within(clearedRows, options.cleared),
    `${clearedRows} cleared, ${options.cleared} seen cleared, ${committed} unanswered that committed`,
  );
  return { ok: checks.every((c) => c.ok), checks, approved: options.approved, cleared: options.cleared };
}

// ---------------------------------------------------------------------------------------------
// Targets (report.ts) and notes (analysis.ts)

export type SpendTarget = { name: string; met: boolean | undefined; detail: string };

const f2 = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(2));
const ms = (x: number | undefined) =>
  x === undefined || !Number.isFinite(x) ? '–' : x < 10 ? x.toFixed(2) : x.toFixed(1);
const rps = (x: number | undefined) =>
  x === undefined || !Number.isFinite(x) ? '–' : Math.round(x).toLocaleString('en-US');

const spendSizes = (results: Results) =>
  results.sizes.filter((s): s is SizeResult & { spending: SpendingSize } => !!s.spending);

/** The largest size's /transactions page, or undefined. */
function transactionsPage(results: Results): { size: SizeResult; page: LoadResult } | undefined {
  for (const size of [...results.sizes].reverse()) {
    const page = size.backoffice['/transactions'];
    if (page && 'p95' in page) return { size, page };
  }
  return undefined;
}

export function spendingTargets(results: Results): SpendTarget[] {
  const sizes = spendSizes(results);
  const targets: SpendTarget[] = [];
  const guaranteesHeld = sizes.every((s) => s.spending.guarantees.ok);
  const heldText = `guarantees ${guaranteesHeld ? 'all held' : 'BROKEN'}`;

  const auth = sizes.map((s) => ({
    s,
    rate: writeRatio(
      s.spending.authorize.app.rps,
      s.spending.authorize.floor.rps,
      s.spending.rounds?.authorize,
    ),
    p50: s.spending.authorize.app.p50 / s.spending.authorize.floor.p50,
  }));
  targets.push({
    name: `simulate/authorize (approved) ≥ ${SPEND_RATE_BOUND}× the floor’s rate and p50 ≤ ${SPEND_P50_BOUND}× the floor’s, every guarantee held`,
    met: auth.length
      ? auth.every((x) => x.rate >= SPEND_RATE_BOUND && x.p50 <= SPEND_P50_BOUND) && guaranteesHeld
      : undefined,
    detail: auth.length
      ? `${auth
          .map(
            ({ s, rate, p50 }) =>
              `${rps(s.spending.authorize.app.rps)} vs ${rps(s.spending.authorize.floor.rps)}/s (${f2(rate)}), p50 ${ms(s.spending.authorize.app.p50)} vs ${ms(s.spending.authorize.floor.p50)} ms (${f2(p50)}×) at ${cardsLabel(s.cards)}${s.spending.rounds ? ` (${roundsText(s.spending.rounds.authorize, 'service', 'floor')})` : ''}`,
          )
          .join('; ')}; ${heldText}`
      : 'not measured in this run',
  });

  const clears = sizes.filter((s) => s.spending.clear);
  const clearRates = clears.map((s) => ({
    s,
    r: writeRatio(s.spending.clear!.app.rps, s.spending.clear!.floor.rps, s.spending.rounds?.clear),
  }));
  targets.push({
    name: `simulate/clear ≥ ${SPEND_RATE_BOUND}× the floor’s rate, every guarantee held`,
    met: clearRates.length ? clearRates.every((x) => x.r >= SPEND_RATE_BOUND) && guaranteesHeld : undefined,
    detail: clearRates.length
      ? `${clearRates.map(({ s, r }) => `${rps(s.spending.clear!.app.rps)} vs ${rps(s.spending.clear!.floor.rps)}/s (${f2(r)}) at ${cardsLabel(s.cards)}${s.spending.rounds ? ` (${roundsText(s.spending.rounds.clear, 'service', 'floor')})` : ''}`).join('; ')}; ${heldText}`
      : 'not measured in this run',
  });

  const first = sizes[0];
  const last = sizes[sizes.length - 1];
  const smallest = results.sizes[0];
  const largest = results.sizes[results.sizes.length - 1];
  const growth =
    first && last && first !== last
      ? last.spending.authorize.app.p50 / first.spending.authorize.app.p50
      : NaN;
  targets.push({
    name: `simulate/authorize p50 at ${largest ? cardsLabel(largest.cards) : '?'} cards (${SEEDED_AUTHORIZATIONS_PER_CARD} authorizations per card) within ${SPEND_P50_BOUND}× of itself at ${smallest ? cardsLabel(smallest.cards) : '?'}`,
    met: Number.isFinite(growth) ? growth <= SPEND_P50_BOUND : undefined,
    detail:
      first && last && first !== last
        ? `${ms(last.spending.authorize.app.p50)} ms vs ${ms(first.spending.authorize.app.p50)} ms: ${f2(growth)}×${growth > SPEND_P50_BOUND ? `, ${((growth / SPEND_P50_BOUND - 1) * 100).toFixed(0)}% over` : ''} (floor ${f2(last.spending.authorize.floor.p50 / first.spending.authorize.floor.p50)}×); ${count(last.spending.seeded)} authorizations at ${cardsLabel(last.cards)} cards, seeded in ${last.spending.seedSeconds.toFixed(0)} s`
        : sizes.length
          ? 'one size only in this run'
          : 'not measured in this run',
  });

  const tx = transactionsPage(results);
  targets.push({
    name: `/transactions server time p95 under ${TRANSACTIONS_P95_MS} ms (first page, largest size)`,
    met: tx ? tx.page.p95 < TRANSACTIONS_P95_MS : undefined,
    detail: tx
      ? `p95 ${ms(tx.page.p95)} ms at ${cardsLabel(tx.size.cards)} cards and ${count(tx.size.spending?.seeded ?? 0)} authorizations (p50 ${ms(tx.page.p50)} ms)${tx.page.p95 >= TRANSACTIONS_P95_MS ? `, ${((tx.page.p95 / TRANSACTIONS_P95_MS - 1) * 100).toFixed(0)}% over` : ''}`
      : 'not measured in this run (needs `npm start`’s server: not with --only)',
  });

  const pl = results.pglite;
  const pgAuth = first?.spending.authorize.app;
  targets.push({
    name: 'simulate/authorize on the embedded default (PGlite) measured, beside PostgreSQL',
    met: pl?.authorize ? pl.authorize.ok > 0 && !pl.authorize.failed : undefined,
    detail: pl?.authorize
      ? `${rps(pl.authorize.rps)}/s, p50 ${ms(pl.authorize.p50)} ms at ${cardsLabel(pl.cards)} cards on PGlite${pgAuth ? `; PostgreSQL ${rps(pgAuth.rps)}/s, p50 ${ms(pgAuth.p50)} ms at ${cardsLabel(first!.cards)}` : ''}${pl.authorize.failed ? `; ${pl.authorize.failed} failed` : ''}`
      : 'not measured in this run',
  });
  return targets;
}

const count = (x: number) =>
  x >= 1_000_000 ? `${f2(x / 1_000_000).replace(/\.00$/, '')}M` : x.toLocaleString('en-US');

/** The report's paragraph on card spending (beside the other targets' notes). */
export function spendingNotes(
  results: Results,
  targets: readonly { name: string; met?: boolean }[],
): string[] {
  const sizes = spendSizes(results);
  if (!sizes.length) return [];
  const status = (prefix: string) => {
    const m = targets.find((t) => t.name.startsWith(prefix))?.met;
    return m === undefined ? 'not measured' : m ? 'met' : 'missed';
  };
  const sql = results.floorCheck?.sql.filter((s) => s.operation.startsWith('simulate'));
  const same = sql?.length ? sql.every((s) => s.ok) : undefined;
  const first = sizes[0]!;
  const last = sizes[sizes.length - 1]!;
  const cpu = (r: LoadResult) => (r.cpuMsPerRequest === undefined ? '–' : r.cpuMsPerRequest.toFixed(2));
  const a = first.spending.authorize;
  const c = first.spending.clear;
  const out = [
    `**Card spending (authorize ${status('simulate/authorize (approved)')}, clear ${status('simulate/clear')}, growth ${status('simulate/authorize p50 at')}).** Each purchase is ${'0.01'} on one of ${SPEND_CARDS} funded ACTIVE cards drawn from the whole population, with no controls, so the rules approve; the clears post each authorization the loads approved exactly once. ${
      same === undefined
        ? 'The statements were not checked in this run.'
        : same
          ? `The floor runs the service’s statements for both, in order (checked in this run: ${sql!.map((s) => `${s.operation} ${s.service.length}`).join(', ')} statements), so PostgreSQL does the same work: a card row FOR SHARE and its asset FOR UPDATE, the controls and the three running totals, the hold, the totals’ upsert, the authorization and its event, all in the requestId’s transaction.`
          : `**The statements differed from the floor’s in this run** (${sql!
              .filter((s) => !s.ok)
              .map((s) => s.operation)
              .join(', ')}).`
    } At ${cardsLabel(first.cards)} cards the service spent ${cpu(a.app)} ms CPU per authorization against the floor’s ${cpu(a.floor)}${c ? ` and ${cpu(c.app)} against ${cpu(c.floor)} per clear` : ''}; the rest of each request is PostgreSQL’s, the same for both.`,
    '',
  ];
  if (first !== last)
    out.push(
      `The history grows with the cards: ${SEEDED_AUTHORIZATIONS_PER_CARD} authorizations per card (${count(last.spending.seeded)} at ${cardsLabel(last.cards)} cards, seeded as DECLINED and fully REVERSED ones in past windows, which hold nothing, post nothing and count in no total, in ${last.spending.seedSeconds.toFixed(0)} s with the table’s indexes built after the load). An authorization never reads that history: the decision reads the card’s three running totals by primary key, and every other statement is by primary key or appends; so its p50 moved ${f2(last.spending.authorize.app.p50 / first.spending.authorize.app.p50)}× from ${cardsLabel(first.cards)} to ${cardsLabel(last.cards)} cards (the floor’s ${f2(last.spending.authorize.floor.p50 / first.spending.authorize.floor.p50)}×): larger indexes in the same shared buffers, and a shared machine.`,
      '',
    );
  return out;
}
