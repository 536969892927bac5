// The prose of RESULTS.md: what the floor is, where the time goes, and for each target why it is
// met or missed and what would close the gap. Every number and every measured claim here comes
// from the run's results (results.json): the statement counts from the floor check, the cost
// items from the CPU profiles, the plans from EXPLAIN, the libraries from the bundles. What is
// fixed text is the method and the structure (what the floor does, how PGlite runs), which the
// code guarantees rather than the run measures.
import type { MemorySample, Results, SizeResult, Target } from './results';
import { cardsLabel, writeRatio } from './format';
import type { LoadResult } from './load';
import type { SideProfile } from './profile-op';
import { scaleRows, transferRates } from './derived';
import { OPERATIONS, READ_KEYS, type ReadKey } from './wallet-requests';
import { FIRST_LOAD_JS_BUDGET } from './backoffice';
import { spendingNotes } from './spending';
import { WATCHDOG_MINUTES } from './processes';

const f2 = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(2));
const f0 = (x: number | undefined) =>
  x === undefined || !Number.isFinite(x) ? '–' : Math.round(x).toLocaleString('en-US');
export const mb = (bytes: number | undefined) =>
  bytes === undefined || !Number.isFinite(bytes)
    ? '–'
    : `${Math.round(bytes / 1e6).toLocaleString('en-US')} MB`;
const range = (xs: number[], unit = '×') =>
  xs.length === 0
    ? '–'
    : Math.min(...xs) === Math.max(...xs)
      ? `${f2(xs[0])}${unit}`
      : `${f2(Math.min(...xs))}–${f2(Math.max(...xs))}${unit}`;

/** What "app" is in these results: the wallet service alone since issue 11, Next's route handlers before. */
export function appName(results: Results): string {
  return results.servers ? 'the wallet service (`npm run start:wallet`)' : 'the app (Next.js route handlers)';
}

/**
 * Whether the run's asset/ledger sent the named statements of statements.ts (results before that
 * change hold Drizzle's texts).
 */
const ledgerPrepared = (results: Results) =>
  results.floorCheck?.sql.some(
    (s) => s.operation === 'assetLedger' && s.service.some((t) => t.startsWith('[wallet_ledger_page]')),
  ) ?? false;

export const ANALYSIS = {
  floor: (results: Results) =>
    results.servers
      ? [
          '`bench/floor-server.ts` is the least a correct wallet service does for the measured operations: a bare `node:http` server over one `pg` Pool (10 connections, as the service’s default `DATABASE_POOL_SIZE`) that, per request, parses the query as docs/wallet-api.md "Signature" says (the one parser of `lib/wallet/contract/query.ts`: a repeated name is 1003, a percent-escape that is not UTF-8 is 1002), checks the app under its agency (2004), the HMAC-SHA256 signature in constant time after a length check (2001), the ±300 s timestamp window (2002), spends the nonce in the database (2003) and prunes old nonces and requestIds once a minute, then runs the operation’s SQL and writes the same JSON. Nothing else: no zod, no logs, no metrics, positional rows instead of objects.',
          '',
          (results.floorCheck?.sql.some((s) => s.operation === 'assetTransfer')
            ? ledgerPrepared(results)
              ? '“The same SQL” holds by construction for the spec’s signed reads, user/search and asset/ledger: the floor imports the statement texts of `lib/wallet/service/db/statements.ts` and sends them as the same named prepared statements. For issuance and transfers it sends the texts Drizzle renders for `apply-card.ts`, `transfer-asset.ts` and `move-money.ts` inside `idempotency.ts`’s transaction (`bench/lib/floor-sql.ts`).'
              : '“The same SQL” holds by construction for the spec’s signed reads and user/search: the floor imports the statement texts of `lib/wallet/service/db/statements.ts` and sends them as the same named prepared statements. For issuance and transfers it sends the texts Drizzle renders for `apply-card.ts`, `transfer-asset.ts` and `move-money.ts` inside `idempotency.ts`’s transaction, and for asset/ledger those of `list-ledger.ts` (`bench/lib/floor-sql.ts`).'
            : '“The same SQL” holds by construction for the signed reads: the floor imports the statement texts of `lib/wallet/service/db/statements.ts` and sends them as the same named prepared statements. For issuance it sends the texts Drizzle renders for `apply-card.ts` and `idempotency.ts`, in one transaction.') +
            ' Either way, every run checks it (below): `bench/capture-sql.ts` serves the same calls with the service’s own request handler and records every statement it runs, at the engine’s `query` (named statements) and at pg’s `Client.query` (Drizzle’s); the floor’s trace must list the same statements, names included, in the same order, and the answers must be identical.',
          '',
          'Where the contract lets a correct service skip work, the floor skips it as the service does, so that the floor is not slower than necessary: the app row (id, agency, secret) is cached in the process for the service’s own TTL (`APP_CACHE_TTL_MS`, a rotated secret applies within it), and the card category catalogue, written only by provisioning, is loaded once at start and held in memory, as `lib/wallet/service/card/category-catalogue.ts` holds it. Each checked call starts with no app cached on both sides, so the app lookup shows in every statement list; under load both look it up once per TTL. Like the service, the floor runs in a process of its own; all three servers share the machine with PostgreSQL and the load generator.',
        ]
      : [
          '`bench/floor-server.ts` was, in this run, a bare `node:http` server over one `pg` Pool that ran the service’s SQL (checked per run) with the checks of docs/wallet-api.md "Signature", without Next.js, zod or Drizzle.',
        ],
  reproducing: [
    '```sh',
    'npm run bench                      # the full run (1,000 / 100,000 / 1,000,000 cards), results here in bench/',
    'npm run bench -- --quick           # 1,000 and 10,000 cards, 3 s per figure, results under $TMPDIR/card-wallet-bench/quick',
    'npm run bench -- --sizes 1000,100000 --seconds 5 --connections 8 --out /tmp/b',
    'npm run bench -- --quick --skip under-test,js,profiles   # a shorter smoke run of the harness',
    'npm run bench -- --report-only     # rewrite RESULTS.md and growth.svg from bench/results.json',
    'npm run bench -- --sizes 1000 --seconds 5 --rounds 4 --only issue,transfer,events --out /tmp/w   # the write figures alone, 4 alternating rounds, no production build',
    'npx tsx --conditions=react-server bench/profile.ts --op list-first   # one operation under the CPU profiler',
    'npx tsx --conditions=react-server bench/profile.ts --op issue --webhook   # issuance with a webhook endpoint on the service',
    '```',
    '',
    `The harness runs every server from a private snapshot of the working tree (\`$TMPDIR/card-wallet-bench/build-<fingerprint>\`: sources copied, node_modules hard-linked, the production build made there, or copied from the tree’s \`.next\` when that is stamped as a build of the current sources; rebuilt only when a build of the tree would be), so edits or rebuilds of \`.next\` in the shared tree during a run cannot touch the servers under measurement. The wallet service (\`node scripts/start-wallet.mjs\`, what \`npm run start:wallet\` runs: the service bundled by esbuild, served by plain Node) and \`npm start\`’s server (\`node --import tsx lib/app-server.ts\` with NODE_ENV=production) are each one Node process, so their CPU and memory are read from /proc for exactly that process. It needs root for the local PostgreSQL (as the pg tests do) or \`TEST_DATABASE_URL\`, and \`/usr/bin/chromium\` for the JavaScript sizes. Every server it starts is stopped and every database it creates is dropped, also on failure or Ctrl-C; a run is bounded (${WATCHDOG_MINUTES.full} min watchdog; ${WATCHDOG_MINUTES.quick} min with --quick), and all traffic stays on 127.0.0.1.`,
  ],
};

