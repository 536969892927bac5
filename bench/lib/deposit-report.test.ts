// The deposit targets' verdicts from results (deposit-report.ts): the rate against the floor with
// exactly-once, and the screening step across the smallest and largest sizes.
import { describe, expect, it } from 'vitest';
import type { Results, SizeResult } from './results';
import { depositNotes, depositTargets } from './deposit-report';
import type { DepositFigures } from './deposits';
import type { LoadResult } from './load';

const load = (rps: number, p50: number): LoadResult => ({
  ok: 100,
  total: 100,
  failed: 0,
  errors: 0,
  seconds: 8,
  rps,
  p50,
  p90: p50,
  p95: p50,
  p99: p50,
  mean: p50,
  max: p50,
  abandoned: [],
});
const held = {
  ok: true,
  checks: [{ name: 'each (chain, txHash, logIndex) is one deposit', ok: true, detail: '' }],
  depositsCreated: 10,
};

function size(cards: number, deposits: Partial<DepositFigures>): SizeResult {
  return {
    cards,
    users: cards / 3,
    seedSeconds: 1,
    reads: {},
    backoffice: {},
    deposits: { setup: { users: 200, history: cards, historySeconds: 1 }, ...deposits },
  };
}

const screening = (step: number, whole: number) => ({
  app: load(50, whole),
  floor: load(60, whole),
  rounds: { app: [whole], floor: [whole] },
  guarantees: held,
  step: { iterations: 500, p50: step, p90: step, rounds: [step] },
});

const results = (sizes: SizeResult[]) =>
  ({ settings: { connections: 8 }, sizes, errors: [] }) as unknown as Results;

describe('depositTargets', () => {
  it('the rate: met at 0.9× the floor at every size with exactly-once held, missed below', () => {
    const rate = (app: number, ok = true) => ({
      app: load(app, 10),
      floor: load(100, 10),
      guarantees: { ...held, ok },
    });
    expect(
      depositTargets(results([size(999, { rate: rate(90) }), size(99_999, { rate: rate(95) })]))[0]!.met,
    ).toBe(true);
    const short = depositTargets(
      results([size(999, { rate: rate(90) }), size(99_999, { rate: rate(89) })]),
    )[0]!;
    expect(short.met).toBe(false);
    expect(short.detail).toContain('89 vs 100/s (0.89) at 100k');
    expect(depositTargets(results([size(999, { rate: rate(95, false) })]))[0]!.met).toBe(false);
    expect(depositTargets(results([size(999, {})]))[0]!.met).toBeUndefined();
  });

  it('screening: the step’s p50 at the largest size within 1.3× of the smallest’s, whatever the whole deposit did', () => {
    const [, met] = depositTargets(
      results([
        size(999, { screening: screening(0.1, 10) }),
        size(999_999, { screening: screening(0.13, 30) }),
      ]),
    );
    expect(met!.met).toBe(true);
    expect(met!.name).toBe('KYT screening at 1M deposits within 1.3× of itself at 1k');
    const [, missed] = depositTargets(
      results([
        size(999, { screening: screening(0.1, 10) }),
        size(999_999, { screening: screening(0.14, 10) }),
      ]),
    );
    expect(missed!.met).toBe(false);
    const [, one] = depositTargets(results([size(999, { screening: screening(0.1, 10) })]));
    expect(one!.met).toBeUndefined();
    expect(one!.detail).toBe('one size only in this run');
  });

  it('screening: the alternating rounds against the smallest size decide, not the steps timed in each size’s phase', () => {
    const paired = (against: number, ratios: number[]) => ({
      against,
      rounds: ratios.map((ratio) => ({ own: 0.2 * ratio, reference: 0.2, ratio })),
      ratio: [...ratios].sort((a, b) => a - b)[Math.floor((ratios.length - 1) / 2)]!,
    });
    const withPaired = (ratios: number[], against = 999) =>
      depositTargets(
        results([
          size(999, { screening: screening(0.09, 10) }),
          size(999_999, { screening: { ...screening(0.18, 10), paired: paired(against, ratios) } }),
        ]),
      )[1]!;
    const met = withPaired([0.94, 0.95, 1.02, 0.71, 1.4]);
    expect(met.met).toBe(true);
    expect(met.detail).toBe(
      'the screening step’s p50 here and at 1k in 5 alternating rounds, the median of their ratios: 0.188/0.200 ms (0.94×), 0.190/0.200 ms (0.95×), 0.204/0.200 ms (1.02×), 0.142/0.200 ms (0.71×), 0.280/0.200 ms (1.40×): 0.95×; measured once in each size’s own phase of the run, 0.180 vs 0.090 ms (2.00×); the whole deposit on one connection 10.00 vs 10.00 ms (1.00×; the floor’s 1.00×)',
    );
    expect(withPaired([1.2, 1.4, 1.35]).met).toBe(false);
    // Rounds against another size than the smallest measured do not count: the separate steps do.
    expect(withPaired([1, 1, 1], 99_999).met).toBe(false);
  });

  it('notes: a paragraph per measured figure, none when nothing was measured', () => {
    expect(depositNotes(results([size(999, {})]))).toEqual([]);
    const notes = depositNotes(
      results([
        size(999, { screening: screening(0.1, 10) }),
        size(999_999, { screening: screening(0.1, 12) }),
      ]),
    );
    expect(notes.filter((l) => l.startsWith('**A deposit’s cost over its history (met).**'))).toHaveLength(1);
  });
});
