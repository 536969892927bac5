// RESULTS.md and growth.svg from a run's results: the tables, the plot, and the targets, each
// met or missed by how much, computed here from results.json (the reasons and remedies are in
// analysis.ts). Results of older runs lack some measurements (transfers, the extension reads):
// their rows are left out and their targets read "not measured".
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MemorySample, Results, SeededDisputes, SizeResult, Target } from './results';
import { ANALYSIS, appName, costDrivers, mb, targetNotes } from './analysis';
import {
  pairOf,
  SCALE_BOUND,
  scaleRows,
  TRANSFER_BOUND,
  transferRates,
  WEBHOOK_BOUND,
  webhookBaseline,
} from './derived';
import { depositNotes, depositTargets } from './deposit-report';
import { growthTargets } from './growth-targets';
import { cardsLabel, roundsText, writeRatio } from './format';
import type { LoadResult } from './load';
import { OPERATIONS, READ_KEYS, SCALE_KEYS, type OpKey } from './wallet-requests';
import { FIRST_LOAD_JS_BUDGET } from './backoffice';
import { slowDecisionTarget } from './slow-decision';
import { spendingTargets } from './spending';

const ms = (x: number | undefined) =>
  x === undefined || !Number.isFinite(x) ? '–' : x < 10 ? x.toFixed(2) : x.toFixed(1);
const rps = (x: number | undefined) =>
  x === undefined || !Number.isFinite(x) ? '–' : Math.round(x).toLocaleString('en-US');
const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b === 0
    ? '–'
    : `${(a / b).toFixed(2)}×`;
const n = (x: number) => x.toLocaleString('en-US');
const rowsOf = (x: number | undefined) =>
  x === undefined ? '–' : Number.isInteger(x) ? String(x) : x.toFixed(1);
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function isLoad(x: LoadResult | { status: number } | undefined): x is LoadResult {
  return !!x && 'p50' in x;
}

/** What the back-office's /disputes was read over: " `/disputes` was measured over N seeded disputes …" or "". */
export function disputesSeededText(
  pages: Record<string, LoadResult | { status: number }>,
  seeded: SeededDisputes | undefined,
  cards: number,
): string {
  if (!seeded || !isLoad(pages['/disputes'])) return '';
  // Runs before the seed made one per card seeded one card in every 20: say which this run did.
  const every = Math.round(cards / Math.max(1, seeded.count));
  const spread = every <= 1 ? 'one per card' : `one card in every ${every}`;
  return ` \`/disputes\` was measured over ${n(seeded.count)} seeded disputes (${spread}, seeded in ${seeded.seconds.toFixed(1)} s).`;
}

// ---------------------------------------------------------------------------------------------
// The plot

const COLORS: Record<OpKey, string> = {
  'list-first': '#1f77b4',
  'list-deep': '#d62728',
  'list-email': '#2ca02c',
  assets: '#9467bd',
  'user-cards': '#ff7f0e',
  'search-last4': '#17becf',
  'search-prefix': '#bcbd22',
  'ledger-first': '#e377c2',
  'ledger-deep': '#7f7f7f',
  issue: '#8c564b',
  transfer: '#393b79',
};

/** Every measured operation, in the order of the tables. */
const ALL_KEYS: readonly OpKey[] = [...READ_KEYS, ...SCALE_KEYS, 'issue', 'transfer'];

function p50Of(size: SizeResult, key: OpKey, side: 'app' | 'floor'): number | undefined {
  return pairOf(size, key)?.[side]?.p50;
}

/** Every round's rates of a write figure, when it had several (the median one is the figure's). */
function roundsNote(rounds: { app: number[]; floor: number[] } | undefined): string {
  return rounds ? ` (${roundsText(rounds, 'service', 'floor')})` : '';
}

export function growthSvg(results: Results): string {
  const W = 820;
  const H = 480;
  const m = { left: 70, right: 250, top: 40, bottom: 60 };
  const sizes = results.sizes.filter((s) => s.cards > 0);
  const keys = ALL_KEYS;
  const values = sizes.flatMap((s) =>
    keys.flatMap((k) => [p50Of(s, k, 'app'), p50Of(s, k, 'floor')]).filter((v): v is number => !!v && v > 0),
  );
  const xs = sizes.map((s) => s.cards);
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs);
  const yMin = 10 ** Math.floor(Math.log10(Math.min(...values, 1)));
  const yMax = 10 ** Math.ceil(Math.log10(Math.max(...values, 10)));
  const pw = W - m.left - m.right;
  const ph = H - m.top - m.bottom;
  const x = (v: number) =>
    m.left +
    (xMax === xMin
      ? pw / 2
      : ((Math.log10(v) - Math.log10(xMin)) / (Math.log10(xMax) - Math.log10(xMin))) * pw);
  const y = (v: number) =>
    m.top + ph - ((Math.log10(v) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin))) * ph;

  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>`,
    `<text x="${m.left}" y="22" font-size="15" font-weight="600">Median latency vs cards (PostgreSQL, ${results.settings.connections} connections) — solid: ${results.servers ? 'service' : 'app'}, dashed: floor</text>`,
  );
  // Grid: decades and 2/5 within them on y; the measured sizes on x.
  for (let d = yMin; d <= yMax; d *= 10) {
    for (const k of [1, 2, 5]) {
      const v = d * k;
      if (v > yMax) break;
      const yy = y(v);
      parts.push(
        `<line x1="${m.left}" x2="${m.left + pw}" y1="${yy}" y2="${yy}" stroke="${k === 1 ? '#bbb' : '#eee'}"/>`,
        `<text x="${m.left - 8}" y="${yy + 4}" text-anchor="end" fill="#444">${v >= 1 ? v : v.toFixed(1)}</text>`,
      );
    }
  }
  for (const v of xs) {
    parts.push(
      `<line x1="${x(v)}" x2="${x(v)}" y1="${m.top}" y2="${m.top + ph}" stroke="#ddd"/>`,
      `<text x="${x(v)}" y="${m.top + ph + 18}" text-anchor="middle" fill="#444">${cardsLabel(v)}</text>`,
    );
  }
  parts.push(
    `<rect x="${m.left}" y="${m.top}" width="${pw}" height="${ph}" fill="none" stroke="#888"/>`,
    `<text x="${m.left + pw / 2}" y="${H - 18}" text-anchor="middle">cards (log scale)</text>`,
    `<text transform="translate(18 ${m.top + ph / 2}) rotate(-90)" text-anchor="middle">p50 latency, ms (log scale)</text>`,
  );
  keys.forEach((key, i) => {
    for (const side of ['app', 'floor'] as const) {
      const pts = sizes
        .map((s) => [s.cards, p50Of(s, key, side)] as const)
        .filter((pt): pt is readonly [number, number] => !!pt[1] && pt[1] > 0);
      if (pts.length === 0) continue;
      const dash = side === 'floor' ? ' stroke-dasharray="6 4"' : '';
      parts.push(
        `<polyline fill="none" stroke="${COLORS[key]}" stroke-width="2"${dash} points="${pts.map(([a, b]) => `${x(a).toFixed(1)},${y(b).toFixed(1)}`).join(' ')}"/>`,
        ...pts.map(
          ([a, b]) =>
            `<circle cx="${x(a).toFixed(1)}" cy="${y(b).toFixed(1)}" r="${side === 'app' ? 3.5 : 2.5}" fill="${side === 'app' ? COLORS[key] : '#fff'}" stroke="${COLORS[key]}"/>`,
        ),
      );
    }
    const ly = m.top + 10 + i * 22;
    parts.push(
      `<line x1="${m.left + pw + 16}" x2="${m.left + pw + 40}" y1="${ly}" y2="${ly}" stroke="${COLORS[key]}" stroke-width="2"/>`,
      `<text x="${m.left + pw + 46}" y="${ly + 4}">${OPERATIONS[key].plot ?? OPERATIONS[key].label.replace('all cards by user, ', '')}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// RESULTS.md

