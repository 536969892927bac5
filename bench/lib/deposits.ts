// Deposits under load (issue 29, docs/deposits-and-kyt.md): the chain watcher's message
// `simulate/deposit` with the chain's required confirmations (ETHEREUM: 12), so that one call
// finds the deposit address's user, records the deposit, screens it (KYT, with the running
// totals of the velocity and first-deposit rules) and credits it, in one transaction. Each
// request has a fresh txHash: every success is one new deposit credited.
// - Set-up per size: deposit addresses for DEPOSIT_USERS seeded users (deposit/address on the
//   service, which derives and keeps them), then a history of as many deposits as the size has
//   cards, written with generate_series as the service would have left it: CREDITED with their
//   DEPOSIT ledger entries (the wallets' balances and ledger numbers raised to match), spread over
//   90 days, the velocity rule's hourly totals for the last 24 hours and the first-deposit rows
//   (with each user's velocity total, the sum of those hours).
//   Screening must cost the same over 1,000 deposits as over 1,000,000 (its target).
// - Rate: the service, then the floor (bench/floor-deposit.ts: the same statements, checked), at
//   the harness's connections; after both, exactly-once is checked with SQL.
// - Screening's cost: one connection (no queueing), the service and the floor alternating for
//   `rounds`, the round with the median p50 kept; compared across sizes by report.ts. And
//   EXPLAIN ANALYZE of each statement a screening runs, on this size's data, in a transaction
//   rolled back.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { BOOKS_SQL } from '@/lib/wallet/service/db/books';
import { KYT_RULES, NOTE_SCREENED_DEPOSIT } from '@/lib/wallet/service/deposit/deposit-statements';
import { DEFAULT_KYT_RULES } from '@/lib/wallet/service/kyt/kyt-rules';
import { screenByRules } from '@/lib/wallet/service/kyt/rules-screener';
import {
  DEPOSIT_AMOUNT,
  DEPOSIT_CHAIN,
  DEPOSIT_CONFIRMATIONS,
  DEPOSIT_FROM,
  DEPOSIT_USERS,
} from './deposit-params';
import { measure, medianP50, medianRate, type LoadResult, type RequestFactory } from './load';
import { groupCpuMs } from './processes';
import { BENCH_APP, query, settleWrites, turns, type Server } from './servers';
import { signedPath, type Population, type WalletApp } from './wallet-requests';

export { DEPOSIT_AMOUNT, DEPOSIT_CHAIN, DEPOSIT_CONFIRMATIONS, DEPOSIT_FROM, DEPOSIT_USERS };
const AMOUNT_MILLIONTHS = 1_000_000;
/** The history's deposits are spread over this many days before the set-up. */
const HISTORY_DAYS = 90;

export type DepositSetup = {
  /** Users with a deposit address, the load's recipients. */
  users: number;
  /** Deposits in the seeded history, and how long writing them took. */
  history: number;
  historySeconds: number;
};

/** A plan of one screening statement on this size's data. */
export type ScreeningPlan = { query: string; plan: string; ms: number };

export type DepositFigures = {
  setup: DepositSetup;
  /** Deposits credited per second at the harness's connections, service and floor. */
  rate?: {
    app: LoadResult;
    floor: LoadResult;
    rounds?: { app: number[]; floor: number[] };
    guarantees: DepositGuaranteeReport;
  };
  /** One connection: a deposit's latency, screening included, service and floor. */
  screening?: {
    app: LoadResult;
    floor: LoadResult;
    rounds: { app: number[]; floor: number[] };
    guarantees: DepositGuaranteeReport;
    /** The screening step alone (measureScreeningStep), absent before it was measured. */
    step?: ScreeningStep;
    /** The step here and on the smallest size's database in alternating rounds (measurePairedSteps). */
    paired?: PairedSteps;
  };
  plans?: ScreeningPlan[];
};

export type DepositGuaranteeReport = {
  ok: boolean;
  checks: { name: string; ok: boolean; detail: string }[];
  depositsCreated: number;
};

