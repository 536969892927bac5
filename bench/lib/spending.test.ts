// The card spending targets read what the results say: each bound met or missed at its edge.
import { describe, expect, it } from 'vitest';
import type { Results, SizeResult } from './results';
import type { LoadResult } from './load';
import { spendingTargets, type SpendingSize } from './spending';

const load = (rps: number, p50: number, p95 = p50 * 2): LoadResult => ({
  ok: rps * 8,
  total: rps * 8,
  failed: 0,
  errors: 0,
  seconds: 8,
  rps,
  p50,
  p90: p95,
  p95,
  p99: p95,
  mean: p50,
  max: p95,
  abandoned: [],
});

const spending = (app: [number, number], floor: [number, number], ok = true): SpendingSize => ({
  seeded: 10_000,
  seedSeconds: 1,
  authorize: { app: load(...app), floor: load(...floor) },
  clear: { app: load(app[0], app[1]), floor: load(floor[0], floor[1]) },
  guarantees: { ok, checks: [], approved: 1, cleared: 1 },
});

const size = (cards: number, s: SpendingSize, transactionsP95?: number): SizeResult => ({
  cards,
  users: cards / 3,
  seedSeconds: 1,
  reads: {},
  spending: s,
  backoffice:
    transactionsP95 === undefined ? {} : { '/transactions': load(20, transactionsP95 / 2, transactionsP95) },
});

const results = (sizes: SizeResult[], pgliteAuthorize?: LoadResult): Results =>
  ({
    sizes,
    ...(pgliteAuthorize
      ? { pglite: { cards: 100_000, users: 33_333, seedSeconds: 1, reads: {}, authorize: pgliteAuthorize } }
      : {}),
  }) as unknown as Results;

describe('spendingTargets', () => {
  it('meets each bound at its edge: rate 0.9x, p50 1.3x, growth 1.3x, /transactions under 150 ms', () => {
    const targets = spendingTargets(
      results(
        [size(1_000, spending([90, 13], [100, 10])), size(1_000_000, spending([90, 16.9], [100, 13]), 149)],
        load(50, 40),
      ),
    );
    expect(targets.map((t) => t.met)).toEqual([true, true, true, true, true]);
  });

  it('misses each just past it, and a broken guarantee misses the rate targets', () => {
    const targets = spendingTargets(
      results(
        [
          size(1_000, spending([89, 13.1], [100, 10], false)),
          size(1_000_000, spending([90, 17.1], [100, 13]), 150),
        ],
        { ...load(50, 40), failed: 1 },
      ),
    );
    expect(targets.map((t) => t.met)).toEqual([false, false, false, false, false]);
  });

  it('says not measured when nothing was', () => {
    expect(spendingTargets(results([])).map((t) => t.met)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