/** Bound of the memory target: 150 MB (10^6 bytes). */
const RSS_BOUND_BYTES = 150e6;

function readBound(
  results: Results,
  metric: (r: LoadResult) => number | undefined,
  bound: number,
  what: string,
  unit: (r: LoadResult | undefined) => string,
): { met: boolean | undefined; detail: string } {
  const all = results.sizes
    .flatMap((s) =>
      READ_KEYS.map((k) => {
        const p = s.reads[k];
        const a = p?.app ? metric(p.app) : undefined;
        const b = p?.floor ? metric(p.floor) : undefined;
        return { s, k, p, r: a !== undefined && b ? a / b : NaN };
      }),
    )
    .filter((x) => Number.isFinite(x.r))
    .sort((a, b) => b.r - a.r);
  if (!all.length) return { met: undefined, detail: 'not measured' };
  const over = all.filter((x) => x.r > bound);
  const worst = all[0]!;
  const at = `${OPERATIONS[worst.k].label} at ${cardsLabel(worst.s.cards)} cards: ${unit(worst.p?.app)} vs the floor’s ${unit(worst.p?.floor)}`;
  return {
    met: over.length === 0,
    detail:
      over.length === 0
        ? `every read at every size is within ${bound}× of the floor’s ${what} (worst ${worst.r.toFixed(2)}×, ${at})`
        : `${over.length} of ${all.length} over; worst ${worst.r.toFixed(2)}× (${at}), ${((worst.r / bound - 1) * 100).toFixed(0)}% over the bound. Over: ${over.map((x) => `${x.k}@${cardsLabel(x.s.cards)} ${x.r.toFixed(2)}×`).join(', ')}`,
  };
}

