// Integer minor units as money: formatMoney (format.ts) for the figures the back-office computes in
// minor units (runway, balances after a transfer, a fee's shortfall). Apart from format.ts so that
// the pages that format only the API's major-unit amounts (the card list) do not load the
// contract's money module with it.
import { minorToMajor } from '@/lib/wallet/contract/money';
import { formatMoney } from './format';

/** 12345 at 2 decimals is "$123.45". */
export function formatMinorMoney(minor: number, currency: string, decimalPlaces: number): string {
  return formatMoney(minorToMajor(minor, decimalPlaces), currency, decimalPlaces);
}
