// A card's spending controls for people (docs/back-office.md "Pages"): each limit's name, the
// form field that sets it, and the controls as one line for the audit log ("daily limit $50.00,
// blocked categories Gambling, blocked countries none"), so an entry reads what was before and
// what is after. Pure and zod-free: the card page's component reads it too.
import type { LimitInterval } from '@/lib/wallet/contract/enums';
import { groupsOfMccList } from '@/lib/wallet/contract/merchant-categories';
import { countryName, formatMoney } from '@/lib/backoffice/shared/format';

/** The four limits in card/controls/set's parameter order, with their names. */
export const LIMIT_FIELDS = [
  { name: 'perTransaction', interval: 'PER_TRANSACTION', label: 'Per purchase' },
  { name: 'daily', interval: 'DAILY', label: 'Daily' },
  { name: 'monthly', interval: 'MONTHLY', label: 'Monthly' },
  { name: 'allTime', interval: 'ALL_TIME', label: 'All time' },
] as const satisfies readonly { name: string; interval: LimitInterval; label: string }[];

export type LimitField = (typeof LIMIT_FIELDS)[number]['name'];

export const LIMIT_LABEL: Readonly<Record<LimitInterval, string>> = Object.fromEntries(
  LIMIT_FIELDS.map((f) => [f.interval, f.label]),
) as Record<LimitInterval, string>;

/** When a limit's window starts again, in words. */
export const LIMIT_RESETS: Readonly<Record<LimitInterval, string>> = {
  PER_TRANSACTION: 'Each purchase on its own',
  DAILY: 'At midnight UTC',
  MONTHLY: 'On the 1st of the month, UTC',
  ALL_TIME: 'Never',
};

export type ControlsShape = {
  limits: readonly { interval: LimitInterval; amount: number }[];
  blockedMcc: readonly string[];
  blockedCountries: readonly string[];
};

/** The blocked categories by group name, with loose codes as "MCC 1234"; "none" when empty. */
export function blockedCategoriesText(blockedMcc: readonly string[]): string {
  const { groups, otherCodes } = groupsOfMccList(blockedMcc);
  const names = [...groups.map((g) => g.name), ...otherCodes.map((c) => `MCC ${c}`)];
  return names.length ? names.join(', ') : 'none';
}

export function blockedCountriesText(blockedCountries: readonly string[]): string {
  return blockedCountries.length
    ? blockedCountries
        .map(countryName)
        .sort((a, b) => a.localeCompare(b))
        .join(', ')
    : 'none';
}

/** The controls in one line: every limit (or "no limit"), the blocked categories and countries. */
export function describeControls(controls: ControlsShape, currency: string, decimalPlaces: number): string {
  const limits = LIMIT_FIELDS.map((f) => {
    const limit = controls.limits.find((l) => l.interval === f.interval);
    return `${f.label.toLowerCase()} ${limit ? formatMoney(limit.amount, currency, decimalPlaces) : 'no limit'}`;
  }).join(', ');
  return `limits: ${limits}; blocked categories: ${blockedCategoriesText(controls.blockedMcc)}; blocked countries: ${blockedCountriesText(controls.blockedCountries)}`;
}

/**
 * What a change did, part by part, before and after: "daily limit: no limit -> $50.00; blocked
 * categories: none -> Gambling" (the audit log's line); "no change" when nothing differs.
 */
export function describeControlsChange(
  before: ControlsShape,
  after: ControlsShape,
  currency: string,
  decimalPlaces: number,
): string {
  const parts: string[] = [];
  for (const f of LIMIT_FIELDS) {
    const was = before.limits.find((l) => l.interval === f.interval)?.amount;
    const now = after.limits.find((l) => l.interval === f.interval)?.amount;
    if (was === now) continue;
    const text = (v: number | undefined) =>
      v === undefined ? 'no limit' : formatMoney(v, currency, decimalPlaces);
    parts.push(`${f.label.toLowerCase()} limit: ${text(was)} -> ${text(now)}`);
  }
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);
  if (!same(before.blockedMcc, after.blockedMcc)) {
    parts.push(
      `blocked categories: ${blockedCategoriesText(before.blockedMcc)} -> ${blockedCategoriesText(after.blockedMcc)}`,
    );
  }
  if (!same(before.blockedCountries, after.blockedCountries)) {
    parts.push(
      `blocked countries: ${blockedCountriesText(before.blockedCountries)} -> ${blockedCountriesText(after.blockedCountries)}`,
    );
  }
  return parts.length ? parts.join('; ') : 'no change';
}