export function evaluateTargets(results: Results): Target[] {
  const targets: Target[] = [];
  // 1-2. Every signed read against the floor, at every size (PostgreSQL).
  const latency = readBound(
    results,
    (r) => r.p50,
    1.3,
    'median latency',
    (r) => `${ms(r?.p50)} ms`,
  );
  targets.push({
    name: 'Every signed read: app p50 ≤ 1.3× the floor’s (PostgreSQL)',
    ...latency,
  });
  const cpu = readBound(
    results,
    (r) => r.cpuMsPerRequest,
    1.5,
    'CPU per request',
    (r) => `${r?.cpuMsPerRequest === undefined ? '–' : r.cpuMsPerRequest.toFixed(2)} ms`,
  );
  targets.push({ name: 'Every signed read: app CPU per request ≤ 1.5× the floor’s (PostgreSQL)', ...cpu });

  // 3. Issuance at >= 0.9x the floor's rate with every guarantee kept.
  const issuing = results.sizes.filter((s) => s.issuance);
  const rates = issuing.map((s) => ({
    s,
    r: writeRatio(s.issuance!.app.rps, s.issuance!.floor?.rps, s.issuance!.rounds),
  }));
  const lowest = [...rates].sort((a, b) => a.r - b.r)[0];
  const held =
    issuing.every((s) => s.issuance!.guarantees.ok) &&
    (results.underTest?.guarantees.ok ?? true) &&
    results.sizes.every((s) => s.exhausted?.guarantees.ok ?? true);
  const testsPassed = results.underTest ? results.underTest.vitest.exitCode === 0 : undefined;
  targets.push({
    name: 'Card issuance ≥ 0.9× the floor’s rate, every guarantee held',
    met: lowest && Number.isFinite(lowest.r) ? lowest.r >= 0.9 && held && testsPassed !== false : undefined,
    detail: issuing.length
      ? `${rates.map(({ s, r }) => `${rps(s.issuance!.app.rps)} vs ${rps(s.issuance!.floor?.rps)}/s (${Number.isFinite(r) ? r.toFixed(2) : '–'}) at ${cardsLabel(s.cards)}${roundsNote(s.issuance!.rounds)}`).join(', ')}${lowest && lowest.r < 0.9 ? ` — lowest ${((1 - lowest.r / 0.9) * 100).toFixed(0)}% short of 0.9×` : ''}; guarantees ${held ? 'all held' : 'BROKEN'}; pg concurrency tests under load: ${testsPassed === undefined ? 'not run' : testsPassed ? 'passed' : 'FAILED'}`
      : 'not measured',
  });

  // 3b. Transfers at >= 0.9x the floor's rate with every guarantee kept (issue 12).
  const transfers = transferRates(results);
  const lowestTransfer = [...transfers].sort((a, b) => a.r - b.r)[0];
  const transfersHeld = transfers.every((x) => x.t.guarantees.ok);
  targets.push({
    name: `Transfers ≥ ${TRANSFER_BOUND}× the floor’s rate, every guarantee held`,
    met:
      lowestTransfer && Number.isFinite(lowestTransfer.r)
        ? lowestTransfer.r >= TRANSFER_BOUND && transfersHeld
        : undefined,
    detail: transfers.length
      ? `${transfers.map(({ s, t, r }) => `${rps(t.app.rps)} vs ${rps(t.floor?.rps)}/s (${Number.isFinite(r) ? r.toFixed(2) : '–'}) at ${cardsLabel(s.cards)}${roundsNote(s.transfer?.rounds)}`).join(', ')}${lowestTransfer && lowestTransfer.r < TRANSFER_BOUND ? ` — lowest ${((1 - lowestTransfer.r / TRANSFER_BOUND) * 100).toFixed(0)}% short of ${TRANSFER_BOUND}×` : ''}; guarantees ${transfersHeld ? 'all held' : 'BROKEN'}`
      : 'not measured in this run',
  });

  // 3b'. Issuance with a subscribed webhook endpoint at >= 0.9x of issuance without one (issue 27).
  const hooked = results.sizes.filter((s) => s.events && webhookBaseline(s));
  const hookRates = hooked.map((s) => ({
    s,
    r: writeRatio(
      s.events!.load.rps,
      webhookBaseline(s)!.rps,
      s.events!.rounds && { app: s.events!.rounds.with, floor: s.events!.rounds.without },
    ),
  }));
  targets.push({
    name: `Card issuance with a subscribed webhook endpoint ≥ ${WEBHOOK_BOUND}× issuance without one`,
    met: hookRates.length ? hookRates.every(({ r }) => r >= WEBHOOK_BOUND) : undefined,
    detail: hookRates.length
      ? hookRates
          .map(
            ({ s, r }) =>
              `${rps(s.events!.load.rps)} vs ${rps(webhookBaseline(s)!.rps)} cards/s (${r.toFixed(2)}) at ${cardsLabel(s.cards)}${s.events!.rounds ? ` (${roundsText({ app: s.events!.rounds.with, floor: s.events!.rounds.without }, 'with', 'without')})` : ''}`,
          )
          .join(', ')
      : 'not measured in this run',
  });

  // 3b''. Reads and another app's authorizations while authorizations wait on a slow agency endpoint.
  targets.push(slowDecisionTarget(results.sizes.find((s) => s.slowDecision)?.slowDecision));
  // 3b'''. Card spending (issue 28): authorize and clear vs the floor, growth, /transactions, PGlite.
  targets.push(...spendingTargets(results));

  // 3c. user/search and asset/ledger at the largest size within 1.3x of themselves at the smallest.
  const scale = scaleRows(results);
  const measuredScale = scale.filter((x) => x.met !== undefined);
  const first = results.sizes[0];
  const last = results.sizes[results.sizes.length - 1];
  targets.push({
    name: `user/search and asset/ledger pages at ${last ? cardsLabel(last.cards) : '?'} cards within ${SCALE_BOUND}× of themselves at ${first ? cardsLabel(first.cards) : '?'}`,
    met: measuredScale.length === SCALE_KEYS.length ? measuredScale.every((x) => x.met) : undefined,
    detail:
      measuredScale.length === 0
        ? first === last && first
          ? 'one size only in this run'
          : 'not measured in this run'
        : `${scale.map((x) => `${x.key} ${Number.isFinite(x.ratio) ? `${x.ratio.toFixed(2)}×` : '–'}`).join(', ')}${
            measuredScale.some((x) => !x.met)
              ? ` — over: ${measuredScale
                  .filter((x) => !x.met)
                  .map((x) => `${x.key} ${((x.ratio / SCALE_BOUND - 1) * 100).toFixed(0)}% over`)
                  .join(', ')}`
              : ''
          }${measuredScale.length < SCALE_KEYS.length ? '; some not measured' : ''} (see “Search and ledger pages across sizes”)`,
  });

  // 3d. Deposits against the floor, and a deposit's cost over its history (issue 29).
  targets.push(...depositTargets(results));
  // 3e. What must not grow with the programme (issue 46): the dashboard, 4.2's deepest page,
  // simulate/authorize's p99, transfers from one agency asset.
  targets.push(...growthTargets(results));

  // 4. The embedded default's reads, measured and reported beside.
  const pl = results.pglite;
  const sides = pl ? [pl.reads, ...(pl.npmStartReads ? [pl.npmStartReads] : [])] : [];
  const complete =
    sides.length > 0 && sides.every((reads) => READ_KEYS.every((k) => reads[k] && reads[k].ok > 0));
  const clean = sides.every((reads) => READ_KEYS.every((k) => !reads[k]?.failed));
  targets.push({
    name: 'Embedded default (PGlite): every signed read measured, beside PostgreSQL',
    met: pl ? complete && clean : undefined,
    detail: pl
      ? `${cardsLabel(pl.cards)} cards: ${READ_KEYS.map((k) => `${k} ${ms(pl.reads[k]?.p50)}${pl.npmStartReads ? `/${ms(pl.npmStartReads[k]?.p50)}` : ''} ms`).join(', ')} (p50, wallet service${pl.npmStartReads ? '/npm start' : ''})${complete ? '' : '; some reads missing'}${clean ? '' : '; some responses failed'}`
      : 'not measured in this run',
  });

  // 5. Memory of the wallet service alone under the bench's load (PostgreSQL).
  const memory = results.memory ?? [];
  const highest = (list: MemorySample[]) =>
    list.length ? list.reduce((a, b) => (b.peakRssBytes > a.peakRssBytes ? b : a)) : undefined;
  const peak = highest(memory.filter((m) => m.server === 'wallet' && m.storage === 'postgres'));
  const beside = [
    [
      '`npm start`’s server on PostgreSQL',
      highest(memory.filter((m) => m.server === 'app' && m.storage === 'postgres')),
    ],
    [
      '`npm start`’s server on PGlite',
      highest(memory.filter((m) => m.server === 'app' && m.storage === 'pglite')),
    ],
    [
      'the wallet service on PGlite',
      highest(memory.filter((m) => m.server === 'wallet' && m.storage === 'pglite')),
    ],
    ['the floor', highest(memory.filter((m) => m.server === 'floor'))],
  ] as const;
  targets.push({
    name: 'Peak RSS of `npm run start:wallet` under the bench’s load ≤ 150 MB (PostgreSQL)',
    met: peak ? peak.peakRssBytes <= RSS_BOUND_BYTES : undefined,
    detail: peak
      ? `${mb(peak.peakRssBytes)} (VmHWM, after ${n(peak.requests)} requests at ${cardsLabel(peak.cards)} cards)${peak.peakRssBytes > RSS_BOUND_BYTES ? `, ${((peak.peakRssBytes / RSS_BOUND_BYTES - 1) * 100).toFixed(0)}% over` : ''}; beside it: ${beside
          .filter(([, m]) => m)
          .map(([what, m]) => `${what} ${mb(m!.peakRssBytes)} (after ${n(m!.requests)} requests)`)
          .join('; ')}`
      : 'not measured in this run',
  });

  // 6. 4.2 at the largest size within 1.3x of itself at the smallest (first page and filtered).
  const small = results.sizes[0];
  const large = results.sizes[results.sizes.length - 1];
  for (const key of ['list-first', 'list-email'] as const) {
    const a = small?.reads[key]?.app.p50;
    const b = large?.reads[key]?.app.p50;
    const r = a && b ? b / a : NaN;
    targets.push({
      name: `${OPERATIONS[key].label} at ${large ? cardsLabel(large.cards) : '?'} cards within 1.3× of itself at ${small ? cardsLabel(small.cards) : '?'}`,
      met: Number.isFinite(r) && small !== large ? r <= 1.3 : undefined,
      detail:
        small === large
          ? 'one size only in this run'
          : Number.isFinite(r)
            ? `${ms(b)} ms vs ${ms(a)} ms: ${r.toFixed(2)}×${r > 1.3 ? `, ${((r / 1.3 - 1) * 100).toFixed(0)}% over the bound` : ''} (floor: ${ratio(large?.reads[key]?.floor?.p50, small?.reads[key]?.floor?.p50)})`
            : 'not measured',
    });
  }
  // 7. /cards p95 < 150 ms at 100,000 users.
  const bo = results.backofficeAtUsers;
  const cardsPage = bo?.pages['/cards'];
  targets.push({
    name: '/cards server time p95 under 150 ms at 100,000 users',
    met: isLoad(cardsPage) ? cardsPage.p95 < 150 : undefined,
    detail: isLoad(cardsPage)
      ? `p95 ${ms(cardsPage.p95)} ms at ${n(bo!.users)} users (p50 ${ms(cardsPage.p50)} ms)${cardsPage.p95 >= 150 ? `, ${((cardsPage.p95 / 150 - 1) * 100).toFixed(0)}% over` : ''}`
      : bo
        ? `/cards answered HTTP ${(cardsPage as { status: number } | undefined)?.status ?? '?'}: not measured`
        : 'not measured in this run (full run only)',
  });
  // 8. First-load JS <= FIRST_LOAD_JS_BUDGET per route.
  const js = results.js ?? [];
  const sorted = [...js].sort((a, b) => b.firstLoad.gzipBytes - a.firstLoad.gzipBytes);
  const heaviest = sorted[0];
  const overJs = sorted.filter((r) => r.firstLoad.gzipBytes > FIRST_LOAD_JS_BUDGET);
  targets.push({
    name: `No route over ${FIRST_LOAD_JS_BUDGET / 1000} kB of first-load JS (gzip)`,
    met: heaviest ? overJs.length === 0 : undefined,
    detail: heaviest
      ? `heaviest ${heaviest.route}: ${kb(heaviest.firstLoad.gzipBytes)} kB${overJs.length ? `, ${((heaviest.firstLoad.gzipBytes / FIRST_LOAD_JS_BUDGET - 1) * 100).toFixed(0)}% over; ${overJs.length} of ${sorted.length} routes over (${overJs.map((r) => `${r.route} ${kb(r.firstLoad.gzipBytes)}`).join(', ')}); lightest ${sorted[sorted.length - 1]!.route} ${kb(sorted[sorted.length - 1]!.firstLoad.gzipBytes)} kB` : ''}`
      : 'not measured',
  });
  return targets;
}

