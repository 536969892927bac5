// Issue 46's targets: what must not grow with the programme, each a row of the report's targets
// table named so a reader finds it. The dashboard (`/`) at the largest size against itself at the
// smallest; 4.2's deepest page against its first page at the largest size; simulate/authorize's
// p99 (and p99.9) at the largest size beside the floor's; transfers from one agency asset at the
// largest size against the smallest, and against the floor running the statement order before
// issue 46 (the agency's row locked first). Results of older runs lack some of these: their rows
// read "not measured".
import { cardsLabel } from './format';
import type { LoadResult } from './load';
import type { Results, SizeResult, Target } from './results';
import type { WalFigure } from './wal-meter';

/** `/` server time at the largest size ÷ at the smallest, at most. */
export const DASHBOARD_GROWTH_BOUND = 1.3;
/** `/` p95 at the largest size, under (ms). */
export const DASHBOARD_P95_MS = 150;
/** 4.2's deepest page ÷ its first page at the largest size, at most. */
export const DEEP_PAGE_BOUND = 5;
/** simulate/authorize p99 at the largest size: at most (ms), and at most this × the floor's. */
export const AUTHORIZE_P99_MS = 50;
export const AUTHORIZE_P99_FLOOR_BOUND = 1.5;
/** Transfers from one agency asset: the rate at the largest size ÷ at the smallest, at least. */
export const AGENCY_TRANSFER_BOUND = 0.67;

const ms = (x: number | undefined) =>
  x === undefined || !Number.isFinite(x) ? '–' : x < 10 ? x.toFixed(2) : x.toFixed(1);
const times = (x: number) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : '–');

function isLoad(x: LoadResult | { status: number } | undefined): x is LoadResult {
  return !!x && 'p50' in x;
}

function ends(results: Results): { first?: SizeResult; last?: SizeResult } {
  return { first: results.sizes[0], last: results.sizes[results.sizes.length - 1] };
}

/** `/` server time (1 connection) at the largest size within 1.3× of the smallest, p95 < 150 ms. */
export function dashboardTarget(results: Results): Target {
  const { first, last } = ends(results);
  const name = `the dashboard (\`/\`) at ${last ? cardsLabel(last.cards) : '?'} cards within ${DASHBOARD_GROWTH_BOUND}× of itself at ${first ? cardsLabel(first.cards) : '?'}, p95 under ${DASHBOARD_P95_MS} ms`;
  const small = first?.backoffice['/'];
  const large = last?.backoffice['/'];
  if (!first || !last || first === last || !isLoad(small) || !isLoad(large)) {
    return {
      name,
      met: undefined,
      detail: first === last && first ? 'one size only in this run' : 'not measured in this run',
    };
  }
  const r = large.p50 / small.p50;
  return {
    name,
    met: r <= DASHBOARD_GROWTH_BOUND && large.p95 < DASHBOARD_P95_MS,
    detail: `p50 ${ms(small.p50)} → ${ms(large.p50)} ms (${times(r)}), p95 ${ms(small.p95)} → ${ms(large.p95)} ms, p99 ${ms(small.p99)} → ${ms(large.p99)} ms`,
  };
}

/** 4.2's deepest page at the largest size within 5× of its first page, the floor's beside. */
export function deepPageTarget(results: Results): Target {
  const { last } = ends(results);
  const name = `4.2's deepest page at ${last ? cardsLabel(last.cards) : '?'} cards within ${DEEP_PAGE_BOUND}× of its first page`;
  const deep = last?.reads['list-deep'];
  const firstPage = last?.reads['list-first'];
  if (!last || !deep || !firstPage) return { name, met: undefined, detail: 'not measured in this run' };
  const r = deep.app.p50 / firstPage.app.p50;
  const floor = deep.floor && firstPage.floor ? deep.floor.p50 / firstPage.floor.p50 : NaN;
  return {
    name,
    met: Number.isFinite(r) ? r <= DEEP_PAGE_BOUND : undefined,
    detail: `p50 ${ms(deep.app.p50)} vs ${ms(firstPage.app.p50)} ms (${times(r)}); the floor, the same SQL, ${ms(deep.floor?.p50)} vs ${ms(firstPage.floor?.p50)} ms (${times(floor)})`,
  };
}

