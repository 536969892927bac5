// card/controls and card/controls/set (docs/card-spending.md "Spending controls"): the card's
// limits, with what its running totals say is spent in each current UTC window and what remains,
// and its blocked merchant categories and countries. Setting them takes the card's row FOR UPDATE
// (findCardOrThrow), which every authorization of the card holds FOR SHARE while it decides, so a
// decision sees the controls before or after a change, never half of one. An absent parameter
// leaves its control as it is; one given empty removes it.
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@/lib/db/open';
import { decimalToMinor, minorToMajor } from '@/lib/wallet/contract/money';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { cardControls as cardControlsOperation } from '@/lib/wallet/contract/operations/card-controls';
import { cardControlsSet } from '@/lib/wallet/contract/operations/card-controls-set';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { CardControls, SpendingLimit } from '@/lib/wallet/contract/schemas';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { assets, cardControls } from '../db/schema';
import { findCardOrThrow, lockCardOfParams } from '../card/find-card';
import { readControls } from './authorize-card';
import type { Controls } from './decide';
import { spentNow, windowResets } from './spend-totals';

async function controlsView(
  db: Executor,
  cardId: number,
  decimalPlaces: number,
  now: Date,
): Promise<CardControls> {
  const [controls, spent] = await Promise.all([readControls(db, cardId), spentNow(db, cardId, now)]);
  const resets = windowResets(now);
  const major = (minor: number) => minorToMajor(minor, decimalPlaces);
  const limits: SpendingLimit[] = [];
  const add = (
    interval: SpendingLimit['interval'],
    amount: number | null,
    used: number,
    resetsAt: Date | null,
  ) => {
    if (amount === null) return;
    limits.push({
      interval,
      amount: major(amount),
      spent: major(used),
      remaining: major(Math.max(0, amount - used)),
      resetsAt: resetsAt ? resetsAt.toISOString() : null,
    });
  };
  add('PER_TRANSACTION', controls.perTransaction, 0, null);
  add('DAILY', controls.daily, spent.day, resets.day);
  add('MONTHLY', controls.monthly, spent.month, resets.month);
  add('ALL_TIME', controls.allTime, spent.allTime, null);
  return { limits, blockedMcc: [...controls.blockedMcc], blockedCountries: [...controls.blockedCountries] };
}

async function decimalPlacesOf(db: Executor, assetId: number): Promise<number> {
  const [asset] = await db
    .select({ dp: assets.decimalPlaces })
    .from(assets)
    .where(sql`${assets.id} = ${assetId}`);
  return asset?.dp ?? 2;
}

export async function readCardControls(options: {
  db: Executor;
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<'cardControls'>;
  now?: Date;
}): Promise<CardControls> {
  const { db, params } = options;
  const found = await findCardOrThrow({ ...options, appUserId: params.appUserId, cardId: params.cardId });
  const dp = await decimalPlacesOf(db, found.card.cardAssetId);
  return controlsView(db, found.card.id, dp, options.now ?? new Date());
}

const LIMIT_NAMES = ['perTransaction', 'daily', 'monthly', 'allTime'] as const;

export async function setCardControls(options: {
  db: Executor;
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<'cardControlsSet'>;
  cleared?: ReadonlySet<string>;
  now?: Date;
}): Promise<CardControls> {
  const { db, params } = options;
  const cleared = options.cleared ?? new Set<string>();
  const now = options.now ?? new Date();
  const found = await lockCardOfParams(options);
  const dp = await decimalPlacesOf(db, found.card.cardAssetId);
  const next: Controls = { ...(await readControls(db, found.card.id)) };
  for (const name of LIMIT_NAMES) {
    const given = params[name];
    if (cleared.has(name)) next[name] = null;
    else if (given !== undefined) {
      const minor = decimalToMinor(given, dp);
      if (minor === undefined || minor <= 0) {
        const rule = `must be more than 0 with at most ${dp} decimals (the card's)`;
        throw new WalletError(ResultCode.PARAM_INVALID, `${name} ${rule}.`, { field: name, rule });
      }
      next[name] = minor;
    }
  }
  if (cleared.has('blockedMcc')) next.blockedMcc = [];
  else if (params.blockedMcc !== undefined) next.blockedMcc = params.blockedMcc;
  if (cleared.has('blockedCountries')) next.blockedCountries = [];
  else if (params.blockedCountries !== undefined) next.blockedCountries = params.blockedCountries;
  const values = {
    cardId: found.card.id,
    perTransaction: next.perTransaction,
    daily: next.daily,
    monthly: next.monthly,
    allTime: next.allTime,
    blockedMcc: [...next.blockedMcc],
    blockedCountries: [...next.blockedCountries],
    updatedAt: now,
  };
  await db
    .insert(cardControls)
    .values(values)
    .onConflictDoUpdate({ target: cardControls.cardId, set: { ...values, cardId: undefined } });
  return controlsView(db, found.card.id, dp, now);
}

/** cardControls' handler (lib/wallet/contract/operations/card-controls.ts). */
export const cardControlsHandler = bindHandler(cardControlsOperation, readCardControls);

/** cardControlsSet's handler (lib/wallet/contract/operations/card-controls-set.ts). */
export const cardControlsSetHandler = bindHandler(cardControlsSet, setCardControls);
