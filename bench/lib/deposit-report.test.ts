// The deposit targets' verdicts from results (deposit-report.ts): the rate against the floor with
// exactly-once, and the screening step across the smallest and largest sizes.
import { describe, expect, it } from 'vitest';
import type { Results, SizeResult } from '../run';
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
