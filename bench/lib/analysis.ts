// The prose of RESULTS.md: what the floor is, where the time goes, and for each target why it is
// met or missed and what would close the gap. The numbers are the run's; the reasons come from
// the profiles (bench/lib/profile-op.ts), the SQL and the build, and are worded so that they stay
// true as the numbers move.
import type { Results, SizeResult } from '../run';
import { cardsLabel } from './format';
import type { LoadResult } from './load';
import type { Target } from './report';
import { READ_KEYS, type ReadKey } from './wallet-requests';

const f2 = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(2));
const f0 = (x: number | undefined) =>
  x === undefined || !Number.isFinite(x) ? '–' : Math.round(x).toLocaleString('en-US');

export const ANALYSIS = {
  floor: [
    '`bench/floor-server.ts` is a bare `node:http` server over one `pg` Pool (10 connections, as the app) that serves the benchmarked operations with the SQL the service runs: the same authentication statements (app + agency lookup, nonce insert, the once-a-minute prune), the same operation queries with the same parameters, the same transaction and statements for issuance, and the same JSON fields in the same order. It leaves out Next.js (routing, request/response objects), zod validation, Drizzle’s query building and row mapping. Like the app, it runs in a process of its own; both share the machine with PostgreSQL and the load generator.',
    '',
    'The HMAC-SHA256 signature check **is** in the floor. It is not SQL, but DESIGN §2 makes it part of every request before any business logic, so no correct implementation can skip it; it costs a few microseconds (one HMAC over ~150 bytes, visible as “node: crypto” at well under 1% of the floor’s CPU). Keeping it in makes the floor the least a correct service does, rather than less than that.',
  ],
  reproducing: [
    '```sh',
    'npm run bench                      # the full run (1,000 / 100,000 / 1,000,000 cards), results here in bench/',
    'npm run bench -- --quick           # 1,000 and 10,000 cards, 3 s per figure, results under $TMPDIR/card-wallet-bench/quick',
    'npm run bench -- --sizes 1000,100000 --seconds 5 --connections 8 --out /tmp/b',
    'npm run bench -- --report-only     # rewrite RESULTS.md and growth.svg from bench/results.json',
    'npx tsx --conditions=react-server bench/profile.ts --op list-first   # one operation under the CPU profiler',
    '```',
    '',
    'The harness builds a private snapshot of the working tree (`$TMPDIR/card-wallet-bench/build-<fingerprint>`: sources copied, node_modules hard-linked, `next build` run there; rebuilt only when a build of the tree would be), so edits or rebuilds of `.next` in the shared tree during a run cannot touch the server under measurement. It needs root for the local PostgreSQL (as the pg tests do) or `TEST_DATABASE_URL`, and `/usr/bin/chromium` for the JavaScript sizes. Every server it starts is stopped and every database it creates is dropped, also on failure or Ctrl-C; a run is bounded (35 min watchdog; 15 min with --quick), and all traffic stays on 127.0.0.1.',
  ],
};

function pair(size: SizeResult | undefined, key: ReadKey): { app?: LoadResult; floor?: LoadResult } {
  return size?.reads[key] ?? {};
}

function cpuRatio(size: SizeResult | undefined, key: ReadKey): number | undefined {
  const p = pair(size, key);
  return p.app?.cpuMsPerRequest !== undefined && p.floor?.cpuMsPerRequest
    ? p.app.cpuMsPerRequest / p.floor.cpuMsPerRequest
    : undefined;
}

function share(results: Results, key: string, side: 'app' | 'floor', category: RegExp): number | undefined {
  const prof = results.profiles?.find((p) => p.key === key)?.[side];
  if (!prof) return undefined;
  return (
    prof.shares.filter((s) => category.test(s.category)).reduce((a, s) => a + s.share, 0) *
    prof.cpuMsPerRequest
  );
}

/**
 * The first page's plan: meant to be a range scan of users_app_registered_idx stopping after 20
 * rows, it is a sequential scan and a top-N sort over every user of the app whenever the index's
 * NULLS order does not match the query's (found with EXPLAIN while analysing the first full run).
 */
