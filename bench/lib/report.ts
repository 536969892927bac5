// RESULTS.md and growth.svg from a run's results: the tables, the plot, and the targets, each
// met or missed by how much (the reasons and remedies are in analysis.ts).
import os from 'node:os';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Results, SizeResult } from '../run';
import { ANALYSIS, costDrivers, targetNotes } from './analysis';
import { cardsLabel } from './format';
import type { LoadResult } from './load';
import { OPERATIONS, READ_KEYS, type OpKey } from './wallet-requests';

const ms = (x: number | undefined) =>
  x === undefined || !Number.isFinite(x) ? '–' : x < 10 ? x.toFixed(2) : x.toFixed(1);
const rps = (x: number | undefined) =>
  x === undefined || !Number.isFinite(x) ? '–' : Math.round(x).toLocaleString('en-US');
const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b === 0
    ? '–'
    : `${(a / b).toFixed(2)}×`;
const n = (x: number) => x.toLocaleString('en-US');
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function isLoad(x: LoadResult | { status: number } | undefined): x is LoadResult {
  return !!x && 'p50' in x;
}

// ---------------------------------------------------------------------------------------------
// The plot

const COLORS: Record<OpKey, string> = {
  'list-first': '#1f77b4',
  'list-deep': '#d62728',
  'list-email': '#2ca02c',
  assets: '#9467bd',
  'user-cards': '#ff7f0e',
  issue: '#8c564b',
};

function p50Of(size: SizeResult, key: OpKey, side: 'app' | 'floor'): number | undefined {
  const pair = key === 'issue' ? size.issuance : size.reads[key];
  return pair?.[side]?.p50;
}

