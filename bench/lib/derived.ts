// Figures derived from a run's results that both the report's tables and targets (report.ts) and
// its prose (analysis.ts) use: one operation's measurements at a size, the extension reads at the
// smallest and largest size against their bound, transfers against the floor's rate.
import type { Pair, Results, SizeResult } from './results';
import { SCALE_KEYS, type OpKey, type ScaleReadKey } from './wallet-requests';
import { writeRatio } from './format';

/** One operation's measurements at one size (undefined when not measured, as in older results). */
export function pairOf(size: SizeResult, key: OpKey): Pair | undefined {
  return key === 'issue' ? size.issuance : key === 'transfer' ? size.transfer : size.reads[key];
}

/** The bound of the extension reads: p50 at the largest size ≤ 1.3× p50 at the smallest. */
export const SCALE_BOUND = 1.3;
/** The bound of transfers: the service’s rate ≥ 0.9× the floor’s. */
export const TRANSFER_BOUND = 0.9;
/** Issuance with a subscribed webhook endpoint over issuance without one (issue 27). */
export const WEBHOOK_BOUND = 0.9;

export type ScaleRow = {
  key: ScaleReadKey;
  small?: SizeResult;
  large?: SizeResult;
  /** p50 (ms) at the smallest and the largest size. */
  a?: number;
  b?: number;
  ratio: number;
  floorA?: number;
  floorB?: number;
  /** undefined: not measured at two sizes. */
  met: boolean | undefined;
};

/** The extension reads at the smallest and the largest size of the run, with their ratio. */
export function scaleRows(results: Results): ScaleRow[] {
  const small = results.sizes[0];
  const large = results.sizes[results.sizes.length - 1];
  return SCALE_KEYS.map((key) => {
    const a = small?.reads[key]?.app.p50;
    const b = large?.reads[key]?.app.p50;
    const ratio = a && b && small !== large ? b / a : NaN;
    return {
      key,
      ...(small ? { small } : {}),
      ...(large ? { large } : {}),
      ...(a !== undefined ? { a } : {}),
      ...(b !== undefined ? { b } : {}),
      ratio,
      ...(small?.reads[key]?.floor ? { floorA: small.reads[key].floor.p50 } : {}),
      ...(large?.reads[key]?.floor ? { floorB: large.reads[key].floor.p50 } : {}),
      met: Number.isFinite(ratio) ? ratio <= SCALE_BOUND : undefined,
    };
  });
}

/** Transfers at each size: the service’s rate over the floor’s. */
export function transferRates(results: Results) {
  return results.sizes
    .filter((s) => s.transfer)
    .map((s) => {
      const t = s.transfer!;
      const r = writeRatio(t.app.rps, t.floor?.rps, t.rounds);
      return { s, t, r, met: Number.isFinite(r) ? r >= TRANSFER_BOUND : undefined };
    });
}

/**
 * What issuance with a webhook endpoint is compared with: the same load with no endpoint measured
 * just before it, or (results before issue 27) the size's issuance figure.
 */
export function webhookBaseline(s: SizeResult) {
  return s.events?.baseline ?? s.issuance?.app;
}