function firstPagePlan(results: Results): string {
  const last = results.sizes[results.sizes.length - 1];
  const plan = last?.plans?.find((p) => p.query === '4.2 first page of users');
  const cause =
    'The cause: the migration declares `users_app_registered_idx` as (app_id, registered_at DESC NULLS LAST, id DESC NULLS LAST) — Drizzle’s `.desc()` in an index adds NULLS LAST — while the query orders by `registered_at desc, id desc`, which in PostgreSQL means NULLS FIRST; the orders differ, so the index cannot return the rows in order (that the columns are NOT NULL does not enter the planner’s matching). The fix is one line in the schema and a migration: declare the index with `.desc().nullsFirst()` (or order the query `desc nulls last`); with matching orders the same query is an index-only scan of 20 entries (0.06 ms instead of 9.6 ms on a 33,333-user database, measured with EXPLAIN ANALYZE), and the deep page becomes an index scan too.';
  if (plan && /Index/.test(plan.plan.split(' → ').find((n) => /Scan/.test(n)) ?? '')) {
    return `The first page is a range scan of an index (${plan.plan}, ${plan.ms.toFixed(2)} ms at ${cardsLabel(last!.cards)} cards), so its SQL does not grow.`;
  }
  return `**The first page is not size-independent: PostgreSQL reads every user of the app and sorts them to find the newest 20**${plan ? ` (\`${plan.plan}\`, ${plan.ms.toFixed(1)} ms at ${cardsLabel(last!.cards)} cards)` : ' (a sequential scan and a top-N heapsort, in EXPLAIN ANALYZE)'} — in the floor as in the app, since it is the same SQL. ${cause}`;
}

/** Per target: why, and what would close it (or what keeps it met). */
export function targetNotes(results: Results, targets: Target[]): string[] {
  const out: string[] = [];
  const first = results.sizes[0];
  const last = results.sizes[results.sizes.length - 1];
  const met = (prefix: string) => targets.find((t) => t.name.startsWith(prefix))?.met;

  // 1. Reads vs floor.
  const ratios = READ_KEYS.map((k) => cpuRatio(first, k)).filter((x): x is number => x !== undefined);
  const usable = (x: number | undefined) => (x !== undefined && x >= 0.01 ? x : undefined);
  const nextMs = usable(share(results, 'assets', 'app', /^next\.js$/));
  const drizzleAssets = usable(share(results, 'assets', 'app', /^drizzle$/));
  const drizzleList = usable(share(results, 'list-first', 'app', /^drizzle$/));
  const listApp = results.profiles?.find((p) => p.key === 'list-first')?.app;
  const listTop = listApp?.shares[0];
  const listRank =
    drizzleList === undefined || !listApp
      ? 'adds most of what that operation costs beyond 4.5'
      : listTop?.category === 'drizzle'
        ? `is the largest single item (~${f2(drizzleList)} of ${f2(listApp.cpuMsPerRequest)} ms)`
        : `comes next (~${f2(drizzleList)} of ${f2(listApp.cpuMsPerRequest)} ms, after ${listTop?.category ?? '?'} at ~${f2((listTop?.share ?? 0) * listApp.cpuMsPerRequest)} ms)`;
  out.push(
    `**Reads vs the floor (${met('Signed reads') === false ? 'missed' : met('Signed reads') ? 'met' : 'not measured'}).** The SQL is the same, statement for statement, so the difference is what the app does around it: per request the app’s process uses ${ratios.length ? `${f2(Math.min(...ratios))}–${f2(Math.max(...ratios))}×` : 'several times'} the floor’s CPU (“CPU ms/req” columns). Under a closed-loop load of ${results.settings.connections} connections on ${results.machine.nproc} cores shared with PostgreSQL and the load generator, the app’s single Node process is the busiest thing on the machine, so its requests queue for a CPU while the floor’s mostly wait on PostgreSQL; the latency ratio follows the CPU ratio. From the profiles (“Where the time goes”): for 4.5, the lightest read, Next.js’s request pipeline alone costs ${nextMs !== undefined ? `~${f2(nextMs)} ms` : 'about a millisecond'} of CPU per request (routing, building a Web \`Request\`, piping the \`Response\` through web streams, AsyncLocalStorage), ${drizzleAssets !== undefined ? `Drizzle ~${f2(drizzleAssets)} ms (building the SQL text on every call, mapping rows)` : 'then Drizzle'}; for 4.2’s first page Drizzle’s row mapping of the 40-column card+category join ${listRank}.`,
    '',
    `What would close it, largest first: (1) take Drizzle’s row mapping off the hot list queries — select only the columns the records use and take the four card categories from an in-memory catalogue instead of joining them into every card row (today each card row carries 16 category columns, mapped field by field), or run the two list queries as raw SQL with positional rows; (2) cache the app + agency + secret lookup in the process for a few seconds (one round trip and its mapping less on every request; a rotated secret would apply within the TTL); (3) prepared statements (\`.prepare()\`), so neither Drizzle nor PostgreSQL rebuilds and re-plans the same SQL per call; (4) for 4.2, run the independent total and page queries concurrently; (5) the Next.js share (${nextMs !== undefined ? `~${f2(nextMs)} ms` : 'about a millisecond'} of CPU per request here) cannot be tuned away inside a route handler: a newer Node (22/24: AsyncLocalStorage without async hooks, faster web streams), more app processes (the design allows several instances on one PostgreSQL), or, if the 1.5× bound matters more than one framework for everything, serving \`/wallet/api/*\` from a plain \`node:http\` handler in front of Next (a custom server) would. On a machine with idle cores the latency ratio would also shrink, since the app’s CPU would not queue; the CPU ratio would not.`,
    '',
  );

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
    const mb = (b: number | undefined) =>
      b && Number.isFinite(b) ? `${Math.round(b / 1e6).toLocaleString('en-US')} MB` : undefined;
    const sizeNote = mb(last.dbBytes)
      ? `at ${cardsLabel(last.cards)} cards the database is ${mb(last.dbBytes)} (${mb(first.dbBytes) ?? '?'} at ${cardsLabel(first.cards)}) against ${results.machine.sharedBuffers ?? '128MB'} of PostgreSQL shared buffers`
      : `at ${cardsLabel(last.cards)} cards the tables and indexes are far larger than PostgreSQL’s shared buffers (${results.machine.sharedBuffers ?? '128 MB by default'})`;
    const noise =
      appCpu <= 1.15
        ? 'Where the app’s growth exceeds the floor’s, it is not work: the app runs the same statements and its CPU per request hardly moved, so the rest is the shared machine (each size was measured minutes apart, under whatever else was running then).'
        : `The app’s CPU per request grew too (up to ${f2(appCpu)}×), more than the size-independent work explains: part of it is JIT and cache state of a freshly started process measured for a few seconds, part the shared machine.`;
    out.push(
      `**4.2 growth from ${cardsLabel(first.cards)} to ${cardsLabel(last.cards)} cards (first page ${met('4.2 all cards by user, first page') ? 'met' : 'missed'}, filtered ${met('4.2 filtered by email') ? 'met' : 'missed'}).** App p50 grew ${f2(growth('list-first', 'app'))}× (first page) and ${f2(growth('list-email', 'app'))}× (filtered); the floor, running the same SQL, grew ${f2(growth('list-first', 'floor'))}× and ${f2(growth('list-email', 'floor'))}×, and the app’s CPU per request ${f2(cpuGrowth('list-first'))}× and ${f2(cpuGrowth('list-email'))}×. ${firstPagePlan(results)} The rest is size-independent as designed: the total comes from the app’s \`user_count\` rather than count(*), the filtered page is a lookup on the unique (app, lower(email)) index, and the cards come from \`cards_user_idx\` for 20 (or 1) user ids. What also grows with size is everything around the queries: ${sizeNote}, so random index and heap pages come from the OS cache instead (a system call each); the freshly bulk-loaded tables have been ANALYZEd but not VACUUMed, so first reads set hint bits (writes) and no index-only scan is possible; and \`used_nonces\` (every signed request inserts one, pruned after 15 minutes) is larger by then. ${noise} To keep it flat: VACUUM (ANALYZE) after bulk loads, shared_buffers sized to the hot indexes (users_app_registered_idx, users_app_email_key, cards_user_idx), and a nonce table kept small (prune more often than once a minute per instance, or partition by time).`,
      '',
      `The deep page is the exception, as expected: OFFSET makes PostgreSQL walk and discard every earlier row (page ${Math.max(1, Math.floor(last.users / 20)).toLocaleString('en-US')} skips ${(Math.max(1, Math.floor(last.users / 20)) * 20 - 20).toLocaleString('en-US')} users, fetching each from the heap), so it grows with the offset in the floor as in the app (floor ${f2(deep)}×). The spec’s pageNum/pageSize make OFFSET the natural reading; a deferred join (page the ids through the index first, \`where id in (select id … order by … limit … offset …)\`, an index-only scan once the table is vacuumed) would cut it by a large factor, and keyset pagination (a cursor of registered_at, id) would make it constant for the back-office’s own paging.`,
      '',
    );
  }

  // A control for the machine: 4.5 reads the agency's one asset, whatever the size, so the
  // spread of its floor latency across sizes is the machine's, not the data's.
  const control = results.sizes.map((s) => s.reads.assets?.floor?.p50).filter((x): x is number => !!x);
  if (control.length > 1) {
    out.push(
      `**How noisy this run was.** 4.5’s SQL reads one asset row whatever the size, so its floor latency is a control for the machine: it ranged ${f2(Math.min(...control))}–${f2(Math.max(...control))} ms across the sizes (${f2(Math.max(...control) / Math.min(...control))}×)${results.sizes.some((s) => s.loadAverage) ? `, with the 1-minute load average at ${results.sizes.map((s) => (s.loadAverage ? `${s.loadAverage.toFixed(1)} (${cardsLabel(s.cards)})` : '?')).join(', ')}` : ''}. Differences between sizes smaller than that spread say nothing about the data; the CPU ms per request columns and the app ÷ floor ratios (app and floor measured back to back) are steadier than raw latencies.`,
      '',
    );
  }

  // 3. Issuance.
  const issuing = results.sizes.filter((s) => s.issuance);
  if (issuing.length) {
    const cpu = issuing
      .map((s) => s.issuance!.app.cpuMsPerRequest)
      .filter((x): x is number => x !== undefined);
    const floorRps = Math.max(...issuing.map((s) => s.issuance!.floor?.rps ?? 0));
    const appRps = Math.min(...issuing.map((s) => s.issuance!.app.rps));
    const best = [...issuing].sort((a, b) => b.issuance!.app.rps - a.issuance!.app.rps)[0]!;
    out.push(
      `**Card issuance (${met('Card issuance') ? 'met' : 'missed'}).** Every guarantee held in every load (the books balance to the cent, one fee per card, no negative balance, debits serialised, and the pg concurrency tests pass while issuance runs against the same server). The rate is bounded by CPU: each issuance is 10 statements (the request’s app lookup and nonce, then one transaction: begin, idempotency claim, one lookup of user + category + payment asset, card asset, card, debit + ledger, response, commit) and the app spends ${cpu.length ? `${f2(Math.min(...cpu))}–${f2(Math.max(...cpu))} ms` : 'several ms'} of CPU on it, PostgreSQL a comparable amount on the statements and their index updates (cards alone has four indexes). It was 14 statements in the first runs (260–272/s there): a clashing card number is now skipped by \`on conflict do nothing\` and drawn again, where a savepoint and its release wrapped every insert, and the user, category and asset lookups are one statement; the floor, with the same statements and a fraction of the app’s CPU, reached ${f0(floorRps)}/s on the same machine, the app ${f0(best.issuance!.app.rps)}/s at best (${cardsLabel(best.cards)} cards, where the floor reached ${f0(best.issuance!.floor?.rps)}/s: the app at ${f2(best.issuance!.app.rps / (best.issuance!.floor?.rps ?? NaN))} of the floor’s rate) and ${f0(appRps)}/s at worst, under the heaviest contention of the run. Issuance is where the machine shows most: each card costs the app and PostgreSQL several ms of CPU, and on two shared cores every other process takes its share of those. The one serial section — the agency asset’s row lock, held from the debit to the commit — is short because the debit now comes last, so lock waits are not what limits it here.`,
      '',
      `${met('Card issuance') ? 'What would raise it further' : 'What would close it'}: fewer statements still — the card asset, card and ledger entry fit in one CTE, and the category catalogue (insert-only) could be held in memory; then more app processes on the same PostgreSQL (nothing that must be shared lives in process memory), which on a machine with more than two cores scales issuance until the asset’s row lock (one commit’s latency per card per paying asset) is the limit.`,
      '',
    );
  }

  // 4. /cards.
  const bo = results.backofficeAtUsers;
  const cardsPage = bo?.pages['/cards'];
  const home = bo?.pages['/'];
  if (cardsPage && 'p50' in cardsPage) {
    out.push(
      `**/cards server time (${met('/cards') ? 'met' : 'missed'}).** Measured with one connection (no queueing), so this is the time to render: p50 ${f2(cardsPage.p50)} ms, p95 ${f2(cardsPage.p95)} ms at ${bo!.users.toLocaleString('en-US')} users, ${cardsPage.cpuMsPerRequest !== undefined ? `${f2(cardsPage.cpuMsPerRequest)} ms of CPU per page` : ''}${home && 'p50' in home && home.cpuMsPerRequest !== undefined ? ` (the dashboard: ${f2(home.cpuMsPerRequest)} ms)` : ''}. A page is expensive next to an API call: the session is decoded and the staff row checked, the page calls 4.2 over HTTP on the same process (a full signed request through Next, with its own JSON), then React renders the table server-side and serialises the same data again as the RSC payload for hydration. It does depend on the number of users today, through 4.2’s first page (the sequential scan and sort of every user described under growth): fixing that index takes the users scan out of every /cards render. The rest of the margin is about CPU: under concurrent staff the page shares one Node process with the API. To keep it: send the client component only the fields it shows (the page data is serialised twice, in HTML and in the flight payload), cache the staff row per session for a few seconds, and keep the wallet call on a keep-alive connection.`,
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
    const withDrizzle = js
      .filter((r) => r.chunks?.some((c) => c.libraries.includes('drizzle-orm')))
      .map((r) => r.route);
    const overBy = js
      .map((r) => ({ route: r.route, over: r.firstLoad.gzipBytes - 200_000 }))
      .filter((r) => r.over > 0)
      .sort((a, b) => b.over - a.over);
    const withZod = js.filter((r) => r.chunks?.some((c) => c.libraries.includes('zod'))).map((r) => r.route);
    out.push(
      `**First-load JavaScript (${met('No route over 200 kB') ? 'met' : 'missed'}).** ${(shared / 1000).toFixed(0)} kB (gzip) is loaded by every route before any page code: React DOM and the Next.js runtime (~116 kB, the floor of any App Router page), then the shell’s components (Radix primitives, icons, toasts; react-query and next-auth’s client left the shell in this revision: the query provider wraps only the card list and the issue wizard, and sign-out calls next-auth’s endpoints itself, about 20 kB off every route). Page code then adds its libraries: zod${withZod.length ? ` (${withZod.join(', ')})` : ''} for client-side form validation (zod 4’s full build, ~31 kB, plus react-hook-form’s resolver), ${withDrizzle.length ? `**drizzle-orm** on ${withDrizzle.join(', ')} (~18 kB: client code imports \`STAFF_ROLES\` via \`lib/backoffice/forms/staff.ts\` and the staff components from \`lib/backoffice/db/schema.ts\`, a Drizzle table module, which drags pg-core into the browser)` : 'no Drizzle'}, react-query on /cards and /cards/issue, cmdk (the searchable list) on /cards/issue and the address form.`,
      '',
      `What would close it (${overBy.length ? `the routes over need to lose ${overBy.map((r) => `${r.route} ${(r.over / 1000).toFixed(0)} kB`).join(', ')}` : 'nothing to close'}): validate forms on the client with \`zod/mini\` (tree-shakable, a few kB; the contracts are shared zod schemas today, so every schema would move to the mini API) or only on the server, where the actions validate anyway; load cmdk and the dialogs with \`next/dynamic\` when first opened; check that each Radix primitive is imported per component. Those are 40–70 kB on the heavy routes; the remaining ~116 kB of React + Next is fixed, so 200 kB leaves ~80 kB for everything else per route.`,
      '',
    );
  }

  // PGlite.
  if (results.pglite) {
    const pl = results.pglite;
    const pgSize = results.sizes.find((s) => s.cards === pl.cards);
    const ratio = (k: ReadKey) => {
      const a = pl.reads[k]?.cpuMsPerRequest;
      const b = pgSize?.reads[k]?.app.cpuMsPerRequest;
      return a && b ? a / b : undefined;
    };
    const rs = READ_KEYS.map(ratio).filter((x): x is number => x !== undefined);
    out.push(
      `**PGlite.** The same reads on the embedded engine cost ${rs.length ? `${f2(Math.min(...rs))}–${f2(Math.max(...rs))}×` : 'several times'} the app’s CPU per request on PostgreSQL: PGlite is PostgreSQL compiled to WebAssembly running on the app’s own JavaScript thread, so every query executes on the thread that also runs Next.js, the single connection serialises the queries of concurrent requests, and each request’s nonce insert is a write transaction to the data directory. It is the right default for a fresh \`npm start\`; under load it is CPU-bound on one thread, and the heavier the operation (4.2 most), the more it shows.`,
      '',
    );
  }
  return out;
}

