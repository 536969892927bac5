// A deposit as the API shows it (docs/deposits-and-kyt.md "Deposits"), read with its user's
// appUserId and its asset's decimal places; and the errors every deposit operation shares.
import { sql, type SQL } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import { DEPOSIT_TOKEN_DECIMALS, shownAddress } from '@/lib/wallet/contract/chains';
import type { DepositChain, DepositStatus, RiskLevel, RiskReason } from '@/lib/wallet/contract/enums';
import { minorToMajor } from '@/lib/wallet/contract/money';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { Deposit } from '@/lib/wallet/contract/schemas';
import type { Executor } from '../context';

export type DepositRow = {
  id: number;
  app_id: number;
  user_id: number;
  asset_id: number;
  app_user_id: string;
  decimal_places: number;
  chain: DepositChain;
  tx_hash: string;
  log_index: number;
  from_address: string;
  address: string;
  amount: string | number;
  credited_amount: string | number;
  confirmations: number;
  required_confirmations: number;
  status: DepositStatus;
  risk_level: RiskLevel | null;
  risk_reasons: RiskReason[] | null;
  note: string | null;
  created_at: Date | string;
  credited_at: Date | string | null;
};

const iso = (value: Date | string): string => new Date(value).toISOString();

export function depositFromRow(row: DepositRow): Deposit {
  return {
    depositId: row.id,
    appUserId: row.app_user_id,
    chain: row.chain,
    txHash: row.tx_hash,
    logIndex: row.log_index,
    // Kept in lower case on ETHEREUM, shown in EIP-55 form (docs/deposits-and-kyt.md "Chains").
    fromAddress: shownAddress(row.chain, row.from_address),
    address: shownAddress(row.chain, row.address),
    amount: minorToMajor(Number(row.amount), DEPOSIT_TOKEN_DECIMALS),
    creditedAmount: minorToMajor(Number(row.credited_amount), row.decimal_places),
    confirmations: row.confirmations,
    requiredConfirmations: row.required_confirmations,
    status: row.status,
    risk: row.risk_level ? { level: row.risk_level, reasons: row.risk_reasons ?? [] } : null,
    note: row.note,
    createdAt: iso(row.created_at),
    creditedAt: row.credited_at === null ? null : iso(row.credited_at),
  };
}

/** The deposits matching `where` (on alias d), with what the API shows, in `order`. */
export function selectDeposits(where: SQL, tail: SQL = sql``): SQL {
  return sql`select d.id, d.app_id, d.user_id, d.asset_id, u.app_user_id, a.decimal_places, d.chain,
      d.tx_hash, d.log_index, d.from_address, d.address, d.amount, d.credited_amount,
      d.confirmations, d.required_confirmations, d.status, d.risk_level, d.risk_reasons, d.note,
      d.created_at, d.credited_at
    from wallet.deposits d
    join wallet.users u on u.id = d.user_id
    join wallet.assets a on a.id = d.asset_id
    where ${where} ${tail}`;
}

/** One deposit of the app, locked FOR UPDATE of its own row when asked; undefined if none. */
export async function findDeposit(
  db: Executor,
  appKey: number,
  depositId: number,
  options: { lock?: boolean } = {},
): Promise<DepositRow | undefined> {
  const [row] = await rawRows<DepositRow>(
    db,
    selectDeposits(
      sql`d.id = ${depositId} and d.app_id = ${appKey}`,
      options.lock ? sql`for update of d` : sql``,
    ),
  );
  return row;
}

export function depositNotFound(depositId: number): WalletError {
  return new WalletError(ResultCode.DEPOSIT_CONFLICT, `Deposit ${depositId} does not exist under this app.`);
}
