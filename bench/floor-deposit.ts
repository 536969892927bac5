// The floor's simulate/deposit (bench/floor-server.ts; issue 29): a deposit reported with the
// chain's required confirmations, found, recorded, screened by the built-in rules with the
// running totals, and credited, in one transaction, statement for statement as the service runs
// it (lib/wallet/service/deposit/simulate-deposit.ts, settle-deposit.ts,
// kyt/screening-totals.ts, kyt/kyt-rules.ts): the same named prepared statements, imported from
// lib/wallet/service/deposit/deposit-statements.ts (the harness also checks the order on every
// run, bench/lib/verify-floor.ts). Only the path the load takes: a new deposit whose
// confirmations credit it at once (LOW or MEDIUM). A repeat, too few confirmations or a verdict
// that holds is refused (the load never sends them), so the floor never does less than the
// service for an answer it gives.
// The rules are the built-in screener's, imported (a pure function: the service calls the same).
import type pg from 'pg';
import {
  chainAddress,
  chainTxHash,
  DEPOSIT_TOKEN_DECIMALS,
  REQUIRED_CONFIRMATIONS,
  shownAddress,
} from '@/lib/wallet/contract/chains';
import type { DepositChain } from '@/lib/wallet/contract/enums';
import { decimalToMinor, minorToMajor } from '@/lib/wallet/contract/money';
import {
  DEPOSIT_CREDIT,
  DEPOSIT_INSERT,
  DEPOSIT_OWNER,
  DEPOSIT_SCREENED,
  EVENT_INSERT,
  KYT_RULES,
  NOTE_SCREENED_DEPOSIT,
} from '@/lib/wallet/service/deposit/deposit-statements';
import { newEventId, type NewEvent } from '@/lib/wallet/service/event/record-event';
import { DEFAULT_KYT_RULES } from '@/lib/wallet/service/kyt/kyt-rules';
import { screenByRules } from '@/lib/wallet/service/kyt/rules-screener';
import { holds, type KytRuleSet } from '@/lib/wallet/service/kyt/screener';

export { SCREENING_STATEMENTS } from './lib/deposit-plans';

type Row = unknown[];
type App = { id: number; appId: string; agencyCode: string };

/** What floor-server.ts lends this handler: its statement runner, errors and parameter readers. */
export type FloorTools = {
  run: <K extends string = never>(
    db: pg.PoolClient,
    statement: { name?: string; text: string },
    values?: unknown[],
  ) => Promise<{ rows: Row[]; at: Record<K, number> }>;
  fail: (code: number, message: string) => Error;
  required: (pairs: Map<string, string>, name: string) => string;
  int: (pairs: Map<string, string>, name: string, min: number, max: number, fallback?: number) => number;
};

const HOUR_MS = 3_600_000;
const CHAINS = new Set<string>(['ETHEREUM', 'TRON']);

type DepositColumn =
  | 'id'
  | 'app_id'
  | 'user_id'
  | 'asset_id'
  | 'app_user_id'
  | 'decimal_places'
  | 'chain'
  | 'tx_hash'
  | 'log_index'
  | 'from_address'
  | 'address'
  | 'amount'
  | 'credited_amount'
  | 'confirmations'
  | 'required_confirmations'
  | 'status'
  | 'risk_level'
  | 'risk_reasons'
  | 'note'
  | 'created_at'
  | 'credited_at';

const iso = (d: unknown) => (d instanceof Date ? d : new Date(d as string)).toISOString();

/** The deposit as the API shows it (deposit-records.ts's depositFromRow, field for field). */
function shown(r: Row, at: Record<DepositColumn, number>) {
  const level = r[at.risk_level] as string | null;
  const creditedAt = r[at.credited_at];
  return {
    depositId: r[at.id],
    appUserId: r[at.app_user_id],
    chain: r[at.chain],
    txHash: r[at.tx_hash],
    logIndex: r[at.log_index],
    fromAddress: shownAddress(r[at.chain] as DepositChain, r[at.from_address] as string),
    address: shownAddress(r[at.chain] as DepositChain, r[at.address] as string),
    amount: minorToMajor(Number(r[at.amount]), DEPOSIT_TOKEN_DECIMALS),
    creditedAmount: minorToMajor(Number(r[at.credited_amount]), r[at.decimal_places] as number),
    confirmations: r[at.confirmations],
    requiredConfirmations: r[at.required_confirmations],
    status: r[at.status],
    risk: level ? { level, reasons: (r[at.risk_reasons] as string[] | null) ?? [] } : null,
    note: r[at.note],
    createdAt: iso(r[at.created_at]),
    creditedAt: creditedAt === null ? null : iso(creditedAt),
  };
}