/** The general findings, under "Where the time goes", after the measured tables. */
export function costDrivers(results: Results): string[] {
  const assets = results.profiles?.find((p) => p.key === 'assets');
  const list = results.profiles?.find((p) => p.key === 'list-first');
  const lines = [
    'Reading the tables above:',
    '',
    `- **The app’s extra cost is CPU in its own process, not SQL.** The statements are identical (checked every run), so PostgreSQL does the same work for both; the app spends ${assets?.app && assets.floor ? `${f2(assets.app.cpuMsPerRequest / assets.floor.cpuMsPerRequest)}×` : 'several times'} the floor’s CPU on 4.5 and ${list?.app && list.floor ? `${f2(list.app.cpuMsPerRequest / list.floor.cpuMsPerRequest)}×` : 'several times'} on 4.2. On two cores shared with PostgreSQL that CPU becomes queueing, which is most of the latency difference.`,
    '- **Next.js’s route-handler pipeline** is the fixed cost of every API call (routing and manifest lookups, a Web `Request` with its `AbortSignal`, the `Response` piped through web streams into Node’s response, AsyncLocalStorage’s async hooks on every promise); it is about the same for every operation, so it dominates the light ones (4.5, 4.6).',
    '- **Drizzle** costs in two places: building the SQL text on every call (no prepared statements) and mapping rows (`is()` entity checks per column per row); the second grows with the rows and columns returned, so it weighs most on 4.2, whose cards query returns 40 columns per card (the card’s 24 and its category’s 16).',
    '- **The pg driver** costs more in the app than in the floor for the same statements, because Drizzle passes per-query type-parser configuration (`cloneQueryConfig`) and maps array rows itself; the socket writes line also holds the wait for a CPU after each write wakes PostgreSQL, which a busier process pays more often.',
    '- **zod** validation and the HMAC check are small (well under 5% each).',
    '- **Round trips** are the same in app and floor by construction (5 for 4.2, 3 for 4.5, 4 for 4.6, 14 for issuance): they set the floor’s latency, and are the next thing to cut once the app’s CPU is down (see the targets).',
    '- **One query plan is wrong for every size**: 4.2’s page of users is a sequential scan and sort of all the app’s users instead of an index range scan (a NULLS-order mismatch between the index and the ORDER BY, see the growth target). At 100,000 cards and more it is the biggest single cost of 4.2, the back-office’s /cards page included, in the floor as in the app.',
  ];
  return lines;
}