/** simulate/authorize p99 at the largest size, 8 connections: ≤ 50 ms and ≤ 1.5× the floor's. */
export function authorizeP99Target(results: Results): Target {
  const last = [...results.sizes].reverse().find((s) => s.spending) ?? results.sizes.at(-1);
  const connections = results.settings.connections;
  const name = `simulate/authorize p99 at ${last ? cardsLabel(last.cards) : '?'} cards, ${connections} connections: at most ${AUTHORIZE_P99_MS} ms and within ${AUTHORIZE_P99_FLOOR_BOUND}× of the floor's`;
  const authorize = last?.spending?.authorize;
  if (!last || !authorize) return { name, met: undefined, detail: 'not measured in this run' };
  const { app, floor } = authorize;
  const r = app.p99 / floor.p99;
  return {
    name,
    met: Number.isFinite(r) ? app.p99 <= AUTHORIZE_P99_MS && r <= AUTHORIZE_P99_FLOOR_BOUND : undefined,
    detail: `service p99 ${ms(app.p99)} ms, p99.9 ${ms(app.p999)} ms (p50 ${ms(app.p50)}); floor p99 ${ms(floor.p99)} ms, p99.9 ${ms(floor.p999)} ms (p50 ${ms(floor.p50)}); ${times(r)} the floor's p99; over ${last.spending!.seeded.toLocaleString('en-US')} seeded authorizations`,
  };
}

/**
 * Transfers from one agency asset at the largest size ≥ 0.67× the rate at the smallest, every
 * guarantee held, and faster than the floor running the old statement order.
 */
export function agencyTransferTarget(results: Results): Target {
  const { first, last } = ends(results);
  const name = `transfers from one agency asset at ${last ? cardsLabel(last.cards) : '?'} cards ≥ ${AGENCY_TRANSFER_BOUND}× the rate at ${first ? cardsLabel(first.cards) : '?'}, every guarantee held, faster than the old-order floor`;
  const small = first?.transfer;
  const large = last?.transfer;
  if (!first || !last || first === last || !small || !large) {
    return {
      name,
      met: undefined,
      detail: first === last && first ? 'one size only in this run' : 'not measured in this run',
    };
  }
  const r = large.app.rps / small.app.rps;
  const held = small.guarantees.ok && large.guarantees.ok;
  const old = large.oldOrderFloor;
  const gain = old ? large.app.rps / old.rps : NaN;
  const rate = (x: number | undefined) => (x === undefined ? '–' : Math.round(x).toLocaleString('en-US'));
  return {
    name,
    // Short of the bound or a guarantee broken is missed, whether or not the old order was measured.
    met: !Number.isFinite(r)
      ? undefined
      : r < AGENCY_TRANSFER_BOUND || !held
        ? false
        : Number.isFinite(gain)
          ? gain > 1
          : undefined,
    detail: `${rate(small.app.rps)} → ${rate(large.app.rps)} transfers/s (${times(r)}); at ${cardsLabel(last.cards)} the floor ${rate(large.floor?.rps)}/s and the old-order floor (the agency's row locked first) ${rate(old?.rps)}/s: the service ${times(gain)} of it; guarantees ${held ? 'all held' : 'BROKEN'}${walDetail(first, last)}`,
  };
}

/**
 * What the service's transfers cost the disk at both ends (bench/lib/wal-meter.ts): each commits
 * under the agency row's lock, so a slower flush is a lower rate whatever the statements.
 */
function walDetail(first: SizeResult, last: SizeResult): string {
  const small = first.transfer?.wal?.app;
  const large = last.transfer?.wal?.app;
  if (!small || !large) return '';
  const at = (f: WalFigure, cards: number) =>
    `${f.walKbPerWrite.toFixed(1)} kB of WAL (${f.fpiPerWrite.toFixed(1)} full-page images) a transfer at ${cardsLabel(cards)}, the disks writing ${f.diskMBps.toFixed(1)} MB/s`;
  return `; ${at(small, first.cards)}, ${at(large, last.cards)}`;
}

/** The four rows, in the order issue 46 names them. */
export function growthTargets(results: Results): Target[] {
  return [
    dashboardTarget(results),
    deepPageTarget(results),
    authorizeP99Target(results),
    agencyTransferTarget(results),
  ];
}