function pair(size: SizeResult | undefined, key: ReadKey): { app?: LoadResult; floor?: LoadResult } {
  return size?.reads[key] ?? {};
}

function ratios(results: Results, metric: (r: LoadResult) => number | undefined) {
  return results.sizes.flatMap((s) =>
    READ_KEYS.flatMap((k) => {
      const p = s.reads[k];
      const a = p?.app ? metric(p.app) : undefined;
      const b = p?.floor ? metric(p.floor) : undefined;
      return a !== undefined && b ? [{ size: s, key: k, r: a / b }] : [];
    }),
  );
}

/** ms per request of a profile side in one category. */
function msIn(side: SideProfile | undefined, category: string): number {
  const share = side?.shares.find((s) => s.category === category)?.share ?? 0;
  return share * (side?.cpuMsPerRequest ?? 0);
}

/** The categories in which the service spends more CPU per request than the floor, largest first. */
export function extraCost(results: Results, key: string): { category: string; app: number; floor: number }[] {
  const prof = results.profiles?.find((p) => p.key === key);
  if (!prof?.app || !prof.floor) return [];
  const categories = new Set([...prof.app.shares, ...prof.floor.shares].map((s) => s.category));
  return [...categories]
    .map((category) => ({ category, app: msIn(prof.app, category), floor: msIn(prof.floor, category) }))
    .filter((c) => c.app - c.floor > 0.005)
    .sort((a, b) => b.app - b.floor - (a.app - a.floor));
}

const REMEDIES: Record<string, string> = {
  zod: 'validating the parameters with zod on every request (a hand-written check of the few parameters of a read, or a schema compiled once, costs less)',
  'pino (logs)':
    'the one JSON log line per request (pino serialising it; fewer fields, or logging reads at debug level, costs less)',
  'prom-client (metrics)':
    'the Prometheus counter and histogram per request (label-set lookups; pre-bound label children cost less)',
  'app code':
    'the service’s own code around the SQL (routing, the operation table, result shaping, the envelope)',
  'pg driver':
    'the pg driver building an object per row (the floor asks for positional rows: `rowMode: "array"`)',
  GC: 'garbage collection of what each request allocates (objects per row, intermediate strings)',
  'Node internals (event loop, promises, async hooks)':
    'promise and event-loop overhead of more awaits per request',
  'node: http/net/streams': 'HTTP handling (headers, response writes)',
  drizzle: 'Drizzle building SQL text and mapping rows',
  'next.js': 'Next.js’s request pipeline',
};

/** Where issuance's extra CPU goes, and what removes it (the reads show the way). */
const ISSUE_REMEDIES: Record<string, string> = {
  drizzle:
    'send the issuance transaction’s statements as prepared statements through the engine, as the reads now do, instead of having Drizzle build each one’s SQL and map its rows per card',
};

/** The same for transfers. */
const TRANSFER_REMEDIES: Record<string, string> = {
  drizzle:
    'send the transfer’s statements (the requestId’s claim and answer, the assets, the lock, the update, the transfer row and its entries) as prepared statements through the engine instead of having Drizzle build each one’s SQL per transfer',
};

function describeExtra(results: Results, key: string, top = 4): string | undefined {
  const extra = extraCost(results, key).slice(0, top);
  const prof = results.profiles?.find((p) => p.key === key);
  if (!extra.length || !prof?.app || !prof.floor) return undefined;
  const total = prof.app.cpuMsPerRequest - prof.floor.cpuMsPerRequest;
  return `for ${OPERATIONS[prof.key].label} (${results.servers ? 'service' : 'app'} ${f2(prof.app.cpuMsPerRequest)} ms of CPU per request, floor ${f2(prof.floor.cpuMsPerRequest)} ms: ${f2(total)} ms more) the largest differences are ${extra.map((c) => `${c.category} (+${f2(c.app - c.floor)} ms: ${f2(c.app)} vs ${f2(c.floor)})`).join(', ')}`;
}

/** Statements of one checked call of the service (with no app cached), from the floor check. */
function statementsOf(results: Results, operation: string): string[] | undefined {
  return results.floorCheck?.sql.find((s) => s.operation === operation)?.service;
}