/** The ETHEREUM deposit addresses of the first DEPOSIT_USERS seeded users, made by the service. */
export async function depositAddresses(wallet: Server, p: Population, app: WalletApp = BENCH_APP) {
  const addresses: string[] = [];
  for (let i = 1; i <= Math.min(DEPOSIT_USERS, p.users); i++) {
    const { method, path } = signedPath(app, 'depositAddress', {
      appUserId: `${p.prefix}-${i}`,
      chain: DEPOSIT_CHAIN,
    });
    wallet.requests++;
    const response = await fetch(`${wallet.baseUrl}${path}`, { method });
    const body = (await response.json()) as { code: number; msg: string; data?: { address: string } };
    if (body.code !== 0 || !body.data) throw new Error(`deposit/address: ${body.code} ${body.msg}`);
    addresses.push(body.data.address);
  }
  return addresses;
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * `count` deposits to the users holding the app's ETHEREUM deposit addresses, round robin, as
 * screening and crediting would have left them (see the file's head), in one transaction; then
 * VACUUM ANALYZE of the tables written and a CHECKPOINT, so no background work of the bulk
 * load runs in a measured window. Returns the seconds it took.
 */
export async function seedDepositHistory(url: string, count: number): Promise<number> {
  const started = performance.now();
  await withClient(url, async (c) => {
    await c.query('begin');
    const [{ mark }] = (
      await c.query<{ mark: number }>('select coalesce(max(id), 0)::int as mark from wallet.deposits')
    ).rows as [{ mark: number }];
    await c.query(
      `with u as (
         select da.user_id, da.address, da.app_id,
                (select min(a.id) from wallet.assets a
                  where a.user_id = da.user_id and a.type = 'WALLET' and a.currency = 'USD') as asset_id,
                (row_number() over (order by da.user_id) - 1)::int as k,
                (count(*) over ())::int as n
           from wallet.deposit_addresses da
          where da.chain = $1::text
       )
       insert into wallet.deposits (app_id, user_id, asset_id, chain, tx_hash, log_index, from_address,
         address, amount, credited_amount, confirmations, required_confirmations, status, risk_level,
         risk_reasons, created_at, screened_at, credited_at)
       select u.app_id, u.user_id, u.asset_id, $1::text, '0x' || lpad(to_hex(g), 64, '0'), 0, $2::text, u.address,
              $3::bigint, $3::bigint / 10000, $4::int, $4::int, 'CREDITED', 'LOW', '{}'::text[], t.at, t.at, t.at
         from generate_series(1, $5::int) g
         join u on u.k = g % u.n
         cross join lateral (select now() - make_interval(secs => $6::float8 * ($5::int - g) / $5::int) as at) t
        order by g`,
      [DEPOSIT_CHAIN, DEPOSIT_FROM, AMOUNT_MILLIONTHS, DEPOSIT_CONFIRMATIONS, count, HISTORY_DAYS * 86_400],
    );
    // The DEPOSIT entries, numbered after each wallet's existing entries, each with its running balance.
    await c.query(
      `insert into wallet.ledger_entries (asset_id, amount, balance_after, reason, deposit_id, seq, created_at)
       select d.asset_id, d.credited_amount, a.balance + sum(d.credited_amount) over w, 'DEPOSIT', d.id,
              a.ledger_count + row_number() over w, d.credited_at
         from wallet.deposits d join wallet.assets a on a.id = d.asset_id
        where d.id > $1
       window w as (partition by d.asset_id order by d.id)`,
      [mark],
    );
    await c.query(
      `update wallet.assets a set balance = a.balance + s.total, ledger_count = a.ledger_count + s.n
         from (select asset_id, sum(credited_amount) as total, count(*) as n
                 from wallet.deposits where id > $1 group by asset_id) s
        where a.id = s.asset_id`,
      [mark],
    );
    // The velocity rule's totals: per user and hour, the hours of the last 24 (the current and
    // the 23 before, as screening-totals.ts counts them).
    await c.query(
      `insert into wallet.deposit_velocity (user_id, hour, amount)
       select user_id, floor(extract(epoch from screened_at) / 3600)::bigint as hour, sum(amount)
         from wallet.deposits
        where id > $1 and floor(extract(epoch from screened_at) / 3600) >= floor(extract(epoch from now()) / 3600) - 23
        group by 1, 2
       on conflict (user_id, hour) do update set amount = wallet.deposit_velocity.amount + excluded.amount`,
      [mark],
    );
    await c.query(
      `insert into wallet.deposit_users (user_id, first_deposit_id, created_at, velocity_amount)
       select d.user_id, min(d.id), min(d.screened_at),
              coalesce((select sum(v.amount) from wallet.deposit_velocity v where v.user_id = d.user_id), 0)
         from wallet.deposits d where d.id > $1 group by d.user_id
       on conflict (user_id) do update set velocity_amount = excluded.velocity_amount`,
      [mark],
    );
    await c.query('commit');
    await c.query(
      'vacuum analyze wallet.deposits, wallet.ledger_entries, wallet.assets, wallet.deposit_velocity, wallet.deposit_users',
    );
    await c.query('checkpoint');
  });
  return (performance.now() - started) / 1000;
}

/** A fresh 0x + 64 hex txHash. */
const txHash = () => `0x${randomBytes(32).toString('hex')}`;

/** simulate/deposit to a random one of the addresses, a fresh txHash each, confirmed enough to credit. */
export function depositFactory(addresses: readonly string[], app: WalletApp = BENCH_APP): RequestFactory {
  return () => {
    const hash = txHash();
    const request = signedPath(app, 'simulateDeposit', {
      chain: DEPOSIT_CHAIN,
      address: addresses[Math.floor(Math.random() * addresses.length)]!,
      txHash: hash,
      amount: DEPOSIT_AMOUNT,
      fromAddress: DEPOSIT_FROM,
      confirmations: DEPOSIT_CONFIRMATIONS,
    });
    return { ...request, tag: hash };
  };
}

/** A credited deposit's answer: `{"code":0,…"status":"CREDITED"…}`. */
export const depositCredited = (status: number, body: string) =>
  status === 200 && body.startsWith('{"code":0,') && body.includes('"status":"CREDITED"');

export type DepositMark = { depositId: number; ledgerId: number };

export async function depositMark(url: string): Promise<DepositMark> {
  const [row] = await query<{ d: number; l: string }>(
    url,
    `select (select coalesce(max(id), 0) from wallet.deposits)::int as d,
            (select coalesce(max(id), 0) from wallet.ledger_entries) as l`,
  );
  return { depositId: row!.d, ledgerId: Number(row!.l) };
}

/**
 * Exactly-once after a deposit load: each (chain, txHash, logIndex) is one deposit; each deposit
 * of the load is CREDITED with exactly one DEPOSIT entry of its credited amount on its wallet,
 * and every DEPOSIT entry has its deposit; the deposits made are those the clients saw
 * credited (plus those in flight at the stop that committed); each wallet rose by exactly its
 * deposits; every user of the load has its first-deposit row; every ledger sums to its balance,
 * is numbered 1..n, and no balance is negative.
 */
export async function checkDepositGuarantees(options: {
  url: string;
  since: DepositMark;
  reportedCredited: number;
  abandoned: readonly string[];
}): Promise<DepositGuaranteeReport> {
  const { url, since } = options;
  // Requests left in flight when a load stopped may still be committing.
  let last = -1;
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const [row] = await query<{ n: number }>(
      url,
      `select coalesce(max(id), 0)::int as n from wallet.deposits`,
    );
    if (row!.n === last) break;
    last = row!.n;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const checks: DepositGuaranteeReport['checks'] = [];
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
    `${books!.misnumbered} asset(s) misnumbered`,
  );
  add('no balance negative', Number(books!.negative) === 0, `${books!.negative} negative balance(s)`);

  const [keys] = await query<{ n: string; distinct_keys: string }>(
    url,
    `select count(*) as n, count(distinct (chain, tx_hash, log_index)) as distinct_keys from wallet.deposits`,
  );
  add(
    'each (chain, txHash, logIndex) is one deposit',
    keys!.n === keys!.distinct_keys,
    `${keys!.n} deposit(s), ${keys!.distinct_keys} distinct (chain, txHash, logIndex)`,
  );

  const [made] = await query<{
    n: string;
    credited: string;
    not_once: string;
    orphans: string;
    wallet_mismatch: string;
    no_first: string;
    velocity_off: string;
  }>(
    url,
    `select count(*) as n,
            count(*) filter (where d.status = 'CREDITED') as credited,
            count(*) filter (where d.status = 'CREDITED' and (l.n is distinct from 1 or l.amount <> d.credited_amount
                               or l.asset_id <> d.asset_id)
                           or d.status <> 'CREDITED' and l.n is not null) as not_once,
            (select count(*) from wallet.ledger_entries e
               left join wallet.deposits x on x.id = e.deposit_id
              where e.id > $2 and e.reason = 'DEPOSIT' and (x.id is null or x.status <> 'CREDITED')) as orphans,
            (select count(*) from (
               select e.asset_id, sum(e.amount) as entries,
                      (select coalesce(sum(credited_amount), 0) from wallet.deposits y
                        where y.asset_id = e.asset_id and y.id > $1 and y.status = 'CREDITED') as deposited
                 from wallet.ledger_entries e where e.id > $2 and e.reason = 'DEPOSIT' group by e.asset_id) w
              where w.entries <> w.deposited) as wallet_mismatch,
            (select count(distinct d2.user_id) from wallet.deposits d2
               left join wallet.deposit_users u on u.user_id = d2.user_id
              where d2.id > $1 and u.user_id is null) as no_first,
            (select count(*) from wallet.deposit_users u
              where u.velocity_amount <> (select coalesce(sum(v.amount), 0) from wallet.deposit_velocity v
                                           where v.user_id = u.user_id)) as velocity_off
       from wallet.deposits d
       left join (select deposit_id, count(*) as n, min(amount) as amount, min(asset_id) as asset_id
                    from wallet.ledger_entries where id > $2 and deposit_id is not null group by deposit_id) l
         on l.deposit_id = d.id
      where d.id > $1`,
    [since.depositId, since.ledgerId],
  );
  add(
    'each credited deposit has exactly one DEPOSIT entry (its credited amount, on its wallet), no other deposit has one',
    Number(made!.not_once) === 0,
    `${made!.not_once} deposit(s) without exactly one matching entry`,
  );
  add(
    'each DEPOSIT entry belongs to a credited deposit',
    Number(made!.orphans) === 0,
    `${made!.orphans} entry(ies) without a credited deposit`,
  );
  add(
    'each wallet rose by exactly its credited deposits',
    Number(made!.wallet_mismatch) === 0,
    `${made!.wallet_mismatch} wallet(s) whose DEPOSIT entries differ from their deposits`,
  );
  add(
    'every depositing user has its first-deposit row',
    Number(made!.no_first) === 0,
    `${made!.no_first} user(s) without one`,
  );
  add(
    "each user's velocity total is the sum of its hourly rows",
    Number(made!.velocity_off) === 0,
    `${made!.velocity_off} user(s) whose total differs`,
  );
  const committed = options.abandoned.length
    ? Number(
        (
          await query<{ n: string }>(
            url,
            `select count(*) as n from wallet.deposits where id > $1 and chain = $2 and tx_hash = any($3::text[])`,
            [since.depositId, DEPOSIT_CHAIN, options.abandoned],
          )
        )[0]!.n,
      )
    : 0;
  const created = Number(made!.n);
  add(
    'deposits made = deposits the clients saw credited (+ those committed while the load was stopping), all CREDITED',
    created === options.reportedCredited + committed && Number(made!.credited) === created,
    `${created} deposit(s) made, ${made!.credited} credited; ${options.reportedCredited} credited answers seen + ${committed} of ${options.abandoned.length} in flight at the stop committed`,
  );
  return { ok: checks.every((c) => c.ok), checks, depositsCreated: created };
}

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
};