function loadRow(r: LoadResult | undefined, cpu = false): string[] {
  const row = [ms(r?.p50), ms(r?.p99), rps(r?.rps)];
  if (cpu) row.push(r?.cpuMsPerRequest === undefined ? '–' : r.cpuMsPerRequest.toFixed(2));
  return row;
}

/** Writes RESULTS.md and growth.svg: what renderReport makes of the results, nothing else. */
export function writeReport(results: Results, outDir: string): void {
  const { markdown, svg } = renderReport(results);
  writeFileSync(path.join(outDir, 'growth.svg'), svg);
  writeFileSync(path.join(outDir, 'RESULTS.md'), markdown);
}

/**
 * RESULTS.md and growth.svg from results.json alone (no clock, no machine, no environment), so
 * `--report-only` reproduces the committed report and every claim in it is one of the data's.
 */
export function renderReport(results: Results): { markdown: string; svg: string } {
  const lines: string[] = [];
  const push = (...l: string[]) => lines.push(...l);
  const m = results.machine;
  const la = (l?: number[]) => (l ? l.map((x) => x.toFixed(2)).join(' / ') : '–');
  const targets = evaluateTargets(results);
  // "app" in the results: the wallet service alone since issue 11 (Next's route handlers before).
  const A = results.servers ? 'service' : 'app';
  const Aname = appName(results);

  push(
    '# Benchmark results',
    '',
    '<!-- Generated by `npm run bench` (bench/run.ts); edit bench/lib/report.ts or bench/lib/analysis.ts, not this file. -->',
    '',
    `- Command: \`${results.command}\``,
    `- Date: ${results.date}${results.totalSeconds ? ` (took ${Math.round(results.totalSeconds / 60)} min)` : ''}`,
    `- Machine: ${m.nproc} × ${m.cpu}, ${m.memoryGiB} GiB, ${m.platform}; Node ${m.node}, Next ${m.next}, PostgreSQL ${m.postgres ?? '?'}`,
    `- Load average (1/5/15 min) before: ${la(results.loadBefore)}; after: ${la(results.loadAfter)}. ${(results.loadBefore[0] ?? 0) > Number(m.nproc) ? `**The machine was shared with other work (builds, browser tests) during this run: contention inflates every latency and deflates every throughput here, the ${A}’s and the floor’s alike; ratios suffer less than absolute numbers.**` : ''}`,
    `- Code: ${m.commit}; build snapshot ${results.snapshot.fingerprint.slice(0, 16)} (${results.snapshot.state}${results.snapshot.note ? `: ${results.snapshot.note}` : ''})`,
    ...(results.servers
      ? [
          `- Servers, each one Node process started from the snapshot: the **service** is ${results.servers.wallet}: every API figure below is of it unless marked; **npm start** is ${results.servers.app}: the back-office figures, and the same reads through it where shown; the **floor** is ${results.servers.floor}.`,
        ]
      : [
          `- Servers: the app is \`next start\` of the build (the wallet API in Next.js route handlers); the floor is \`bench/floor-server.ts\`.`,
        ]),
    `- Load: autocannon on 127.0.0.1, ${results.settings.connections} connections (closed loop), ${results.settings.warmupSeconds} s warm-up then ${results.settings.seconds} s measured per figure; each signed request has a fresh timestamp, nonce and HMAC; every response body is checked (\`{"code":0,\`), so refusals cannot pass for speed. Latencies in ms, full precision. CPU ms/req: the server process’s user + system time (from /proc) over the measured run, per response.${(results.settings.writeRounds ?? 1) > 1 ? ` Writes (issuance, transfers, deposits, authorize, clear, issuance with and without a webhook endpoint; and the slow decision endpoint’s reads and authorizations, with and without the waiting ones): ${results.settings.writeRounds} alternating rounds (service then floor, then floor then service, in turns, so that a drift over the rounds favours neither), each window after a CHECKPOINT with no autovacuum worker running, after one unmeasured window on each side (this disk runs the first seconds of heavy writes faster than what follows), each side’s median window shown and each target judged on the median of the rounds’ own ratios (service ÷ floor, or with ÷ without an endpoint, of two windows back to back), so that a drift of the machine’s speed over the rounds, a commit’s fsync on a shared disk, or a checkpoint the window before caused decides no ratio.` : ''}`,
    `- Data: per size a fresh PostgreSQL database seeded by \`scripts/seed-large.ts\` (users = cards / 3, three cards each), the servers on one ${m.nproc}-core machine with PostgreSQL and the load generator.${results.skipped?.length ? ` Steps left out (--skip): ${results.skipped.join(', ')}.` : ''}`,
    '',
  );
  if (results.errors.length) {
    push('## Problems in this run', '', ...results.errors.map((e) => `- ${e.split('\n').join(' ')}`), '');
  }

  push(
    '## Targets',
    '',
    `“app” in a target is ${Aname}; PostgreSQL, ${results.settings.connections} connections, app and floor in the same run.`,
    '',
    '| target | result | |',
    '|---|---|---|',
  );
  for (const t of targets)
    push(
      `| ${t.name} | ${t.met === undefined ? 'not measured' : t.met ? '**met**' : '**missed**'} | ${t.detail} |`,
    );
  push('', ...targetNotes(results, targets), ...depositNotes(results), '');

  push('## The floor', '', ...ANALYSIS.floor(results), '');
  if (results.floorCheck) {
    const c = results.floorCheck;
    const servers = [...new Set(c.output.map((o) => o.server ?? 'legacy'))];
    const who = (s: string) =>
      s === 'wallet' ? 'the service' : s === 'app' ? '`npm start`’s server' : 'the app';
    const short = (s: string) => (s === 'wallet' ? 'service' : s === 'app' ? 'npm start' : 'app');
    push(
      `Checked in this run: the floor’s statements ${c.sql.every((s) => s.ok) ? '**are identical** (modulo whitespace; prepared-statement names included), in order, to' : '**differ** from'} the statements the service runs for each call (bench/capture-sql.ts vs the floor’s trace); its answers ${c.output.every((o) => o.ok) ? '**are identical**' : '**differ**'} to those of ${servers.map(who).join(' and ')} for the same calls (issuance: same fields and types).`,
      '',
      `| call | SQL | ${servers.map((s) => `answer (${short(s)})`).join(' | ')} |`,
      `|---|---|${servers.map(() => '---').join('|')}|`,
      ...c.sql.map((s) => {
        const answers = servers.map((server) => {
          const o = c.output.find((x) => x.operation === s.operation && (x.server ?? 'legacy') === server);
          return o ? (o.ok ? o.detail : `**${o.detail}**`) : '–';
        });
        return `| ${s.operation} | ${s.ok ? `same (${s.service.length} statement${s.service.length === 1 ? '' : 's'})` : `**different** (service ${s.service.length}, floor ${s.floor.length})`} | ${answers.join(' | ')} |`;
      }),
      '',
    );
    if (c.searchKeys)
      push(
        `user/search’s statement parameters, which the floor computes with its own copy of the service’s \`searchKeys\`: ${c.searchKeys.ok ? `**the same** as the service’s (${c.searchKeys.detail})` : `**different**: ${c.searchKeys.detail}`}.`,
        '',
      );
    for (const [operation, what] of [
      ['agencyApplyUserCard', 'one card issuance'],
      ['assetTransfer', 'one transfer'],
    ] as const) {
      const write = c.sql.find((s) => s.operation === operation);
      if (!write) continue;
      push(
        `The statements of ${what}, as the service ran them (no app cached):`,
        '',
        ...write.service.map((st, i) => `${i + 1}. \`${st.length > 160 ? `${st.slice(0, 157)}...` : st}\``),
        '',
      );
    }
  }

  push(`## Operations: ${A} vs floor (PostgreSQL)`, '');
  for (const size of results.sizes) {
    push(
      `### ${n(size.cards)} cards (${n(size.users)} users; seeded in ${size.seedSeconds.toFixed(0)} s)`,
      '',
      `| operation | ${A} p50 | ${A} p99 | ${A} req/s | ${A} CPU ms/req | floor p50 | floor p99 | floor req/s | floor CPU ms/req | p50 ratio | CPU ratio | p99 ratio |`,
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const key of ALL_KEYS) {
      const pair = pairOf(size, key);
      if (!pair) continue;
      push(
        `| ${OPERATIONS[key].label} | ${loadRow(pair.app, true).join(' | ')} | ${loadRow(pair.floor, true).join(' | ')} | ${ratio(pair.app.p50, pair.floor?.p50)} | ${ratio(pair.app.cpuMsPerRequest, pair.floor?.cpuMsPerRequest)} | ${ratio(pair.app.p99, pair.floor?.p99)} |`,
      );
    }
    const viaNpm = READ_KEYS.filter((k) => size.reads[k]?.npmStart);
    if (viaNpm.length) {
      push(
        '',
        'The same reads through `npm start`’s server (the wallet API mounted in front of Next’s handler, in the process that also serves the back-office), measured right after the service’s and the floor’s:',
        '',
        '| operation | npm start p50 | p99 | req/s | CPU ms/req | ÷ service p50 | ÷ floor p50 | CPU ÷ floor |',
        '|---|---:|---:|---:|---:|---:|---:|---:|',
        ...viaNpm.map((k) => {
          const p = size.reads[k]!;
          return `| ${OPERATIONS[k].label} | ${loadRow(p.npmStart, true).join(' | ')} | ${ratio(p.npmStart?.p50, p.app.p50)} | ${ratio(p.npmStart?.p50, p.floor?.p50)} | ${ratio(p.npmStart?.cpuMsPerRequest, p.floor?.cpuMsPerRequest)} |`;
        }),
      );
    }
    if (size.issuance) {
      const g = size.issuance.guarantees;
      push(
        '',
        `Issuance guarantees after the load (${n(g.cardsCreated)} cards issued by ${A} and floor, warm-ups included): ${g.ok ? '**all held**' : '**BROKEN**'} — ${g.checks.map((c) => `${c.ok ? '✓' : '✗'} ${c.name} (${c.detail})`).join('; ')}.`,
      );
    }
    if (size.transfer) {
      const g = size.transfer.guarantees;
      push(
        '',
        `Transfer guarantees after the load (${n(g.transfersCreated)} transfers by ${A} and floor, warm-ups included): ${g.ok ? '**all held**' : '**BROKEN**'} — ${g.checks.map((c) => `${c.ok ? '✓' : '✗'} ${c.name} (${c.detail})`).join('; ')}.`,
      );
    }
    if (size.exhausted) {
      const x = size.exhausted;
      const g = x.guarantees;
      push(
        '',
        `Issuance past a wallet’s funds (4.4, the user pays): one user’s wallet funded for exactly ${n(x.fundedFor)} cards, then ${results.settings.connections} connections applying for ${x.load.seconds.toFixed(0)} s on the ${A}: ${n(x.issued)} issued, ${n(x.refused)} refused with 4001, ${n(x.load.failed)} other answers, ${n(x.load.errors)} transport errors. Guarantees: ${g.ok ? '**all held**' : '**BROKEN**'} — ${g.checks.map((c) => `${c.ok ? '✓' : '✗'} ${c.name} (${c.detail})`).join('; ')}.`,
      );
    }
    if (size.plans?.length) {
      push(
        '',
        `Plans PostgreSQL chose for the read statements here (EXPLAIN ANALYZE, one cold-ish run each): ${size.plans.map((pl) => `${pl.query}: \`${pl.plan}\` (${ms(pl.ms)} ms)`).join('; ')}.`,
      );
    }
    const bo = Object.entries(size.backoffice);
    if (bo.length) {
      push(
        '',
        `Back-office server time at this size (1 connection): ${bo.map(([route, r]) => (isLoad(r) ? `\`${route}\` p50 ${ms(r.p50)} / p95 ${ms(r.p95)} / p99 ${ms(r.p99)} ms` : `\`${route}\` HTTP ${r.status}`)).join('; ')}.${disputesSeededText(size.backoffice, size.seededDisputes, size.cards)}`,
      );
    }
    push('');
  }

  push('## Memory', '');
  if (results.memory?.length) {
    push(
      'Resident memory of each server process once it had served its loads (read right before the process is stopped): peak = VmHWM, the most it ever held, start-up and migrations included; at the end = VmRSS then; when ready = VmRSS once it listened, before the harness’s first request; V8 heap and external memory from the process’s own /wallet/metrics at the end. MB = 10^6 bytes. Every server runs under `node --import tsx`, one Node process each; tsx’s esbuild helper, a separate small process of the same group, is listed apart and not counted.',
      '',
      '| server | storage | cards | requests served | what | peak RSS | at the end | when ready | V8 heap total (used) | external | helper processes (peak) |',
      '|---|---|---:|---:|---|---:|---:|---:|---:|---:|---|',
      ...results.memory.map(
        (s) =>
          `| ${s.server === 'wallet' ? 'service (`npm run start:wallet`)' : s.server === 'app' ? '`npm start`' : 'floor'} | ${s.storage === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${cardsLabel(s.cards)} | ${n(s.requests)} | ${s.served} | ${mb(s.peakRssBytes)} | ${mb(s.rssBytes)} | ${mb(s.startRssBytes)}${s.startHeap ? ` (heap ${mb(s.startHeap.total)}, ${mb(s.startHeap.used)} used)` : ''} | ${s.heap ? `${mb(s.heap.total)} (${mb(s.heap.used)})` : '–'} | ${s.heap ? mb(s.heap.external) : '–'} | ${s.others.map((o) => `${o.name} ${mb(o.peakRssBytes)}`).join(', ') || '–'} |`,
      ),
    );
  } else {
    push('Not measured in this run.');
  }
  push('');

  push('## Cost growth', '', '![median latency vs cards](growth.svg)', '');
  const sizes = results.sizes;
  const span =
    sizes.length > 1 ? `${cardsLabel(sizes[sizes.length - 1]!.cards)}/${cardsLabel(sizes[0]!.cards)}` : '';
  push(
    `Median latency (ms) at each size, and its growth from the smallest size to the largest. The floor runs the same SQL, so its growth is the growth of the SQL and of the machine; ${A} ÷ floor growth is the part of the ${A}’s growth its own code adds (each size’s ${A} and floor were measured back to back, so this also cancels slow drifts in the machine’s load). CPU growth: the ${A}’s CPU ms per request, largest over smallest.`,
    '',
    `| operation | ${sizes.map((s) => `${A} @ ${cardsLabel(s.cards)}`).join(' | ')} | ${sizes.map((s) => `floor @ ${cardsLabel(s.cards)}`).join(' | ')} | ${A} growth ${span} | floor growth | ${A} ÷ floor growth | ${A} CPU growth |`,
    `|---|${sizes.map(() => '---:').join('|')}|${sizes.map(() => '---:').join('|')}|---:|---:|---:|---:|`,
  );
  for (const key of ALL_KEYS) {
    if (!sizes.some((s) => pairOf(s, key))) continue;
    const app = sizes.map((s) => p50Of(s, key, 'app'));
    const floor = sizes.map((s) => p50Of(s, key, 'floor'));
    const cpu = sizes.map((s) => pairOf(s, key)?.app.cpuMsPerRequest);
    const a = app[app.length - 1]! / app[0]!;
    const f = floor[floor.length - 1]! / floor[0]!;
    push(
      `| ${OPERATIONS[key].label} | ${app.map(ms).join(' | ')} | ${floor.map(ms).join(' | ')} | ${ratio(app[app.length - 1], app[0])} | ${ratio(floor[floor.length - 1], floor[0])} | ${ratio(a, f)} | ${ratio(cpu[cpu.length - 1], cpu[0])} |`,
    );
  }
  push('');

  push('## Card issuance', '');
  for (const s of sizes) {
    if (!s.issuance) continue;
    push(
      `- ${cardsLabel(s.cards)} cards: ${A} ${rps(s.issuance.app.rps)} cards/s (p50 ${ms(s.issuance.app.p50)} ms, p99 ${ms(s.issuance.app.p99)} ms, ${s.issuance.app.cpuMsPerRequest?.toFixed(2) ?? '–'} ms CPU/card), floor ${rps(s.issuance.floor?.rps)} cards/s (${s.issuance.floor?.cpuMsPerRequest?.toFixed(2) ?? '–'} ms CPU/card): ${ratio(s.issuance.app.rps, s.issuance.floor?.rps)} of the floor’s rate; guarantees ${s.issuance.guarantees.ok ? 'held' : 'BROKEN'}.`,
    );
  }
  if (results.underTest) {
    const u = results.underTest;
    push(
      '',
      `Under the concurrency tests (${cardsLabel(u.cards)} cards): issuance ran on the ${A} for as long as \`npx vitest run --project pg\` ran against the same PostgreSQL server (${u.vitest.seconds.toFixed(0)} s): ${rps(u.issuance.rps)} cards/s, p50 ${ms(u.issuance.p50)} ms, p99 ${ms(u.issuance.p99)} ms, ${n(u.issuance.ok)} cards. The tests: ${u.vitest.exitCode === 0 ? '**passed**' : `**failed** (exit ${u.vitest.exitCode})`} — ${u.vitest.summary}. Guarantees afterwards: ${u.guarantees.ok ? '**all held**' : '**BROKEN**'} — ${u.guarantees.checks.map((c) => `${c.ok ? '✓' : '✗'} ${c.name} (${c.detail})`).join('; ')}.`,
    );
  }
  push('');

  push('## Webhook delivery', '');
  const withEvents = sizes.filter((s) => s.events);
  if (withEvents.length === 0) push('Not measured in this run.');
  for (const s of withEvents) {
    const e = s.events!;
    push(
      `${cardsLabel(s.cards)} cards: one endpoint subscribed to \`card.issued\`, a receiver on 127.0.0.1${e.receiver === 'process' ? ' in a process of its own (not the load generator’s)' : ''} answering 204${e.baseline ? ' and keeping connections alive 5 s (Node’s default)' : ''}, while 4.3 issuance ran at full rate on the ${A} (${results.settings.connections} connections, ${e.load.seconds.toFixed(0)} s): issuance ${rps(e.load.rps)} cards/s (p50 ${ms(e.load.p50)} ms, p99 ${ms(e.load.p99)} ms) against ${rps(webhookBaseline(s)?.rps)} cards/s with no endpoint ${e.rounds ? 'in windows alternating with these' : e.baseline ? 'just before' : 'in the same run'} (${ratio(e.load.rps, webhookBaseline(s)?.rps)}${e.rounds ? `; the rounds with the median rate of ${e.rounds.with.length}: with ${e.rounds.with.map((x) => rps(x)).join(', ')}, without ${e.rounds.without.map((x) => rps(x)).join(', ')}` : ''}) and the floor’s ${rps(s.issuance?.floor?.rps)} (which writes the same event rows, no delivery). **${n(e.events)} events, ${n(e.received)} deliveries received** (${n(e.duplicates)} repeated; the service's account: ${e.outcomes.join(', ')}), **${e.deliveredPerSecond.toFixed(0)} delivered per second** during the load; **lag from the event's commit-time stamp to its arrival: p50 ${e.lagP50.toFixed(0)} ms, p99 ${e.lagP99.toFixed(0)} ms** (max ${e.lagMax.toFixed(0)} ms); the last delivery arrived ${e.drainSeconds.toFixed(1)} s after the load stopped.`,
    );
  }
  push('');

  push('## Transfers', '');
  const transfers = transferRates(results);
  if (transfers.length) {
    push(
      `\`asset/transfer\` from the agency asset to a random seeded user’s wallet (the funding direction of docs/wallet-api.md "Transfers"; ${results.settings.connections} connections, each request a fresh requestId${results.settings.transferAmount ? ` and ${results.settings.transferAmount} USD` : ''}), on the ${A} and then on the floor, which runs the same statements in the same order (checked above). Every transfer locks the agency asset’s row until its commit, so transfers from it are serial in PostgreSQL whoever sends them; the target: the ${A}’s rate ≥ ${TRANSFER_BOUND}× the floor’s at every size, with every guarantee held.`,
      '',
      `| cards | ${A} transfers/s | ${A} p50 | ${A} p99 | ${A} CPU ms/transfer | floor transfers/s | floor p50 | floor CPU ms/transfer | ${A} ÷ floor rate | target | result | guarantees |`,
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
      ...transfers.map(
        ({ s, t, r, met }) =>
          `| ${cardsLabel(s.cards)} | ${rps(t.app.rps)} | ${ms(t.app.p50)} | ${ms(t.app.p99)} | ${t.app.cpuMsPerRequest?.toFixed(2) ?? '–'} | ${rps(t.floor?.rps)} | ${ms(t.floor?.p50)} | ${t.floor?.cpuMsPerRequest?.toFixed(2) ?? '–'} | ${Number.isFinite(r) ? `${r.toFixed(2)}×` : '–'} | ≥ ${TRANSFER_BOUND}× | ${met === undefined ? 'not measured' : met ? '**met**' : `**missed** (${((1 - r / TRANSFER_BOUND) * 100).toFixed(0)}% short)`} | ${t.guarantees.ok ? 'all held' : '**BROKEN**'} |`,
      ),
    );
  } else {
    push('Not measured in this run.');
  }
  push('');

  push('## Search and ledger pages across sizes', '');
  const scale = scaleRows(results);
  if (scale.some((x) => x.a !== undefined || x.b !== undefined)) {
    const small = scale[0]!.small!;
    const large = scale[0]!.large!;
    push(
      `The extension reads whose cost must not grow with the data (docs/wallet-api.md "Finding a user", "Ledgers": each search key read through its own index and bounded by the page size; a ledger page is an index range of its entries’ numbers), on the ${A} at the smallest and the largest size of this run. Each is asked for a page that its query fills at every size, so both sizes return as many rows (the “rows per answer” columns, counted in this run): a card’s last four digits match about one seeded card in ten thousand, so that search asks for a page of one; the prefixes \`seed-1\`…\`seed-3\` match at least 20 users of any population from ${cardsLabel(1000)} cards up. The ledger is the agency asset’s, one entry per seeded card (${n(small.cards)} and ${n(large.cards)} at these sizes, plus the run’s own); its deepest page is the oldest 20. Target: p50 at ${cardsLabel(large.cards)} ≤ ${SCALE_BOUND}× p50 at ${cardsLabel(small.cards)}. The floor runs the same statements (checked above): its ratio is the SQL’s and the machine’s. ${large.scaleRounds ? `The two sizes are measured minutes apart, so each read is measured in ${large.scaleRounds[scale[0]!.key]?.app.length ?? 1} alternating rounds (${A}, floor) and the round with the median p50 is kept (every round: ${scale.map((x) => `${OPERATIONS[x.key].label.split(' (')[0]} ${[small, large].map((z) => (z.scaleRounds?.[x.key]?.app ?? []).map((v) => v.toFixed(2)).join('/')).join(' → ')} ms`).join('; ')}); each size’s database is vacuumed and checkpointed, with no autovacuum worker running, before anything is measured.` : ''}`,
      '',
      `| read | rows per answer @ ${cardsLabel(small.cards)} / @ ${cardsLabel(large.cards)} | ${A} p50 @ ${cardsLabel(small.cards)} | ${A} p50 @ ${cardsLabel(large.cards)} | ratio | target | result | floor p50 @ ${cardsLabel(small.cards)} | floor p50 @ ${cardsLabel(large.cards)} | floor ratio |`,
      '|---|---:|---:|---:|---:|---:|---|---:|---:|---:|',
      ...scale.map(
        (x) =>
          `| ${OPERATIONS[x.key].label} | ${rowsOf(small.answerRows?.[x.key])} / ${rowsOf(large.answerRows?.[x.key])} | ${ms(x.a)} | ${ms(x.b)} | ${Number.isFinite(x.ratio) ? `${x.ratio.toFixed(2)}×` : '–'} | ≤ ${SCALE_BOUND}× | ${x.met === undefined ? (small === large ? 'one size only' : 'not measured') : x.met ? '**met**' : `**missed** (${((x.ratio / SCALE_BOUND - 1) * 100).toFixed(0)}% over)`} | ${ms(x.floorA)} | ${ms(x.floorB)} | ${ratio(x.floorB, x.floorA)} |`,
      ),
    );
    const plans = (large.plans ?? []).filter((pl) => /^(user\/search|asset\/ledger)/.test(pl.query));
    if (plans.length)
      push(
        '',
        `Their statements’ plans at ${cardsLabel(large.cards)} cards (EXPLAIN ANALYZE): ${plans.map((pl) => `${pl.query}: \`${pl.plan}\` (${ms(pl.ms)} ms)`).join('; ')}.`,
      );
  } else {
    push('Not measured in this run.');
  }
  push('');

  push('## Back-office server time', '');
  if (results.backofficeAtUsers) {
    const bo = results.backofficeAtUsers;
    push(
      `Signed in as an admin, 1 connection (server time without queueing; the whole streamed page), at ${n(bo.users)} users (${n(bo.cards)} cards):`,
      '',
      '| page | p50 | p90 | p95 | p99 | req/s | CPU ms/page |',
      '|---|---:|---:|---:|---:|---:|---:|',
    );
    for (const [route, r] of Object.entries(bo.pages)) {
      push(
        isLoad(r)
          ? `| \`${route}\` | ${ms(r.p50)} | ${ms(r.p90)} | ${ms(r.p95)} | ${ms(r.p99)} | ${rps(r.rps)} | ${r.cpuMsPerRequest?.toFixed(2) ?? '–'} |`
          : `| \`${route}\` | HTTP ${r.status} | | | | | |`,
      );
    }
    const seeded = disputesSeededText(bo.pages, bo.seededDisputes, bo.cards).trim();
    if (seeded) push('', seeded);
  } else {
    push('Not measured at 100,000 users in this run (the full run does); see each size above.');
  }
  push('');

  push('## First-load JavaScript per back-office route', '');
  if (results.js?.length) {
    push(
      'Each route loaded once in headless Chromium with a cold cache, signed in as an admin (except /login), from the production build. First load: the scripts the route’s HTML references (`<script src>` and script preloads), i.e. what must arrive before the page is interactive. Until idle: every script fetched until the network was idle (adds lazily loaded chunks and the chunks of routes its links prefetch). gzip sizes as sent (the server gzips); kB = 1,000 bytes.',
      '',
      '| route | first-load scripts | first-load gzip kB | first-load decoded kB | until idle: scripts | until idle: gzip kB |',
      '|---|---:|---:|---:|---:|---:|',
      ...results.js.map(
        (r) =>
          `| \`${r.route}\`${r.finalPath !== r.route ? ` (ended on ${r.finalPath})` : ''} | ${r.firstLoad.scripts} | ${kb(r.firstLoad.gzipBytes)} | ${kb(r.firstLoad.decodedBytes)} | ${r.untilIdle.scripts} | ${kb(r.untilIdle.gzipBytes)} |`,
      ),
    );
    const chunks = new Map<string, { gzipBytes: number; libraries: string[]; routes: string[] }>();
    for (const r of results.js) {
      for (const c of r.chunks ?? []) {
        const entry = chunks.get(c.file) ?? { gzipBytes: c.gzipBytes, libraries: c.libraries, routes: [] };
        entry.routes.push(r.route);
        chunks.set(c.file, entry);
      }
    }
    const heaviest = [...chunks].sort((a, b) => b[1].gzipBytes - a[1].gzipBytes).slice(0, 12);
    if (heaviest.length) {
      push(
        '',
        'The heaviest first-load chunks (libraries recognised by strings that survive minification):',
        '',
        '| chunk | gzip kB | libraries inside | loaded by |',
        '|---|---:|---|---|',
        ...heaviest.map(
          ([file, c]) =>
            `| \`${file.replace('/_next/static/chunks/', '')}\` | ${kb(c.gzipBytes)} | ${c.libraries.join(', ') || '–'} | ${c.routes.length === results.js!.length ? 'every route' : c.routes.join(' ')} |`,
        ),
      );
    }
  } else {
    push('Not measured in this run.');
  }
  push('');

  push('## PGlite (embedded)', '');
  if (results.pglite) {
    const pl = results.pglite;
    const pgSize = results.sizes.find((s) => s.cards === pl.cards);
    const npm = pl.npmStartReads;
    push(
      `${n(pl.cards)} cards (${n(pl.users)} users, seeded in ${pl.seedSeconds.toFixed(0)} s): the same reads on PGlite, the default storage of a fresh clone, against ${results.servers ? 'the service alone, then `npm start`’s server on the same data (one process at a time: a PGlite data directory has one owner)' : 'the app'}; the PostgreSQL columns are the run at the same size${pgSize ? '' : ' (not measured at this size in this run)'}.`,
      '',
      `| operation | PGlite ${A} p50 | p99 | req/s | CPU ms/req |${npm ? ' PGlite npm start p50 | p99 | req/s | CPU ms/req |' : ''} PostgreSQL ${A} p50 | PostgreSQL floor p50 | PGlite ${A} / PostgreSQL ${A} CPU |`,
      `|---|---:|---:|---:|---:|${npm ? '---:|---:|---:|---:|' : ''}---:|---:|---:|`,
      ...READ_KEYS.map((k) => {
        const r = pl.reads[k];
        const pgPair = pgSize?.reads[k];
        return `| ${OPERATIONS[k].label} | ${loadRow(r, true).join(' | ')} |${npm ? ` ${loadRow(npm[k], true).join(' | ')} |` : ''} ${ms(pgPair?.app.p50)} | ${ms(pgPair?.floor?.p50)} | ${ratio(r?.cpuMsPerRequest, pgPair?.app.cpuMsPerRequest)} |`;
      }),
    );
  } else {
    push('Not measured in this run.');
  }
  push('');

  push('## Where the time goes', '');
  if (results.profiles?.length) {
    push(
      `Measured in this run at ${cardsLabel(results.profiles[0]!.cards)} cards: ${results.servers ? 'the service (`npm run start:wallet`)' : 'the app'} and the floor, each started afresh under V8’s CPU profiler and loaded as above. CPU ms per request is what the process really used (from /proc: user + system time over the measured requests); it is split by the profile’s shares of samples (Node internals charged to the library that called them). The “socket writes” line also holds time the thread waited for a CPU after waking PostgreSQL, so on a busy machine it is overstated and the rest understated.`,
      '',
    );
    for (const prof of results.profiles) {
      const a = prof.app;
      const f = prof.floor;
      push(
        `**${OPERATIONS[prof.key].label}**: ${A} ${a ? `${a.cpuMsPerRequest.toFixed(2)} ms CPU/req (p50 ${ms(a.p50)} ms)` : '–'}, floor ${f ? `${f.cpuMsPerRequest.toFixed(2)} ms CPU/req (p50 ${ms(f.p50)} ms)` : '–'}${a && f ? `: the ${A} spends ${(a.cpuMsPerRequest / f.cpuMsPerRequest).toFixed(2)}× the floor’s CPU` : ''}.`,
        '',
        `| spent in | ${A} ms/req | ${A} share | floor ms/req | floor share |`,
        '|---|---:|---:|---:|---:|',
      );
      const categories = [...new Set([...(a?.shares ?? []), ...(f?.shares ?? [])].map((x) => x.category))];
      const row = (side: typeof a, category: string) => {
        const share = side?.shares.find((x) => x.category === category)?.share;
        return share === undefined || !side
          ? ['–', '–']
          : [(share * side.cpuMsPerRequest).toFixed(3), `${(share * 100).toFixed(1)}%`];
      };
      const rows = categories
        .map((c) => ({
          c,
          a: row(a, c),
          f: row(f, c),
          w: (a?.shares.find((x) => x.category === c)?.share ?? 0) * (a?.cpuMsPerRequest ?? 0),
        }))
        .sort((x, y) => y.w - x.w)
        .filter((x) => x.a[0] !== '0.000' || x.f[0] !== '0.000')
        .slice(0, 12);
      const label = (c: string) => (c === 'other: turbopack:' ? 'next.js (Turbopack module runtime)' : c);
      for (const r of rows) push(`| ${label(r.c)} | ${r.a.join(' | ')} | ${r.f.join(' | ')} |`);
      push('');
    }
  } else {
    push('Not profiled in this run.', '');
  }
  push(...costDrivers(results), '');
  push('## Reproducing', '', ...ANALYSIS.reproducing, '');
  return { markdown: `${lines.join('\n')}\n`, svg: growthSvg(results) };
}
