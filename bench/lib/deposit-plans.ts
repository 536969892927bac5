// simulate/deposit's statements for EXPLAIN ANALYZE (bench/lib/deposits.ts): the prepared
// statements of lib/wallet/service/deposit/deposit-statements.ts, which the service runs and the
// floor (bench/floor-deposit.ts) imports, with values for a user of the seeded history.
import {
  DEPOSIT_CREDIT,
  DEPOSIT_INSERT,
  DEPOSIT_OWNER,
  DEPOSIT_SCREENED,
  KYT_RULES,
  NOTE_SCREENED_DEPOSIT,
} from '@/lib/wallet/service/deposit/deposit-statements';
import type { ExplainContext } from './deposits';

const HOUR_MS = 3_600_000;
const hour = () => Math.floor(Date.now() / HOUR_MS);

/**
 * Each statement of a credited deposit but the events, in the transaction's order, with values for
 * a user of the seeded history (the newest deposit's): EXPLAIN ANALYZE runs them, in a
 * transaction rolled back. The status update is explained on the newest deposit (one that is no
 * longer CONFIRMING plans as one that is), the credit on an id no deposit has.
 */
export const SCREENING_STATEMENTS: {
  query: string;
  text: string;
  values: (ctx: ExplainContext) => unknown[];
}[] = [
  {
    query: 'the deposit address’s user and wallet',
    text: DEPOSIT_OWNER.text,
    values: (c) => [c.appKey, 'ETHEREUM', c.address],
  },
  {
    query: 'the new deposit',
    text: DEPOSIT_INSERT.text,
    values: (c) => [
      c.appKey,
      c.userId,
      c.assetId,
      'ETHEREUM',
      c.txHash,
      0,
      c.address,
      c.address,
      1_000_000,
      100,
      12,
      12,
    ],
  },
  {
    query: 'the running totals (velocity pruned and raised, the last 24 h, the first-deposit row)',
    text: NOTE_SCREENED_DEPOSIT.text,
    values: (c) => [c.userId, hour() - 23, hour(), 1_000_000, c.nextId],
  },
  { query: 'the app’s KYT rules', text: KYT_RULES.text, values: (c) => [c.appKey] },
  {
    query: 'the verdict and the status out of CONFIRMING',
    text: DEPOSIT_SCREENED.text,
    values: (c) => [c.lastId, 'CREDITED', 'LOW', '{}'],
  },
  {
    query: 'the credit and its DEPOSIT entry',
    text: DEPOSIT_CREDIT.text,
    values: (c) => [c.assetId, 100, c.nextId],
  },
];
