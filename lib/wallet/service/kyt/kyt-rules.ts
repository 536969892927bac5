// An app's KYT rules (docs/deposits-and-kyt.md "kyt/rules", "kyt/rules/set"): one row per app, the
// defaults until the app first sets them (reviewAmount 1,000.00, severeAmount 10,000.00, no
// addresses, apiRelease true). Amounts are kept in millionths of the token, like deposits; the API
// shows major units. A change is an event kyt.rules_changed with the rules before and after, so
// rules are never loosened in silence.
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@/lib/db/open';
import { DEPOSIT_TOKEN_DECIMALS } from '@/lib/wallet/contract/chains';
import { decimalToMinor, minorToMajor } from '@/lib/wallet/contract/money';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { kytRules as kytRulesOperation } from '@/lib/wallet/contract/operations/kyt-rules';
import { kytRulesSet } from '@/lib/wallet/contract/operations/kyt-rules-set';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { KytRules } from '@/lib/wallet/contract/schemas';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { kytRules } from '../db/schema';
import { recordEvent } from '../event/record-event';
import { KYT_RULES } from '../deposit/deposit-statements';
import type { KytRuleSet } from './screener';

const M = 10 ** DEPOSIT_TOKEN_DECIMALS;

/** The screening rules and apiRelease (who may release a held deposit: deposit/release). */
export type AppKytRules = KytRuleSet & { apiRelease: boolean };

export const DEFAULT_KYT_RULES: AppKytRules = Object.freeze({
  blockedAddresses: [],
  reviewAddresses: [],
  reviewAmount: 1_000 * M,
  severeAmount: 10_000 * M,
  apiRelease: true,
});

/** The app's rules (the defaults when it never set any). */
export async function loadKytRules(db: Executor, appKey: number): Promise<AppKytRules> {
  const [row] = await db.select().from(kytRules).where(eq(kytRules.appId, appKey));
  return row ?? DEFAULT_KYT_RULES;
}

/** loadKytRules as a prepared statement in `db`'s transaction: what each screening reads. */
export async function kytRulesForScreening(
  engine: DatabaseHandle,
  db: Executor,
  appKey: number,
): Promise<KytRuleSet> {
  const [row] = await engine.queryIn<{
    blocked_addresses: string[];
    review_addresses: string[];
    review_amount: string | number;
    severe_amount: string | number;
  }>(db, KYT_RULES.text, [appKey], KYT_RULES.name);
  return row
    ? {
        blockedAddresses: row.blocked_addresses,
        reviewAddresses: row.review_addresses,
        reviewAmount: Number(row.review_amount),
        severeAmount: Number(row.severe_amount),
      }
    : DEFAULT_KYT_RULES;
}

function shown(rules: AppKytRules): KytRules {
  return {
    blockedAddresses: [...rules.blockedAddresses],
    reviewAddresses: [...rules.reviewAddresses],
    reviewAmount: minorToMajor(rules.reviewAmount, DEPOSIT_TOKEN_DECIMALS),
    severeAmount: minorToMajor(rules.severeAmount, DEPOSIT_TOKEN_DECIMALS),
    apiRelease: rules.apiRelease,
  };
}

/** Whether two sets of rules as shown differ (the lists are kept distinct and sorted). */
function differ(a: KytRules, b: KytRules): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}

export async function getKytRules(options: { db: Executor; app: AuthenticatedApp }): Promise<KytRules> {
  return shown(await loadKytRules(options.db, options.app.id));
}

function millionths(amount: string, field: string): number {
  const value = decimalToMinor(amount, DEPOSIT_TOKEN_DECIMALS);
  if (value === undefined) {
    const rule = 'must be an amount with at most 6 decimals';
    throw new WalletError(ResultCode.PARAM_INVALID, `${field} ${rule}.`, { field, rule });
  }
  return value;
}

/**
 * kyt/rules/set: the given rules changed, the others kept; a list given empty (`cleared`)
 * is cleared. A change (the rules shown differ) writes kyt.rules_changed in the same transaction. The row is locked (or created) in the call's transaction, so two changes at once
 * apply one after the other.
 */
export async function setKytRules(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'kytRulesSet'>;
  cleared?: ReadonlySet<string>;
}): Promise<KytRules> {
  const { db, app, params } = options;
  // Given empty (kyt-rules-set.ts's clearable): the list cleared.
  const empty = options.cleared ?? new Set<string>();
  await db
    .insert(kytRules)
    .values({ appId: app.id, ...DEFAULT_KYT_RULES, blockedAddresses: [], reviewAddresses: [] })
    .onConflictDoNothing();
  const [current] = await db.select().from(kytRules).where(eq(kytRules.appId, app.id)).for('update');
  if (!current) throw new Error('kyt rules row missing after insert');
  const next: AppKytRules = {
    blockedAddresses: empty.has('blockedAddresses')
      ? []
      : (params.blockedAddresses ?? current.blockedAddresses),
    reviewAddresses: empty.has('reviewAddresses') ? [] : (params.reviewAddresses ?? current.reviewAddresses),
    reviewAmount: params.reviewAmount
      ? millionths(params.reviewAmount, 'reviewAmount')
      : current.reviewAmount,
    severeAmount: params.severeAmount
      ? millionths(params.severeAmount, 'severeAmount')
      : current.severeAmount,
    apiRelease: params.apiRelease ?? current.apiRelease,
  };
  await db
    .update(kytRules)
    .set({
      ...next,
      blockedAddresses: [...next.blockedAddresses],
      reviewAddresses: [...next.reviewAddresses],
      updatedAt: sql`now()`,
    })
    .where(eq(kytRules.appId, app.id));
  const [before, after] = [shown(current), shown(next)];
  if (differ(before, after))
    await recordEvent({ db, app, type: 'kyt.rules_changed', data: { before, after } });
  return after;
}

/** kytRules's handler (lib/wallet/contract/operations/kyt-rules.ts). */
export const kytRulesHandler = bindHandler(kytRulesOperation, getKytRules);
/** kytRulesSet's handler (lib/wallet/contract/operations/kyt-rules-set.ts). */
export const kytRulesSetHandler = bindHandler(kytRulesSet, setKytRules);
