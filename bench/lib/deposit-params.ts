// What each deposit of the benchmark sends (bench/lib/deposits.ts), apart so that the floor's
// calls (floor-calls.ts, also loaded by capture-sql.ts) need nothing else of the harness.
/** Seeded users given a deposit address: what the load sends deposits to, at random. */
export const DEPOSIT_USERS = 200;
/** The chain of the load, and the confirmations that credit a deposit there in one call. */
export const DEPOSIT_CHAIN = 'ETHEREUM';
export const DEPOSIT_CONFIRMATIONS = 12;
/** What each deposit of the load (and of the history) sends: 1 USDT, LOW risk under the default rules. */
export const DEPOSIT_AMOUNT = '1.00';
/** The sender of every deposit: on no list of the default rules. */
export const DEPOSIT_FROM = `0x${'5e'.repeat(20)}`;