/** `wallet_app_by_codes` for a named statement; `insert into cards` etc. for Drizzle's. */
function statementName(s: string): string {
  const named = /^\[([a-z_]+)\]/.exec(s)?.[1];
  if (named) return named;
  const plain = s.replace(/"/g, '').replace(/wallet\./g, '');
  const verb = /^\s*(\w+)/.exec(plain)?.[1]?.toLowerCase() ?? '?';
  const refs = [...plain.matchAll(/\b(from|into|update|join)\s+([a-z_]+)/gi)]
    .map((m) => ({ kw: m[1]!.toLowerCase(), table: m[2]! }))
    .filter((r) => r.table.toLowerCase() !== 'set');
  const tables = (kws: string[]) => [...new Set(refs.filter((r) => kws.includes(r.kw)).map((r) => r.table))];
  if (verb === 'select') return `select ${tables(['from', 'join']).join(' + ')}`;
  if (verb === 'insert') return `insert into ${tables(['into'])[0] ?? '?'}`;
  if (verb === 'update') return `update ${tables(['update'])[0] ?? '?'}`;
  if (verb === 'delete') return `delete from ${tables(['from'])[0] ?? '?'}`;
  if (verb === 'with')
    return refs
      .filter((r) => r.kw === 'update' || r.kw === 'into')
      .map((r) => `${r.kw === 'into' ? 'insert into' : 'update'} ${r.table}`)
      .join(' + ');
  return verb;
}

function firstPagePlan(results: Results): { indexed: boolean | undefined; text: string } {
  const last = results.sizes[results.sizes.length - 1];
  const plan = last?.plans?.find((p) => p.query === '4.2 first page of users');
  if (!plan) return { indexed: undefined, text: '' };
  const scan = plan.plan.split(' → ').find((n) => /Scan/.test(n)) ?? '';
  if (/Index/.test(scan))
    return {
      indexed: true,
      text: `The first page is a range scan of an index (\`${plan.plan}\`, ${f2(plan.ms)} ms at ${cardsLabel(last!.cards)} cards in EXPLAIN ANALYZE), so its SQL does not grow with the users.`,
    };
  return {
    indexed: false,
    text: `**The first page is not size-independent: PostgreSQL reads every user of the app and sorts them to find the newest 20** (\`${plan.plan}\`, ${f2(plan.ms)} ms at ${cardsLabel(last!.cards)} cards) — in the floor as in the measured server, since it is the same SQL. An index whose order matches the query’s ORDER BY exactly (direction and NULLS placement, \`users_app_registered_idx\`) turns it into a range scan of 20 entries.`,
  };
}

/** Per target: why, and what would close it (or what keeps it met). */
export function targetNotes(results: Results, targets: Target[]): string[] {
  const out: string[] = [];
  const first = results.sizes[0];
  const last = results.sizes[results.sizes.length - 1];
  const met = (prefix: string) => targets.find((t) => t.name.startsWith(prefix))?.met;
  const status = (m: boolean | undefined) => (m === undefined ? 'not measured' : m ? 'met' : 'missed');
  const app = appName(results);
  const A = results.servers ? 'service' : 'app';
  const Cap = results.servers ? 'Service' : 'App';

  // 1. Reads vs floor.
  const p50 = ratios(results, (r) => r.p50);
  const cpu = ratios(results, (r) => r.cpuMsPerRequest);
  if (p50.length) {
    const check = results.floorCheck;
    const sqlNote = check
      ? check.sql.every((s) => s.ok)
        ? `The statements are the same, in the same order (checked in this run for ${check.sql.length} calls), so PostgreSQL does the same work for both; the difference is what ${app} does around them.`
        : `**The statements differed from the floor’s in this run** (${check.sql
            .filter((s) => !s.ok)
            .map((s) => s.operation)
            .join(', ')}): the comparison below is not of equal SQL.`
      : 'The statements were not checked in this run.';
    const worstCpu = [...cpu].sort((a, b) => b.r - a.r)[0];
    const worstP50 = [...p50].sort((a, b) => b.r - a.r)[0];
    const extras = ['assets', 'list-first']
      .map((k) => describeExtra(results, k))
      .filter((x): x is string => !!x);
    const categories = [
      ...new Set(
        ['assets', 'list-first'].flatMap((k) =>
          extraCost(results, k)
            .slice(0, 4)
            .map((c) => c.category),
        ),
      ),
    ].filter((c) => REMEDIES[c]);
    out.push(
      `**Reads vs the floor (latency ${status(met('Every signed read: app p50'))}, CPU ${status(met('Every signed read: app CPU'))}).** ${sqlNote} Across sizes and reads, ${app} took ${range(p50.map((x) => x.r))} the floor’s median latency (worst: ${OPERATIONS[worstP50!.key].label} at ${cardsLabel(worstP50!.size.cards)} cards) and ${range(cpu.map((x) => x.r))} its CPU per request (worst: ${worstCpu ? `${OPERATIONS[worstCpu.key].label} at ${cardsLabel(worstCpu.size.cards)} cards` : '–'}). Under a closed-loop load of ${results.settings.connections} connections on ${results.machine.nproc} cores shared with PostgreSQL and the load generator, a server’s extra CPU becomes queueing, so the latency ratio follows the CPU ratio, damped by the time both spend waiting on PostgreSQL.${extras.length ? ` From the profiles (“Where the time goes”): ${extras.join('; ')}.` : ''}`,
      '',
    );
    if (
      categories.length &&
      (met('Every signed read: app p50') === false || met('Every signed read: app CPU') === false)
    ) {
      out.push(
        `What would close it, in the order the profiles rank them: ${categories.map((c) => REMEDIES[c]).join('; ')}. More instances of the service on the same PostgreSQL (nothing that must be shared lives in process memory) raise throughput on a machine with idle cores, but not the CPU ratio.`,
        '',
      );
    }
  }

  // Card spending (bench/lib/spending.ts).
  out.push(...spendingNotes(results, targets));

  // Memory.
  const memory = results.memory ?? [];
  const highest = (list: MemorySample[]) =>
    list.length ? list.reduce((a, b) => (b.peakRssBytes > a.peakRssBytes ? b : a)) : undefined;
  const peak = highest(memory.filter((m) => m.server === 'wallet' && m.storage === 'postgres'));
  if (peak) {
    const floorPeak = highest(memory.filter((m) => m.server === 'floor'));
    const npmPg = highest(memory.filter((m) => m.server === 'app' && m.storage === 'postgres'));
    const npmLite = highest(memory.filter((m) => m.server === 'app' && m.storage === 'pglite'));
    const walletLite = highest(memory.filter((m) => m.server === 'wallet' && m.storage === 'pglite'));
    const helper = peak.others.length
      ? ` Not counted: tsx’s esbuild helper process beside it (${peak.others.map((o) => mb(o.peakRssBytes)).join(', ')}).`
      : '';
    const atStart =
      peak.startRssBytes !== undefined
        ? `${mb(peak.startRssBytes)} once ready, before any request${peak.startHeap ? ` (V8 heap ${mb(peak.startHeap.total)}, ${mb(peak.startHeap.used)} in use)` : ''}`
        : '';
    const atEnd = peak.heap
      ? `at the end a V8 heap of ${mb(peak.heap.total)} (${mb(peak.heap.used)} in use) and ${mb(peak.heap.external)} of external memory (buffers)`
      : '';
    const composition = [atStart, atEnd].filter(Boolean);
    const runtime = results.runtime
      ? ` An idle \`node\` holds ${mb(results.runtime.node)} on this machine and an idle \`node --import tsx\` ${mb(results.runtime.nodeTsx)}: the runtime alone, before any module of the service.`
      : '';
    const bare = floorPeak
      ? ` The floor — the same runtime (\`node --import tsx\`, pg, node:http) doing the least under the same load — peaked at ${mb(floorPeak.peakRssBytes)}${floorPeak.startRssBytes !== undefined ? ` (${mb(floorPeak.startRssBytes)} when ready)` : ''}.`
      : '';
    const atStartup =
      peak.startRssBytes !== undefined && peak.peakRssBytes - peak.startRssBytes < 0.1 * peak.startRssBytes;
    const grows =
      peak.startRssBytes === undefined
        ? ''
        : atStartup
          ? ` The peak was reached by start-up, not by the load (${mb(peak.peakRssBytes - peak.startRssBytes)} more under load): most of it is what the process holds once it listens — the runtime, the modules it imports (compiled by tsx as they load) and what they build at import, migrations and provisioning — so what would lower it is loading less at start (a prebuilt JavaScript bundle of the service instead of compiling TypeScript at start; cold paths such as the OpenAPI document imported only when first used).`
          : ` It grew by ${mb(peak.peakRssBytes - peak.startRssBytes)} from ready to peak${peak.heap ? `; at the end ${mb(peak.heap.total - peak.heap.used)} of its V8 heap was reserved but not in use, room V8 keeps under a high allocation rate` : ''}. A smaller young generation (\`--max-semi-space-size\`) or a heap limit (\`--max-old-space-size\`) in \`start:wallet\` lowers such a peak for a little CPU; fewer allocations per request (objects per row, log records) lower it for free.`;
    out.push(
      `**Memory (${status(met('Peak RSS'))}).** The wallet service’s process peaked at ${mb(peak.peakRssBytes)} resident (VmHWM) at ${cardsLabel(peak.cards)} cards on PostgreSQL, after ${f0(peak.requests)} requests (${peak.served})${composition.length ? `: ${composition.join('; ')}` : ''}.${grows}${runtime}${bare}${helper}${npmPg ? ` \`npm start\`’s server, which also holds Next.js and the back-office’s server code, peaked at ${mb(npmPg.peakRssBytes)} on PostgreSQL (${npmPg.served})` : ''}${npmLite ? `${npmPg ? ' and' : ' `npm start`’s server peaked at'} ${mb(npmLite.peakRssBytes)} on the embedded default after ${f0(npmLite.requests)} requests` : ''}${npmPg || npmLite ? '.' : ''}${walletLite ? ` The wallet service alone on PGlite peaked at ${mb(walletLite.peakRssBytes)}: PGlite is PostgreSQL compiled to WebAssembly inside the process, so its memory and buffers count in the process’s resident set.` : ''}`,
      '',
    );
  }

  // 2. Growth of 4.2.
  if (first && last && first !== last) {
    const growth = (key: ReadKey, side: 'app' | 'floor') => {
      const a = pair(first, key)[side]?.p50;
      const b = pair(last, key)[side]?.p50;
      return a && b ? b / a : undefined;
    };
    const cpuGrowth = (key: ReadKey) => {
      const a = pair(first, key).app?.cpuMsPerRequest;
      const b = pair(last, key).app?.cpuMsPerRequest;
      return a && b ? b / a : undefined;
    };
    const deep = growth('list-deep', 'floor');
    const appCpu = Math.max(cpuGrowth('list-first') ?? 1, cpuGrowth('list-email') ?? 1);
    const sizeNote =
      last.dbBytes && Number.isFinite(last.dbBytes)
        ? `at ${cardsLabel(last.cards)} cards the database is ${mb(last.dbBytes)} (${mb(first.dbBytes)} at ${cardsLabel(first.cards)}) against ${results.machine.sharedBuffers ?? '?'} of PostgreSQL shared buffers, so more index and heap pages come from the OS cache (a system call each)`
        : 'the tables and indexes grow past PostgreSQL’s shared buffers';
    const noise =
      appCpu <= 1.15
        ? `Where the ${A}’s growth exceeds the floor’s, it is not work: the ${A} runs the same statements and its CPU per request hardly moved, so the rest is the shared machine (each size was measured minutes apart, under whatever else was running then).`
        : `The ${A}’s CPU per request grew too (up to ${f2(appCpu)}×), more than size-independent work explains: part of it is JIT and cache state of a freshly started process measured for a few seconds, part the shared machine.`;
    const emailPlan = last.plans?.find((p) => p.query === '4.2 users filtered by email');
    const cardsPlan = last.plans?.find((p) => p.query.startsWith('4.2 cards of'));
    const deepPagePlan = last.plans?.find((p) => p.query === '4.2 deep page of users');
    out.push(
      `**4.2 growth from ${cardsLabel(first.cards)} to ${cardsLabel(last.cards)} cards (first page ${status(met('4.2 all cards by user, first page'))}, filtered ${status(met('4.2 filtered by email'))}).** ${Cap} p50 grew ${f2(growth('list-first', 'app'))}× (first page) and ${f2(growth('list-email', 'app'))}× (filtered); the floor, running the same SQL, grew ${f2(growth('list-first', 'floor'))}× and ${f2(growth('list-email', 'floor'))}×, and the ${A}’s CPU per request ${f2(cpuGrowth('list-first'))}× and ${f2(cpuGrowth('list-email'))}×. ${firstPagePlan(results).text} The unfiltered total is the app’s \`user_count\` counter (no count over the users)${emailPlan ? `; the filtered page is \`${emailPlan.plan}\` (${f2(emailPlan.ms)} ms)` : ''}${cardsPlan ? `; the page’s cards, \`${cardsPlan.plan}\` (${f2(cardsPlan.ms)} ms)` : ''}. What also grows with size is everything around the queries: ${sizeNote}; the bulk-loaded tables are vacuumed and checkpointed before the measurements, but the larger indexes are deeper and fit the shared buffers less well; and \`used_nonces\` (one row per signed request, pruned after 15 minutes) is larger by then. ${noise}`,
      '',
      deepPagePlan?.plan.includes('Index Only Scan')
        ? `The deep page (page ${Math.max(1, Math.floor(last.users / 20)).toLocaleString('en-US')}, the last) is a deferred join walked from the nearer end (docs/wallet-api.md “Deep pages”): its 20 ids from the index alone, read back from the oldest user, then their rows by key, in the floor as in the ${A} (from ${cardsLabel(first.cards)} to ${cardsLabel(last.cards)} cards the ${A}’s p50 grew ${f2(growth('list-deep', 'app'))}×, the floor’s ${f2(deep)}×; \`${deepPagePlan.plan}\`, ${f2(deepPagePlan.ms)} ms).`
        : `The deep page grows by design: OFFSET makes PostgreSQL walk and discard every earlier row (page ${Math.max(1, Math.floor(last.users / 20)).toLocaleString('en-US')} skips ${(Math.max(1, Math.floor(last.users / 20)) * 20 - 20).toLocaleString('en-US')} users), in the floor as in the ${A} (floor ${f2(deep)}×). A deferred join (page the ids through the index first, then fetch 20 rows) would cut it by a large factor, and keyset pagination (a cursor of registered_at, id) would make it constant for the back-office’s own paging.`,
      '',
    );
  }

  // A control for the machine: 4.5 reads the agency's one asset, whatever the size, so the
  // spread of its floor latency across sizes is the machine's, not the data's.
  const control = results.sizes.map((s) => s.reads.assets?.floor?.p50).filter((x): x is number => !!x);
  if (control.length > 1) {
    out.push(
      `**How noisy this run was.** 4.5’s SQL reads the agency’s few asset rows whatever the size, so its floor latency is a control for the machine: it ranged ${f2(Math.min(...control))}–${f2(Math.max(...control))} ms across the sizes (${f2(Math.max(...control) / Math.min(...control))}×)${results.sizes.some((s) => s.loadAverage) ? `, with the 1-minute load average at ${results.sizes.map((s) => (s.loadAverage ? `${s.loadAverage.toFixed(1)} (${cardsLabel(s.cards)})` : '?')).join(', ')}` : ''}. Differences between sizes smaller than that spread say nothing about the data; the CPU ms per request columns and the ${A} ÷ floor ratios (${A} and floor measured back to back) are steadier than raw latencies.`,
      '',
    );
  }

  // 3. Issuance.
  const issuing = results.sizes.filter((s) => s.issuance);
  if (issuing.length) {
    const rates = issuing.map((s) => ({
      s,
      ratio: writeRatio(s.issuance!.app.rps, s.issuance!.floor?.rps, s.issuance!.rounds),
    }));
    const worst = [...rates].sort((a, b) => a.ratio - b.ratio)[0]!;
    const cpuApp = issuing
      .map((s) => s.issuance!.app.cpuMsPerRequest)
      .filter((x): x is number => x !== undefined);
    const cpuFloor = issuing
      .map((s) => s.issuance!.floor?.cpuMsPerRequest)
      .filter((x): x is number => x !== undefined);
    const held = issuing.every((s) => s.issuance!.guarantees.ok);
    const exhausted = results.sizes.find((s) => s.exhausted)?.exhausted;
    const exhaustedText = exhausted
      ? ` Into a wallet funded for exactly ${exhausted.fundedFor} cards, under the same load: ${exhausted.issued} issued and ${exhausted.refused} refused with 4001; ${
          exhausted.guarantees.ok
            ? 'its balance ended at 0, never below, with the books balanced'
            : `**a guarantee broke** (${exhausted.guarantees.checks
                .filter((c) => !c.ok)
                .map((c) => c.name)
                .join('; ')})`
        }.`
      : '';
    const underTest = results.underTest;
    const statements = statementsOf(results, 'agencyApplyUserCard');
    const issueProfile = describeExtra(results, 'issue');
    const issueRemedies = extraCost(results, 'issue')
      .slice(0, 3)
      .map((c) => ISSUE_REMEDIES[c.category] ?? REMEDIES[c.category])
      .filter((x): x is string => !!x);
    const guaranteeText = held
      ? `Every guarantee held after each issuance load (${issuing[0]!.issuance!.guarantees.checks.map((c) => c.name).join('; ')})`
      : `**A guarantee broke** after issuance at ${issuing
          .filter((s) => !s.issuance!.guarantees.ok)
          .map(
            (s) =>
              `${cardsLabel(s.cards)} cards (${s
                .issuance!.guarantees.checks.filter((c) => !c.ok)
                .map((c) => c.name)
                .join('; ')})`,
          )
          .join(', ')}`;
    const underTestText = underTest
      ? ` While \`vitest --project pg\` ran against the same PostgreSQL server, the ${A} issued ${f0(underTest.issuance.rps)} cards/s; the tests ${underTest.vitest.exitCode === 0 ? 'passed' : 'FAILED'} and the guarantees ${underTest.guarantees.ok ? 'held' : 'BROKE'} afterwards.`
      : ' The pg concurrency tests were not run under issuance load in this run.';
    out.push(
      `**Card issuance (${status(met('Card issuance'))}).** ${guaranteeText}.${exhaustedText}${underTestText} ${statements ? `An issuance is ${statements.length} statements${results.servers ? ' when the app is not cached' : ''} (${statements.map(statementName).join(', ')})${results.servers ? ', one fewer while it is' : ''}; the floor runs the same ones (checked). ` : ''}The ${A} reached ${rates.map((r) => `${f2(r.ratio)} (${cardsLabel(r.s.cards)})`).join(', ')} of the floor’s rate (${issuing.map((s) => `${f0(s.issuance!.app.rps)} vs ${f0(s.issuance!.floor?.rps)}/s`).join(', ')}), lowest at ${cardsLabel(worst.s.cards)} cards; it spent ${range(cpuApp, ' ms')} of CPU per card against the floor’s ${range(cpuFloor, ' ms')}. The statements being the same, PostgreSQL’s part of each card (the writes, their index updates, the commit) is the same for both, on the same cores; what differs is the server’s own CPU${issueProfile ? `: ${issueProfile}` : ''}. The serial section — the paying asset’s row lock, held from the debit to the commit — is one statement and the commit per card.`,
      '',
      `${met('Card issuance') ? 'What would raise it further' : 'What would close it'}: ${issueRemedies.length ? `${issueRemedies.join('; ')} (the profile’s largest differences, in order); then ` : ''}fewer statements per card, for both (the card asset, card and ledger entry fit in one CTE; the category could come from the in-memory catalogue instead of the lookup’s join); then more service instances on the same PostgreSQL, which on a machine with more cores scales issuance until one paying asset’s row lock (a commit’s latency per card) is the limit.`,
      '',
    );
  }

  // 3b. Transfers (issue 12).
  const transfers = transferRates(results);
  if (transfers.length) {
    const worst = [...transfers].sort((a, b) => a.r - b.r)[0]!;
    const statements = statementsOf(results, 'assetTransfer');
    const held = transfers.every((x) => x.t.guarantees.ok);
    const cpuApp = transfers.map((x) => x.t.app.cpuMsPerRequest).filter((x): x is number => x !== undefined);
    const cpuFloor = transfers
      .map((x) => x.t.floor?.cpuMsPerRequest)
      .filter((x): x is number => x !== undefined);
    const transferProfile = describeExtra(results, 'transfer');
    const remedies = extraCost(results, 'transfer')
      .slice(0, 3)
      .map((c) => TRANSFER_REMEDIES[c.category] ?? REMEDIES[c.category])
      .filter((x): x is string => !!x);
    // Two selects of the assets in a row: the plain one for the rules, then the locking one.
    const names = statements?.map(statementName) ?? [];
    const twoSelects = names.some((x, i) => x === 'select assets' && names[i + 1] === 'select assets');
    const issueRates = results.sizes
      .filter((s) => s.issuance && s.transfer)
      .map(
        (s) =>
          `${f0(s.transfer!.app.rps)} transfers vs ${f0(s.issuance!.app.rps)} cards/s at ${cardsLabel(s.cards)}`,
      );
    out.push(
      `**Transfers (${status(met('Transfers'))}).** ${
        held
          ? 'Every guarantee held after each transfer load'
          : `**A guarantee broke** after transfers at ${transfers
              .filter((x) => !x.t.guarantees.ok)
              .map(
                (x) =>
                  `${cardsLabel(x.s.cards)} cards (${x.t.guarantees.checks
                    .filter((c) => !c.ok)
                    .map((c) => c.name)
                    .join('; ')})`,
              )
              .join(', ')}`
      }. ${statements ? `A transfer is ${statements.length} statements${results.servers ? ' when the app is not cached' : ''} (${statements.map(statementName).join(', ')}); the floor runs the same ones (checked). ` : ''}The ${A} reached ${transfers.map((x) => `${f2(x.r)} (${cardsLabel(x.s.cards)})`).join(', ')} of the floor’s rate, lowest at ${cardsLabel(worst.s.cards)} cards, spending ${range(cpuApp, ' ms')} of CPU per transfer against the floor’s ${range(cpuFloor, ' ms')}${issueRates.length ? ` (beside issuance: ${issueRates.join(', ')})` : ''}${transferProfile ? `; ${transferProfile}` : ''}. Every transfer of the load debits the one agency asset, whose row ${names.includes('wallet_transfer_hot') ? 'is locked last (after the user’s wallet is locked and read with the ends of its ledger indexes: wallet_transfer_cold, then wallet_transfer_hot) and stays locked to the commit' : 'stays locked from the \`for update\` to the commit'} (${names.includes('wallet_transfer_write') ? (names.includes('wallet_store_response') ? 'one statement writing the balances and ledger counts, the transfer row, its two ledger entries numbered from those counts and its event, then the stored answer' : 'one statement writing the balances and ledger counts, the transfer row, its two ledger entries numbered from those counts, its event and the requestId’s answer') : 'the balances’ update, the transfer row, its two ledger entries — each entry’s number taken from its asset’s row by the ledger trigger — and the stored answer'}), so PostgreSQL runs the transfers from it one at a time whoever sends them; on ${results.machine.nproc} cores shared by the server, PostgreSQL and the load generator, the server’s CPU per transfer is also time PostgreSQL does not get, so the CPU difference shows in the rate.`,
      '',
      `${met('Transfers') ? 'What would raise it further' : 'What would close it'}: ${remedies.length ? `${remedies.join('; ')} (the profile’s largest differences, in order); then ` : ''}fewer statements per transfer, for both${twoSelects ? ' (the assets are read twice, once for the rules and again under the lock: one `select … for update` of both rows, in id order, can return what the rules need, a round trip fewer)' : ''}; then more service instances on the same PostgreSQL, up to the limit of one source asset’s row lock (a commit’s latency per transfer).`,
      '',
    );
  }

  // 3c. The extension reads across sizes (issue 12).
  const scale = scaleRows(results).filter((x) => x.met !== undefined);
  if (scale.length) {
    const over = scale.filter((x) => !x.met);
    const floorGrowth = (x: (typeof scale)[number]) =>
      x.floorA && x.floorB ? x.floorB / x.floorA : undefined;
    const cpuGrowth = (x: (typeof scale)[number]) => {
      const a = x.small?.reads[x.key]?.app.cpuMsPerRequest;
      const b = x.large?.reads[x.key]?.app.cpuMsPerRequest;
      return a && b ? b / a : undefined;
    };
    out.push(
      `**user/search and asset/ledger across sizes (${status(met('user/search and asset/ledger'))}).** From ${cardsLabel(first!.cards)} to ${cardsLabel(last!.cards)} cards the ${A}’s p50 changed ${scale.map((x) => `${f2(x.ratio)}× (${x.key})`).join(', ')}; the floor’s, on the same statements, ${scale.map((x) => `${f2(floorGrowth(x))}×`).join(', ')}; the ${A}’s CPU per request ${scale.map((x) => `${f2(cpuGrowth(x))}×`).join(', ')}. ${over.length ? `Over the bound: ${over.map((x) => `${OPERATIONS[x.key].label} (${f2(x.ratio)}×; floor ${f2(floorGrowth(x))}×, ${A} CPU ${f2(cpuGrowth(x))}×)`).join('; ')}. A latency that grew while the CPU per request did not is waiting, not work: on PostgreSQL (a larger database against the same shared buffers) or on the shared machine at that moment (see “How noisy this run was”); the floor, measured right after on the same statements, tells the two apart.` : 'Each stayed within the bound.'}`,
      '',
    );
  }

  // 4. /cards.
  const bo = results.backofficeAtUsers;
  const cardsPage = bo?.pages['/cards'];
  const home = bo?.pages['/'];
  if (cardsPage && 'p50' in cardsPage) {
    const plan = firstPagePlan(results);
    out.push(
      `**/cards server time (${status(met('/cards'))}).** Measured with one connection (no queueing), so this is the time to render: p50 ${f2(cardsPage.p50)} ms, p95 ${f2(cardsPage.p95)} ms at ${bo!.users.toLocaleString('en-US')} users${cardsPage.cpuMsPerRequest !== undefined ? `, ${f2(cardsPage.cpuMsPerRequest)} ms of CPU per page` : ''}${home && 'p50' in home && home.cpuMsPerRequest !== undefined ? ` (the dashboard: ${f2(home.cpuMsPerRequest)} ms)` : ''}. A page costs more than an API call: the session is decoded and the staff row checked, the page calls 4.2 over HTTP (signed) on the wallet API that the same process serves, then React renders the table server-side and serialises its data again as the RSC payload for hydration.${plan.indexed === false ? ' It also grows with the users through 4.2’s first page (the sequential scan described under growth).' : plan.indexed ? ' 4.2’s first page is an index range scan, so the users do not enter the page’s cost through SQL.' : ''} To keep it: send the client component only the fields it shows (the page data is serialised twice, in HTML and in the flight payload), and keep the wallet call on a keep-alive connection.`,
      '',
    );
  }

  // 5. JS.
  const js = results.js ?? [];
  if (js.length) {
    const everyRoute = new Map<string, { gz: number; libs: string[] }>();
    for (const r of js)
      for (const c of r.chunks ?? [])
        if (js.every((x) => x.chunks?.some((y) => y.file === c.file)))
          everyRoute.set(c.file, { gz: c.gzipBytes, libs: c.libraries });
    const shared = [...everyRoute.values()].reduce((a, c) => a + c.gz, 0);
    const sharedLibs = [...new Set([...everyRoute.values()].flatMap((c) => c.libs))];
    const routesWith = (lib: string) =>
      js.filter((r) => r.chunks?.some((c) => c.libraries.includes(lib))).map((r) => r.route);
    const pageLibs = [...new Set(js.flatMap((r) => (r.chunks ?? []).flatMap((c) => c.libraries)))].filter(
      (l) => !sharedLibs.includes(l),
    );
    const overBy = js
      .map((r) => ({ route: r.route, over: r.firstLoad.gzipBytes - FIRST_LOAD_JS_BUDGET }))
      .filter((r) => r.over > 0)
      .sort((a, b) => b.over - a.over);
    const remedies: string[] = [];
    if (pageLibs.includes('zod') || sharedLibs.includes('zod'))
      remedies.push(
        `load zod after the first paint where it still comes with the page (${routesWith('zod').join(', ')}), as the forms’ lazy resolvers do (lib/backoffice/shared/lazy-resolver.ts)`,
      );
    if (pageLibs.includes('drizzle-orm') || sharedLibs.includes('drizzle-orm'))
      remedies.push(
        `keep Drizzle out of client code (it is in the bundles of ${routesWith('drizzle-orm').join(', ')})`,
      );
    if (pageLibs.includes('cmdk'))
      remedies.push(
        `load the combobox’s list (cmdk, Radix Popover and its positioning) when it first opens, the trigger alone being what the page shows (${routesWith('cmdk').join(', ')})`,
      );
    if (pageLibs.includes('react-hook-form'))
      remedies.push(
        `post the forms that need no check as they are typed straight to their actions (React’s useActionState) instead of through react-hook-form and the action hooks (${routesWith('react-hook-form').join(', ')})`,
      );
    if (pageLibs.includes('@tanstack/react-query'))
      remedies.push(
        `page through server renders instead of client queries (${routesWith('@tanstack/react-query').join(', ')})`,
      );
    out.push(
      `**First-load JavaScript (${status(met(`No route over ${FIRST_LOAD_JS_BUDGET / 1000} kB`))}).** ${(shared / 1000).toFixed(0)} kB (gzip) is loaded by every route before any page code${sharedLibs.length ? ` (recognised inside: ${sharedLibs.join(', ')})` : ''}; page code then adds ${pageLibs.length ? pageLibs.map((l) => `${l} (${routesWith(l).join(', ')})`).join(', ') : 'no recognised library'}. The heaviest route loads ${(Math.max(...js.map((r) => r.firstLoad.gzipBytes)) / 1000).toFixed(0)} kB, the lightest ${(Math.min(...js.map((r) => r.firstLoad.gzipBytes)) / 1000).toFixed(0)} kB.`,
      '',
      overBy.length
        ? `What would close it (the routes over need to lose ${overBy.map((r) => `${r.route} ${(r.over / 1000).toFixed(0)} kB`).join(', ')}): ${remedies.length ? remedies.join('; ') : 'splitting the page’s heaviest chunks behind `next/dynamic`'}.`
        : `Every route is under the bound${remedies.length ? `; what would lower it further: ${remedies.join('; ')}` : ''}.`,
      '',
    );
  }

  // PGlite.
  if (results.pglite) {
    const pl = results.pglite;
    const pgSize = results.sizes.find((s) => s.cards === pl.cards);
    const cpuRatio = (reads: Partial<Record<ReadKey, LoadResult>> | undefined) =>
      READ_KEYS.map((k) => {
        const a = reads?.[k]?.cpuMsPerRequest;
        const b = pgSize?.reads[k]?.app.cpuMsPerRequest;
        return a && b ? a / b : undefined;
      }).filter((x): x is number => x !== undefined);
    const p50s = (reads: Partial<Record<ReadKey, LoadResult>> | undefined) =>
      READ_KEYS.map((k) => reads?.[k]?.p50).filter((x): x is number => x !== undefined);
    const wallet = cpuRatio(pl.reads);
    const viaNpm = cpuRatio(pl.npmStartReads);
    out.push(
      `**The embedded default (PGlite, ${status(met('Embedded default'))}).** At ${cardsLabel(pl.cards)} cards the reads took ${range(p50s(pl.reads), ' ms')} (p50) on ${results.servers ? 'the wallet service alone' : 'the app'}${pl.npmStartReads ? ` and ${range(p50s(pl.npmStartReads), ' ms')} through \`npm start\`’s server` : ''}${wallet.length ? `, at ${range(wallet)} the CPU per request of the same service on PostgreSQL${viaNpm.length ? ` (${range(viaNpm)} through \`npm start\`)` : ''}` : ''}. PGlite is PostgreSQL compiled to WebAssembly running on the server’s own JavaScript thread: every statement executes on the thread that also handles HTTP (and, in \`npm start\`, renders the back-office), its one connection serialises the statements of concurrent requests, and each request’s nonce insert is a write to the data directory. It is the right default for a fresh \`npm start\`; under load it is CPU-bound on one thread, the more so the heavier the operation.`,
      '',
    );
  }
  // The slow agency endpoint (bench/lib/slow-decision.ts).
  const slow = results.sizes.find((s) => s.slowDecision)?.slowDecision;
  if (slow) {
    out.push(
      `**A slow agency endpoint (${status(met('While '))}).** ${slow.waiting} authorizations of one app were kept waiting ${slow.delayMs / 1000} s each on its decision endpoint while card/detail and another app’s authorizations were measured, against the same loads with none waiting${slow.rounds ? ` (in ${slow.rounds.reads.with.length} rounds alternating the two states, each ratio the median of the rounds’ own)` : ''}. The service asks the agency before any transaction opens and takes no row lock until the answer is in (docs/card-spending.md "How it is built"), so a waiting authorization costs an open socket and a timer, not a database connection: what is left of the ratio is the event loop’s share of the waiting requests’ arrivals and answers.`,
      '',
    );
  }
  return out;
}

