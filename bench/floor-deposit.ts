// The floor's simulate/deposit (bench/floor-server.ts; issue 29): a deposit reported with the
// chain's required confirmations, found, recorded, screened by the built-in rules with the
// running totals, and credited, in one transaction, statement for statement as the service runs
// it (lib/wallet/service/deposit/simulate-deposit.ts, settle-deposit.ts,
// kyt/screening-totals.ts, kyt/kyt-rules.ts; the harness checks the order and the texts on every
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
} from '@/lib/wallet/contract/chains';
import type { DepositChain } from '@/lib/wallet/contract/enums';
import { decimalToMinor, minorToMajor } from '@/lib/wallet/contract/money';
import { DEPOSIT_SQL } from './lib/floor-deposit-sql';
import { DEFAULT_KYT_RULES } from '@/lib/wallet/service/kyt/kyt-rules';
import { screenByRules } from '@/lib/wallet/service/kyt/rules-screener';
import { holds, type KytRuleSet } from '@/lib/wallet/service/kyt/screener';

export { SCREENING_STATEMENTS } from './lib/floor-deposit-sql';

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
  recordEvent: (tx: pg.PoolClient, app: App, type: string, at: Date, data: unknown) => Promise<void>;
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
    fromAddress: r[at.from_address],
    address: r[at.address],
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
      const owner = await run<'user_id' | 'id' | 'decimal_places'>(tx, DEPOSIT_SQL.owner, [
        'WALLET',
        'USD',
        app.id,
        chain,
        address,
        1,
      ]);
      const found = owner.rows[0];
      if (!found) throw fail(1002, `address must be a deposit address of this app on ${chain}`);
      const userId = found[0] as number;
      const assetId = found[1] as number;
      const decimalPlaces = found[2] as number;
      const creditedAmount = Math.floor(amount! / 10 ** (DEPOSIT_TOKEN_DECIMALS - decimalPlaces));
      const inserted = await run(tx, DEPOSIT_SQL.insert, [
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
      const depositId = inserted.rows[0]?.[0] as number | undefined;
      if (depositId === undefined) throw fail(1002, 'The floor takes new deposits only.');
      const locked = await run<DepositColumn>(tx, DEPOSIT_SQL.findLocked, [depositId, app.id]);
      const now = new Date();
      await tools.recordEvent(tx, app, 'deposit.detected', now, shown(locked.rows[0]!, locked.at));

      // The running totals (screening-totals.ts), then the rules.
      const hour = Math.floor(Date.now() / HOUR_MS);
      const since = hour - 23;
      await run(tx, DEPOSIT_SQL.velocityPrune, [userId, since]);
      await run(tx, DEPOSIT_SQL.velocityAdd, [userId, hour, amount]);
      const total = await run(tx, DEPOSIT_SQL.velocityTotal, [userId, since]);
      const first = await run(tx, DEPOSIT_SQL.firstDeposit, [userId, depositId]);
      const ruleRows = await run<
        'blocked_addresses' | 'review_addresses' | 'review_amount' | 'severe_amount'
      >(tx, DEPOSIT_SQL.rules, [app.id]);
      const r = ruleRows.rows[0];
      const rules: KytRuleSet = r
        ? {
            blockedAddresses: r[ruleRows.at.blocked_addresses] as string[],
            reviewAddresses: r[ruleRows.at.review_addresses] as string[],
            reviewAmount: Number(r[ruleRows.at.review_amount]),
            severeAmount: Number(r[ruleRows.at.severe_amount]),
          }
        : DEFAULT_KYT_RULES;
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
          firstDeposit: first.rows.length === 1,
          last24Hours: Number(total.rows[0]?.[0] ?? 0),
        },
      );
      if (holds(verdict.level)) throw fail(1002, 'The floor credits deposits only.');
      const moved = await run(tx, DEPOSIT_SQL.moveStatus, [
        'CREDITED',
        verdict.level,
        `{${verdict.reasons.join(',')}}`,
        depositId,
        'CONFIRMING',
      ]);
      if (moved.rows.length !== 1) throw new Error('deposit left CONFIRMING under its own lock');
      if (creditedAmount > 0)
        await run(tx, DEPOSIT_SQL.credit, [creditedAmount, assetId, creditedAmount, depositId]);
      const settled = await run<DepositColumn>(tx, DEPOSIT_SQL.find, [depositId, app.id]);
      const deposit = shown(settled.rows[0]!, settled.at);
      await tools.recordEvent(tx, app, 'deposit.credited', new Date(), deposit);
      return JSON.stringify(deposit);
    }
  };
}