export function growthSvg(results: Results): string {
  const W = 820;
  const H = 480;
  const m = { left: 70, right: 250, top: 40, bottom: 60 };
  const sizes = results.sizes.filter((s) => s.cards > 0);
  const keys: OpKey[] = [...READ_KEYS, 'issue'];
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
    `<text x="${m.left}" y="22" font-size="15" font-weight="600">Median latency vs cards (PostgreSQL, ${results.settings.connections} connections) — solid: app, dashed: floor</text>`,
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
      `<text x="${m.left + pw + 46}" y="${ly + 4}">${OPERATIONS[key].label.replace('all cards by user, ', '')}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// RESULTS.md

export type Target = { name: string; met: boolean | undefined; detail: string };

export function evaluateTargets(results: Results): Target[] {
  const targets: Target[] = [];
  // 1. Signed reads within 1.5x of the floor's median, at every size.
  const worst = results.sizes
    .flatMap((s) =>
      READ_KEYS.map((k) => ({ s, k, r: (s.reads[k]?.app.p50 ?? NaN) / (s.reads[k]?.floor?.p50 ?? NaN) })),
    )
    .filter((x) => Number.isFinite(x.r))
    .sort((a, b) => b.r - a.r);
  const over = worst.filter((x) => x.r > 1.5);
  targets.push({
    name: 'Signed reads within 1.5× of the floor’s median latency',
    met: worst.length ? over.length === 0 : undefined,
    detail: worst.length
      ? over.length === 0
        ? `every read at every size is within 1.5× (worst ${worst[0]!.r.toFixed(2)}×: ${OPERATIONS[worst[0]!.k].label} at ${cardsLabel(worst[0]!.s.cards)} cards)`
        : `${over.length} of ${worst.length} missed; worst ${worst[0]!.r.toFixed(2)}× (${OPERATIONS[worst[0]!.k].label} at ${cardsLabel(worst[0]!.s.cards)} cards: app ${ms(worst[0]!.s.reads[worst[0]!.k]?.app.p50)} ms vs floor ${ms(worst[0]!.s.reads[worst[0]!.k]?.floor?.p50)} ms), i.e. ${((worst[0]!.r / 1.5 - 1) * 100).toFixed(0)}% over the 1.5× bound. Misses: ${over.map((x) => `${x.k}@${cardsLabel(x.s.cards)} ${x.r.toFixed(2)}×`).join(', ')}`
      : 'not measured',
  });
  // 2. 4.2 at the largest size within 1.3x of itself at the smallest (first page and filtered).
  const small = results.sizes[0];
  const large = results.sizes[results.sizes.length - 1];
  for (const key of ['list-first', 'list-email'] as const) {
    const a = small?.reads[key]?.app.p50;
    const b = large?.reads[key]?.app.p50;
    const r = a && b ? b / a : NaN;
    targets.push({
      name: `${OPERATIONS[key].label} at ${large ? cardsLabel(large.cards) : '?'} cards within 1.3× of itself at ${small ? cardsLabel(small.cards) : '?'}`,
      met: Number.isFinite(r) && small !== large ? r <= 1.3 : undefined,
      detail: Number.isFinite(r)
        ? `${ms(b)} ms vs ${ms(a)} ms: ${r.toFixed(2)}×${r > 1.3 ? `, ${((r / 1.3 - 1) * 100).toFixed(0)}% over the bound` : ''} (floor: ${ratio(large?.reads[key]?.floor?.p50, small?.reads[key]?.floor?.p50)})`
        : 'not measured',
    });
  }
  // 3. Issuance >= 300/s with every guarantee kept.
  const issuing = results.sizes.filter((s) => s.issuance);
  const minRps = Math.min(...issuing.map((s) => s.issuance!.app.rps));
  const held = issuing.every((s) => s.issuance!.guarantees.ok) && (results.underTest?.guarantees.ok ?? true);
  const testsPassed = results.underTest ? results.underTest.vitest.exitCode === 0 : undefined;
  targets.push({
    name: 'Card issuance ≥ 300/s on PostgreSQL with every guarantee kept',
    met: issuing.length ? minRps >= 300 && held && testsPassed !== false : undefined,
    detail: issuing.length
      ? `${issuing.map((s) => `${rps(s.issuance!.app.rps)}/s at ${cardsLabel(s.cards)}`).join(', ')}${minRps < 300 ? ` — lowest ${((1 - minRps / 300) * 100).toFixed(0)}% short of 300/s` : ''}; guarantees ${held ? 'all held' : 'BROKEN'}; pg concurrency tests under load: ${testsPassed === undefined ? 'not run' : testsPassed ? 'passed' : 'FAILED'}`
      : 'not measured',
  });
  // 4. /cards p95 < 150 ms at 100,000 users.
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
  // 5. First-load JS <= 200 kB per route.
  const js = results.js ?? [];
  const sorted = [...js].sort((a, b) => b.firstLoad.gzipBytes - a.firstLoad.gzipBytes);
  const heaviest = sorted[0];
  const overJs = sorted.filter((r) => r.firstLoad.gzipBytes > 200_000);
  targets.push({
    name: 'No route over 200 kB of first-load JS (gzip)',
    met: heaviest ? overJs.length === 0 : undefined,
    detail: heaviest
      ? `heaviest ${heaviest.route}: ${kb(heaviest.firstLoad.gzipBytes)} kB${overJs.length ? `, ${((heaviest.firstLoad.gzipBytes / 200_000 - 1) * 100).toFixed(0)}% over; ${overJs.length} of ${sorted.length} routes over (${overJs.map((r) => `${r.route} ${kb(r.firstLoad.gzipBytes)}`).join(', ')}); lightest ${sorted[sorted.length - 1]!.route} ${kb(sorted[sorted.length - 1]!.firstLoad.gzipBytes)} kB` : ''}`
      : 'not measured',
  });
  return targets;
}

function loadRow(r: LoadResult | undefined, cpu = false): string[] {
  const row = [ms(r?.p50), ms(r?.p99), rps(r?.rps)];
  if (cpu) row.push(r?.cpuMsPerRequest === undefined ? '–' : r.cpuMsPerRequest.toFixed(2));
  return row;
}

export function writeReport(results: Results, outDir: string): void {
  writeFileSync(path.join(outDir, 'growth.svg'), growthSvg(results));
  const lines: string[] = [];
  const push = (...l: string[]) => lines.push(...l);
  const m = results.machine;
  const la = (l?: number[]) => (l ? l.map((x) => x.toFixed(2)).join(' / ') : '–');
  const targets = evaluateTargets(results);

  push(
    '# Benchmark results',
    '',
    '<!-- Generated by `npm run bench` (bench/run.ts); edit bench/lib/report.ts or bench/lib/analysis.ts, not this file. -->',
    '',
    `- Command: \`${results.command}\``,
    `- Date: ${results.date}${results.totalSeconds ? ` (took ${Math.round(results.totalSeconds / 60)} min)` : ''}`,
    `- Machine: ${m.nproc} × ${m.cpu}, ${m.memoryGiB} GiB, ${m.platform}; Node ${m.node}, Next ${m.next}, PostgreSQL ${m.postgres ?? '?'}`,
    `- Load average (1/5/15 min) before: ${la(results.loadBefore)}; after: ${la(results.loadAfter)}. ${(results.loadBefore[0] ?? 0) > os.cpus().length ? '**The machine was shared with other work (builds, browser tests) during this run: contention inflates every latency and deflates every throughput here, the app’s and the floor’s alike; ratios suffer less than absolute numbers.**' : ''}`,
    `- Code: ${m.commit}; build snapshot ${results.snapshot.fingerprint.slice(0, 16)} (${results.snapshot.state}${results.snapshot.note ? `: ${results.snapshot.note}` : ''})`,
    `- Load: autocannon on 127.0.0.1, ${results.settings.connections} connections (closed loop), ${results.settings.warmupSeconds} s warm-up then ${results.settings.seconds} s measured per figure; each signed request has a fresh timestamp, nonce and HMAC; every response body is checked (\`{"code":0,\`), so refusals cannot pass for speed. Latencies in ms, full precision.`,
    `- Data: per size a fresh PostgreSQL database seeded by \`scripts/seed-large.ts\` (users = cards / 3, three cards each), app and floor on one ${m.nproc}-core machine with PostgreSQL and the load generator.`,
    '',
  );
  if (results.errors.length) {
    push('## Problems in this run', '', ...results.errors.map((e) => `- ${e.split('\n').join(' ')}`), '');
  }

  push('## Targets', '', '| target | result | |', '|---|---|---|');
  for (const t of targets)
    push(
      `| ${t.name} | ${t.met === undefined ? 'not measured' : t.met ? '**met**' : '**missed**'} | ${t.detail} |`,
    );
  push('', ...targetNotes(results, targets), '');

  push('## The floor', '', ...ANALYSIS.floor, '');
  if (results.floorCheck) {
    const c = results.floorCheck;
    push(
      `Checked in this run: the floor’s statements ${c.sql.every((s) => s.ok) ? '**are identical** (modulo whitespace), in order, to' : '**differ** from'} the statements the service’s own functions run for each operation (bench/capture-sql.ts vs the floor’s trace); its answers ${c.output.every((o) => o.ok) ? '**are identical**' : '**differ**'} to the app’s for the same calls (issuance: same fields and types).`,
      '',
      '| operation | SQL | answer |',
      '|---|---|---|',
      ...c.sql.map((s) => {
        const o = c.output.find((x) => x.operation === s.operation);
        return `| ${s.operation} | ${s.ok ? `same (${s.service.length} statements)` : `**different** (service ${s.service.length}, floor ${s.floor.length})`} | ${o ? (o.ok ? o.detail : `**${o.detail}**`) : '–'} |`;
      }),
      '',
    );
  }

  push('## Operations: app vs floor (PostgreSQL)', '');
  for (const size of results.sizes) {
    push(
      `### ${n(size.cards)} cards (${n(size.users)} users; seeded in ${size.seedSeconds.toFixed(0)} s)`,
      '',
      '| operation | app p50 | app p99 | app req/s | app CPU ms/req | floor p50 | floor p99 | floor req/s | floor CPU ms/req | p50 ratio | p99 ratio |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const key of [...READ_KEYS, 'issue'] as const) {
      const pair = key === 'issue' ? size.issuance : size.reads[key];
      if (!pair) continue;
      push(
        `| ${OPERATIONS[key].label} | ${loadRow(pair.app, true).join(' | ')} | ${loadRow(pair.floor, true).join(' | ')} | ${ratio(pair.app.p50, pair.floor?.p50)} | ${ratio(pair.app.p99, pair.floor?.p99)} |`,
      );
    }
    if (size.issuance) {
      const g = size.issuance.guarantees;
      push(
        '',
        `Issuance guarantees after the load (${n(g.cardsCreated)} cards issued by app and floor, warm-ups included): ${g.ok ? '**all held**' : '**BROKEN**'} — ${g.checks.map((c) => `${c.ok ? '✓' : '✗'} ${c.name} (${c.detail})`).join('; ')}.`,
      );
    }
    if (size.plans?.length) {
      push(
        '',
        `Plans PostgreSQL chose for 4.2’s statements here (EXPLAIN ANALYZE, one cold-ish run each): ${size.plans.map((pl) => `${pl.query}: \`${pl.plan}\` (${ms(pl.ms)} ms)`).join('; ')}.`,
      );
    }
    const bo = Object.entries(size.backoffice);
    if (bo.length) {
      push(
        '',
        `Back-office server time at this size (1 connection): ${bo.map(([route, r]) => (isLoad(r) ? `\`${route}\` p50 ${ms(r.p50)} / p95 ${ms(r.p95)} / p99 ${ms(r.p99)} ms` : `\`${route}\` HTTP ${r.status}`)).join('; ')}.`,
      );
    }
    push('');
  }

  push('## Cost growth', '', '![median latency vs cards](growth.svg)', '');
  const sizes = results.sizes;
  const span =
    sizes.length > 1 ? `${cardsLabel(sizes[sizes.length - 1]!.cards)}/${cardsLabel(sizes[0]!.cards)}` : '';
  push(
    'Median latency (ms) at each size, and its growth from the smallest size to the largest. The floor runs the same SQL, so its growth is the growth of the SQL and of the machine; app ÷ floor growth is the part of the app’s growth its own code adds (each size’s app and floor were measured back to back, so this also cancels slow drifts in the machine’s load). CPU growth: the app’s CPU ms per request, largest over smallest.',
    '',
    `| operation | ${sizes.map((s) => `app @ ${cardsLabel(s.cards)}`).join(' | ')} | ${sizes.map((s) => `floor @ ${cardsLabel(s.cards)}`).join(' | ')} | app growth ${span} | floor growth | app ÷ floor growth | app CPU growth |`,
    `|---|${sizes.map(() => '---:').join('|')}|${sizes.map(() => '---:').join('|')}|---:|---:|---:|---:|`,
  );
  for (const key of [...READ_KEYS, 'issue'] as const) {
    const app = sizes.map((s) => p50Of(s, key, 'app'));
    const floor = sizes.map((s) => p50Of(s, key, 'floor'));
    const cpu = sizes.map((s) => (key === 'issue' ? s.issuance : s.reads[key])?.app.cpuMsPerRequest);
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
      `- ${cardsLabel(s.cards)} cards: app ${rps(s.issuance.app.rps)} cards/s (p50 ${ms(s.issuance.app.p50)} ms, p99 ${ms(s.issuance.app.p99)} ms), floor ${rps(s.issuance.floor?.rps)} cards/s; guarantees ${s.issuance.guarantees.ok ? 'held' : 'BROKEN'}.`,
    );
  }
  if (results.underTest) {
    const u = results.underTest;
    push(
      '',
      `Under the concurrency tests (${cardsLabel(u.cards)} cards): issuance ran on the app for as long as \`npx vitest run --project pg\` ran against the same PostgreSQL server (${u.vitest.seconds.toFixed(0)} s): ${rps(u.issuance.rps)} cards/s, p50 ${ms(u.issuance.p50)} ms, p99 ${ms(u.issuance.p99)} ms, ${n(u.issuance.ok)} cards. The tests: ${u.vitest.exitCode === 0 ? '**passed**' : `**failed** (exit ${u.vitest.exitCode})`} — ${u.vitest.summary}. Guarantees afterwards: ${u.guarantees.ok ? '**all held**' : '**BROKEN**'} — ${u.guarantees.checks.map((c) => `${c.ok ? '✓' : '✗'} ${c.name} (${c.detail})`).join('; ')}.`,
    );
  }
  push('');

  push('## Back-office server time', '');
  if (results.backofficeAtUsers) {
    const bo = results.backofficeAtUsers;
    push(
      `Signed in as an admin, 1 connection (server time without queueing; the whole streamed page), at ${n(bo.users)} users (${n(bo.cards)} cards):`,
      '',
      '| page | p50 | p90 | p95 | p99 | req/s |',
      '|---|---:|---:|---:|---:|---:|',
    );
    for (const [route, r] of Object.entries(bo.pages)) {
      push(
        isLoad(r)
          ? `| \`${route}\` | ${ms(r.p50)} | ${ms(r.p90)} | ${ms(r.p95)} | ${ms(r.p99)} | ${rps(r.rps)} |`
          : `| \`${route}\` | HTTP ${r.status} | | | | |`,
      );
    }
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
    push(
      `${n(pl.cards)} cards (${n(pl.users)} users, seeded in ${pl.seedSeconds.toFixed(0)} s), the same reads against the app on PGlite; the floor and PostgreSQL columns are the PostgreSQL run at the same size.`,
      '',
      '| operation | PGlite app p50 | p99 | req/s | PostgreSQL app p50 | PostgreSQL floor p50 | PGlite / floor |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...READ_KEYS.map((k) => {
        const r = pl.reads[k];
        const pgPair = pgSize?.reads[k];
        return `| ${OPERATIONS[k].label} | ${loadRow(r).join(' | ')} | ${ms(pgPair?.app.p50)} | ${ms(pgPair?.floor?.p50)} | ${ratio(r?.p50, pgPair?.floor?.p50)} |`;
      }),
    );
  } else {
    push('Not measured in this run.');
  }
  push('');

  push('## Where the time goes', '');
  if (results.profiles?.length) {
    push(
      `Measured in this run at ${cardsLabel(results.profiles[0]!.cards)} cards: each server started afresh under V8’s CPU profiler and loaded as above. CPU ms per request is what the process really used (from /proc: user + system time over the measured requests); it is split by the profile’s shares of samples (bundled server code mapped back to its sources; Node internals charged to the library that called them). The “socket writes” line also holds time the thread waited for a CPU after waking PostgreSQL, so on a busy machine it is overstated and the rest understated.`,
      '',
    );
    for (const prof of results.profiles) {
      const a = prof.app;
      const f = prof.floor;
      push(
        `**${OPERATIONS[prof.key].label}**: app ${a ? `${a.cpuMsPerRequest.toFixed(2)} ms CPU/req (p50 ${ms(a.p50)} ms)` : '–'}, floor ${f ? `${f.cpuMsPerRequest.toFixed(2)} ms CPU/req (p50 ${ms(f.p50)} ms)` : '–'}${a && f ? `: the app spends ${(a.cpuMsPerRequest / f.cpuMsPerRequest).toFixed(1)}× the floor’s CPU` : ''}.`,
        '',
        '| spent in | app ms/req | app share | floor ms/req | floor share |',
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
  }
  push(...costDrivers(results), '');
  push('## Reproducing', '', ...ANALYSIS.reproducing, '');
  writeFileSync(path.join(outDir, 'RESULTS.md'), `${lines.join('\n')}\n`);
}