/** The general findings, under "Where the time goes", after the measured tables. */
export function costDrivers(results: Results): string[] {
  const lines = ['Reading the tables above:', ''];
  const check = results.floorCheck;
  const app = appName(results);
  if (check) {
    const rounds = check.sql
      .filter((s) => s.operation in OPERATION_KEYS)
      .map((s) => `${s.service.length} for ${OPERATION_KEYS[s.operation]}`);
    lines.push(
      `- **SQL is ${check.sql.every((s) => s.ok) ? 'the same on both sides' : 'NOT the same on both sides in this run'}.** Statements per call${results.servers ? ' with no app cached (the app lookup included; under load it is cached and one fewer)' : ''}: ${rounds.join(', ')}. They set the floor’s latency; what ${app} spends beyond the floor is CPU in its own process.`,
    );
  }
  for (const key of ['assets', 'list-first', 'issue', 'transfer']) {
    const text = describeExtra(results, key, 5);
    if (text) lines.push(`- ${text.charAt(0).toUpperCase()}${text.slice(1)}.`);
  }
  const last = results.sizes[results.sizes.length - 1];
  const seq = (last?.plans ?? []).filter((p) => /Seq Scan/.test(p.plan));
  if (last?.plans?.length) {
    lines.push(
      seq.length
        ? `- **Plans with a sequential scan at ${cardsLabel(last.cards)} cards:** ${seq.map((p) => `${p.query} (\`${p.plan}\`, ${f2(p.ms)} ms)`).join('; ')}.`
        : `- **Every read statement explained uses an index at ${cardsLabel(last.cards)} cards** (EXPLAIN ANALYZE above).`,
    );
  }
  return lines;
}

/** Floor-check keys of the measured operations, for the round-trip line. */
const OPERATION_KEYS: Record<string, string> = {
  cardListAllByUser: '4.2 (first page)',
  'cardListAllByUser (deep)': '4.2 (deep page)',
  'cardListAllByUser (email)': '4.2 (by email)',
  agencyAssetList: '4.5',
  userCardList: '4.6',
  agencyApplyUserCard: '4.3 (issuance)',
  assetTransfer: 'asset/transfer',
  'userSearch (last four)': 'user/search (last four)',
  'userSearch (prefix)': 'user/search (prefix)',
  assetLedger: 'asset/ledger (first page)',
  'assetLedger (deep)': 'asset/ledger (deep page)',
};