export function createFloorDeposit(tools: FloorTools) {
  const { run, fail, required, int } = tools;

  /** The event, with the body the service writes (the deposit as data). */
  async function recordEvent(tx: pg.PoolClient, app: App, type: NewEvent['type'], data: unknown) {
    const id = newEventId();
    const createdAt = new Date().toISOString();
    const body = JSON.stringify({ id, type, createdAt, agencyCode: app.agencyCode, appId: app.appId, data });
    const event: NewEvent = { appKey: app.id, id, type, body, createdAt };
    await run(tx, EVENT_INSERT, EVENT_INSERT.values(event));
  }
  const invalid = (field: string) => fail(1002, `Parameter ${field} is malformed.`);

  return async function simulateDeposit(
    pool: pg.Pool,
    app: App,
    pairs: Map<string, string>,
  ): Promise<string> {
    const chain = required(pairs, 'chain');
    if (!CHAINS.has(chain)) throw invalid('chain');
    const c = chain as DepositChain;
    const address = chainAddress(c, required(pairs, 'address'));
    if (!address) throw invalid('address');
    const txHash = chainTxHash(c, required(pairs, 'txHash'));
    if (!txHash) throw invalid('txHash');
    const fromAddress = chainAddress(c, required(pairs, 'fromAddress'));
    if (!fromAddress) throw invalid('fromAddress');
    const amount = decimalToMinor(required(pairs, 'amount'), DEPOSIT_TOKEN_DECIMALS);
    if (amount === undefined || amount <= 0) throw invalid('amount');
    const logIndex = int(pairs, 'logIndex', 0, 1_000_000, 0);
    const confirmations = int(pairs, 'confirmations', 0, 1_000_000, 0);
    const requiredConfirmations = REQUIRED_CONFIRMATIONS[c];
    if (confirmations < requiredConfirmations)
      throw fail(1002, 'The floor takes deposits confirmed enough to credit only.');

    const tx = await pool.connect();
    try {
      await run(tx, { text: 'begin' });
      try {
        const response = await inTransaction(tx);
        await run(tx, { text: 'commit' });
        return response;
      } catch (error) {
        await run(tx, { text: 'rollback' });
        throw error;
      }
    } finally {
      tx.release();
    }

    async function inTransaction(tx: pg.PoolClient): Promise<string> {
      const owner = await run<'user_id' | 'app_user_id' | 'asset_id' | 'decimal_places'>(tx, DEPOSIT_OWNER, [
        app.id,
        chain,
        address,
      ]);
      const found = owner.rows[0];
      if (!found) throw fail(1002, `address must be a deposit address of this app on ${chain}`);
      const userId = found[owner.at.user_id] as number;
      const assetId = found[owner.at.asset_id] as number;
      const decimalPlaces = found[owner.at.decimal_places] as number;
      const creditedAmount = Math.floor(amount! / 10 ** (DEPOSIT_TOKEN_DECIMALS - decimalPlaces));
      const inserted = await run<DepositColumn>(tx, DEPOSIT_INSERT, [
        app.id,
        userId,
        assetId,
        chain,
        txHash,
        logIndex,
        fromAddress,
        address,
        amount,
        creditedAmount,
        confirmations,
        requiredConfirmations,
      ]);
      const row = inserted.rows[0];
      if (!row) throw fail(1002, 'The floor takes new deposits only.');
      const depositId = row[inserted.at.id] as number;
      // The row with the two columns the answer adds, as the service's DepositRow.
      const at = { ...inserted.at, app_user_id: row.length, decimal_places: row.length + 1 };
      row.push(found[owner.at.app_user_id], decimalPlaces);
      await recordEvent(tx, app, 'deposit.detected', shown(row, at));

      // The running totals (screening-totals.ts), then the rules.
      const hour = Math.floor(Date.now() / HOUR_MS);
      const totals = await run<'last_24_hours' | 'first_deposit'>(tx, NOTE_SCREENED_DEPOSIT, [
        userId,
        hour - 23,
        hour,
        amount,
        depositId,
      ]);
      const ruleRows = await run<
        'blocked_addresses' | 'review_addresses' | 'review_amount' | 'severe_amount'
      >(tx, KYT_RULES, [app.id]);
      const r = ruleRows.rows[0];
      const rules: KytRuleSet = r
        ? {
            blockedAddresses: r[ruleRows.at.blocked_addresses] as string[],
            reviewAddresses: r[ruleRows.at.review_addresses] as string[],
            reviewAmount: Number(r[ruleRows.at.review_amount]),
            severeAmount: Number(r[ruleRows.at.severe_amount]),
          }
        : DEFAULT_KYT_RULES;
      const t = totals.rows[0]!;
      const verdict = screenByRules(
        {
          depositId,
          chain: c,
          txHash: txHash!,
          logIndex,
          fromAddress: fromAddress!,
          address: address!,
          amount: amount!,
        },
        {
          rules,
          firstDeposit: t[totals.at.first_deposit] as boolean,
          last24Hours: Number(t[totals.at.last_24_hours]),
        },
      );
      if (holds(verdict.level)) throw fail(1002, 'The floor credits deposits only.');
      const moved = await run<'status' | 'risk_level' | 'risk_reasons' | 'credited_at'>(
        tx,
        DEPOSIT_SCREENED,
        [depositId, 'CREDITED', verdict.level, `{${verdict.reasons.join(',')}}`],
      );
      const m = moved.rows[0];
      if (!m) throw new Error('deposit left CONFIRMING under its own lock');
      if (creditedAmount > 0) await run(tx, DEPOSIT_CREDIT, [assetId, creditedAmount, depositId]);
      for (const column of ['status', 'risk_level', 'risk_reasons', 'credited_at'] as const)
        row[at[column]] = m[moved.at[column]];
      const deposit = shown(row, at);
      await recordEvent(tx, app, 'deposit.credited', deposit);
      return JSON.stringify(deposit);
    }
  };
}