function describePlan(node: PlanNode): string {
  const own = `${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`;
  const children = (node.Plans ?? []).map(describePlan);
  return children.length === 0
    ? own
    : `${own} → ${children.length === 1 ? children[0] : `(${children.join(' + ')})`}`;
}

/**
 * EXPLAIN ANALYZE of each statement of one credited deposit (`statements`: the texts the floor
 * sends, checked against the service's), for a user of the history at this size, in a
 * transaction rolled back: what each costs and which index it reads, so that a scan of the
 * deposits or of a user's history shows up with its cost.
 */
export async function explainScreening(
  url: string,
  statements: readonly { query: string; text: string; values: (ctx: ExplainContext) => unknown[] }[],
): Promise<ScreeningPlan[]> {
  return withClient(url, async (c) => {
    const [ctx] = (
      await c.query<ExplainContext>(
        `select d.app_id as "appKey", d.user_id as "userId", d.asset_id as "assetId", d.address,
                d.id as "lastId", d.id + 1 as "nextId"
           from wallet.deposits d where d.chain = $1 order by d.id desc limit 1`,
        [DEPOSIT_CHAIN],
      )
    ).rows;
    if (!ctx) return [];
    ctx.txHash = txHash();
    const plans: ScreeningPlan[] = [];
    await c.query('begin');
    try {
      for (const s of statements) {
        const result = await c.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
          `explain (analyze, format json) ${s.text}`,
          s.values(ctx),
        );
        const plan = result.rows[0]!['QUERY PLAN'][0];
        plans.push({ query: s.query, plan: describePlan(plan.Plan), ms: plan['Execution Time'] });
      }
    } finally {
      await c.query('rollback');
    }
    return plans;
  });
}

export type ExplainContext = {
  appKey: number;
  userId: number;
  assetId: number;
  address: string;
  /** The newest deposit (of the user), and an id no deposit has yet. */
  lastId: number;
  nextId: number;
  /** A fresh txHash, for the explained insert. */
  txHash: string;
};

/**
 * The screening step alone, timed from the harness over one connection: the service's two
 * screening statements (the running totals, the app's rules; deposit-statements.ts) and the
 * built-in screener's verdict, for a user of the history taken in turn, each in a transaction
 * rolled back (so every iteration screens against the same history). `rounds` runs of
 * `iterations`; the p50 of each round, and the median round's p50 and p90 (ms).
 */
export type ScreeningStep = { iterations: number; p50: number; p90: number; rounds: number[] };

export async function measureScreeningStep(
  url: string,
  options: { rounds: number; iterations: number },
): Promise<ScreeningStep> {
  return withClient(url, async (c) => {
    const users = (
      await c.query<{ user_id: number; app_id: number }>(
        `select user_id, app_id from wallet.deposit_addresses where chain = $1 order by user_id`,
        [DEPOSIT_CHAIN],
      )
    ).rows;
    if (users.length === 0) throw new Error('no deposit address to screen for');
    const rounds: { p50: number; p90: number }[] = [];
    let k = 0;
    for (let round = 0; round < options.rounds; round++) {
      const times: number[] = [];
      for (let i = 0; i < options.iterations; i++, k++) {
        const user = users[k % users.length]!;
        const hour = Math.floor(Date.now() / 3_600_000);
        await c.query('begin');
        const started = performance.now();
        const totals = await c.query<{ last_24_hours: string; first_deposit: boolean }>({
          name: NOTE_SCREENED_DEPOSIT.name,
          text: NOTE_SCREENED_DEPOSIT.text,
          values: [user.user_id, hour - 23, hour, AMOUNT_MILLIONTHS, 2_000_000_000],
        });
        const rules = await c.query<{ review_amount: string; severe_amount: string }>({
          name: KYT_RULES.name,
          text: KYT_RULES.text,
          values: [user.app_id],
        });
        const r = rules.rows[0];
        screenByRules(
          {
            depositId: 0,
            chain: DEPOSIT_CHAIN,
            txHash: '',
            logIndex: 0,
            fromAddress: DEPOSIT_FROM,
            address: '',
            amount: AMOUNT_MILLIONTHS,
          },
          {
            rules: r
              ? {
                  blockedAddresses: [],
                  reviewAddresses: [],
                  reviewAmount: Number(r.review_amount),
                  severeAmount: Number(r.severe_amount),
                }
              : DEFAULT_KYT_RULES,
            firstDeposit: totals.rows[0]!.first_deposit,
            last24Hours: Number(totals.rows[0]!.last_24_hours),
          },
        );
        times.push(performance.now() - started);
        await c.query('rollback');
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
      rounds.push({ p50: at(0.5), p90: at(0.9) });
    }
    const median = [...rounds].sort((a, b) => a.p50 - b.p50)[Math.floor((rounds.length - 1) / 2)]!;
    return {
      iterations: options.iterations,
      p50: median.p50,
      p90: median.p90,
      rounds: rounds.map((r) => r.p50),
    };
  });
}

/**
 * The screening step on this size's database and on the smallest size's (kept for this), in
 * alternating rounds minutes apart from nothing: each round times `iterations` on one, then the
 * other (the order turning each round), after one unmeasured round on each. A step measured once
 * per size is tens of minutes from the smallest size's, and on this machine the same 1k step
 * measured from 0.088 to 0.187 ms in different runs' 1k phases: the comparison must be made in
 * the same minutes (docs/deposits-and-kyt.md "The running totals (no scan of a user's history)").
 */
export type PairedSteps = {
  /** The cards of the size compared against (the smallest measured). */
  against: number;
  /** Each round's p50 (ms) here and there, and here ÷ there. */
  rounds: { own: number; reference: number; ratio: number }[];
  /** The median of the rounds' ratios: the target's figure. */
  ratio: number;
};

export async function measurePairedSteps(
  own: string,
  reference: { url: string; cards: number },
  options: { rounds: number; iterations: number },
): Promise<PairedSteps> {
  const once = (url: string) => measureScreeningStep(url, { rounds: 1, iterations: options.iterations });
  await once(reference.url);
  await once(own);
  const rounds: PairedSteps['rounds'] = [];
  for (let round = 0; round < options.rounds; round++) {
    const ownFirst = round % 2 === 0;
    const first = await once(ownFirst ? own : reference.url);
    const second = await once(ownFirst ? reference.url : own);
    const [o, r] = ownFirst ? [first.p50, second.p50] : [second.p50, first.p50];
    rounds.push({ own: o, reference: r, ratio: o / r });
  }
  const ratios = rounds.map((r) => r.ratio).sort((a, b) => a - b);
  return { against: reference.cards, rounds, ratio: ratios[Math.floor((ratios.length - 1) / 2)]! };
}

type LoadSettings = {
  url: string;
  wallet: Server;
  floor: Server;
  addresses: readonly string[];
  seconds: number;
  warmupSeconds: number;
  rounds: number;
};

/** Deposits on the service, then the floor, `rounds` times; the books checked after all. */
async function depositLoads(settings: LoadSettings, connections: number) {
  const { url, wallet, floor, addresses } = settings;
  const since = await depositMark(url);
  let credited = 0;
  const rounds: { app: LoadResult[]; floor: LoadResult[] } = { app: [], floor: [] };
  const one = async (server: Server) => {
    await settleWrites(url);
    const r = await measure({
      url: server.baseUrl,
      connections,
      seconds: settings.seconds,
      warmupSeconds: settings.warmupSeconds,
      next: depositFactory(addresses),
      check: depositCredited,
      onSuccess: () => credited++,
      serverCpuMs: () => groupCpuMs(server.process.pid),
    });
    server.requests += r.total + (r.warmupTotal ?? 0);
    return r;
  };
  // With several rounds, one unmeasured window on each first (run.ts's writeBurst), then in turns
  // (service first, then floor first...), so that a drift over the rounds favours neither.
  const burst: LoadResult[] = [];
  if (settings.rounds > 1) for (const server of [wallet, floor]) burst.push(await one(server));
  for (let round = 0; round < settings.rounds; round++) {
    for (const side of turns(round)) rounds[side].push(await one(side === 'app' ? wallet : floor));
  }
  const guarantees = await checkDepositGuarantees({
    url,
    since,
    reportedCredited: credited,
    abandoned: [...burst, ...rounds.app, ...rounds.floor].flatMap((r) => r.abandoned),
  });
  return { rounds, guarantees };
}

/** Deposits credited per second at `connections`, service and floor (the median round's). */
export async function measureDepositRate(
  settings: LoadSettings & { connections: number },
): Promise<NonNullable<DepositFigures['rate']>> {
  const { rounds, guarantees } = await depositLoads(settings, settings.connections);
  return {
    app: medianRate(rounds.app),
    floor: medianRate(rounds.floor),
    ...(settings.rounds > 1
      ? { rounds: { app: rounds.app.map((r) => r.rps), floor: rounds.floor.map((r) => r.rps) } }
      : {}),
    guarantees,
  };
}

/** A deposit's latency on one connection (screening included), service and floor (the median round's p50). */
export async function measureScreening(
  settings: LoadSettings,
): Promise<NonNullable<DepositFigures['screening']>> {
  const { rounds, guarantees } = await depositLoads(settings, 1);
  return {
    app: medianP50(rounds.app),
    floor: medianP50(rounds.floor),
    rounds: { app: rounds.app.map((r) => r.p50), floor: rounds.floor.map((r) => r.p50) },
    guarantees,
  };
}
