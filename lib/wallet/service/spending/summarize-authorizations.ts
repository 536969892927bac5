// authorization/summary and authorization/detail (docs/card-spending.md "Summary"). The summary
// takes authorization/list's filters. Without appUserId it reads the running totals
// (summary-totals.ts: a few rows per day, whatever the number of authorizations); with one it
// reads that user's authorizations through their (user_id, created_at) index. Both give the same
// grouped rows, added up here the same way.
import { sql, type SQL } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import { minorToMajor } from '@/lib/wallet/contract/money';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { authorizationDetail } from '@/lib/wallet/contract/operations/authorization-detail';
import { authorizationSummary } from '@/lib/wallet/contract/operations/authorization-summary';
import type {
  Authorization,
  AuthorizationAmounts,
  AuthorizationSummary,
} from '@/lib/wallet/contract/schemas';
import type { DeclineReason } from '@/lib/wallet/contract/enums';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { assets, authorizationDayTotals, authorizations, users } from '../db/schema';
import { authorizationNotFound, readAuthorization, toAuthorization } from './authorization-records';

/** One group: a day, currency, status and declineReason ('' for none); sums in minor units. */
export type SummaryGroup = {
  day: string;
  currency: string;
  decimalPlaces: number;
  status: string;
  declineReason: string;
  count: number;
  amount: number;
  held: number;
  cleared: number;
  refunded: number;
};

type Minor = { dp: number; amount: bigint; held: bigint; cleared: bigint; refunded: bigint };

/** Adds `g` to the currency's sums, rescaled to the larger of the two decimal places. */
function addMinor(sums: Map<string, Minor>, g: SummaryGroup): void {
  const seen = sums.get(g.currency) ?? {
    dp: g.decimalPlaces,
    amount: 0n,
    held: 0n,
    cleared: 0n,
    refunded: 0n,
  };
  const dp = Math.max(seen.dp, g.decimalPlaces);
  const up = (v: bigint, from: number) => v * 10n ** BigInt(dp - from);
  sums.set(g.currency, {
    dp,
    amount: up(seen.amount, seen.dp) + up(BigInt(g.amount), g.decimalPlaces),
    held: up(seen.held, seen.dp) + up(BigInt(g.held), g.decimalPlaces),
    cleared: up(seen.cleared, seen.dp) + up(BigInt(g.cleared), g.decimalPlaces),
    refunded: up(seen.refunded, seen.dp) + up(BigInt(g.refunded), g.decimalPlaces),
  });
}

function amountsOf(sums: Map<string, Minor>): AuthorizationAmounts[] {
  return [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, m]) => ({
      currency,
      approvedAmount: minorToMajor(Number(m.amount), m.dp),
      heldAmount: minorToMajor(Number(m.held), m.dp),
      clearedAmount: minorToMajor(Number(m.cleared), m.dp),
      refundedAmount: minorToMajor(Number(m.refunded), m.dp),
    }));
}

/** approved / count to 4 decimals; null when nothing was counted. */
export function approvalRate(approved: number, count: number): number | null {
  return count === 0 ? null : Math.round((approved / count) * 10_000) / 10_000;
}

/** The grouped rows added up into the summary's shape. */
export function summaryOf(groups: SummaryGroup[]): AuthorizationSummary {
  let count = 0;
  let declined = 0;
  const sums = new Map<string, Minor>();
  const days = new Map<string, { count: number; declined: number; sums: Map<string, Minor> }>();
  const reasons = new Map<string, number>();
  for (const g of groups) {
    if (g.count === 0 && g.amount === 0 && g.held === 0 && g.cleared === 0 && g.refunded === 0) continue;
    const isDeclined = g.status === 'DECLINED';
    count += g.count;
    if (isDeclined) declined += g.count;
    const day = days.get(g.day) ?? { count: 0, declined: 0, sums: new Map<string, Minor>() };
    day.count += g.count;
    if (isDeclined) day.declined += g.count;
    days.set(g.day, day);
    if (isDeclined) {
      if (g.declineReason) reasons.set(g.declineReason, (reasons.get(g.declineReason) ?? 0) + g.count);
    } else {
      addMinor(sums, g);
      addMinor(day.sums, g);
    }
  }
  return {
    count,
    approvedCount: count - declined,
    declinedCount: declined,
    approvalRate: approvalRate(count - declined, count),
    amounts: amountsOf(sums),
    days: [...days.entries()]
      .filter(([, d]) => d.count > 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([date, d]) => ({
        date,
        count: d.count,
        approvedCount: d.count - d.declined,
        declinedCount: d.declined,
        amounts: amountsOf(d.sums),
      })),
    declineReasons: [...reasons.entries()]
      .filter(([, n]) => n > 0)
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
      .map(([declineReason, n]) => ({ declineReason: declineReason as DeclineReason, count: n })),
  };
}

function toGroup(r: Record<string, unknown>): SummaryGroup {
  return {
    day: String(r.day),
    currency: String(r.currency),
    decimalPlaces: Number(r.decimal_places),
    status: String(r.status),
    declineReason: String(r.decline_reason),
    count: Number(r.count),
    amount: Number(r.amount),
    held: Number(r.held),
    cleared: Number(r.cleared),
    refunded: Number(r.refunded),
  };
}

/** The first instant of the UTC day after `date` (yyyy-MM-dd). */
function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

export async function summarizeAuthorizations(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'authorizationSummary'>;
}): Promise<AuthorizationSummary> {
  const { db, app, params } = options;
  if (params.appUserId === undefined) {
    const t = authorizationDayTotals;
    const where: SQL[] = [sql`app_id = ${app.id}`];
    if (params.from) where.push(sql`day >= ${params.from}::date`);
    if (params.to) where.push(sql`day <= ${params.to}::date`);
    if (params.status) where.push(sql`status = ${params.status}`);
    if (params.declineReason) where.push(sql`decline_reason = ${params.declineReason}`);
    const rows = await rawRows<Record<string, unknown>>(
      db,
      sql`select day::text as day, currency, decimal_places, status, decline_reason,
                 sum(count) as count, sum(amount) as amount, sum(held) as held,
                 sum(cleared) as cleared, sum(refunded) as refunded
            from ${t}
           where ${sql.join(where, sql` and `)}
           group by day, currency, decimal_places, status, decline_reason`,
    );
    return summaryOf(rows.map(toGroup));
  }
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.appId} = ${app.id} and ${users.appUserId} = ${params.appUserId}`);
  if (!user) return summaryOf([]);
  const where: SQL[] = [sql`a.user_id = ${user.id}`, sql`a.app_id = ${app.id}`];
  if (params.from) where.push(sql`a.created_at >= ${`${params.from}T00:00:00.000Z`}::timestamptz`);
  if (params.to) where.push(sql`a.created_at < ${dayAfter(params.to)}::timestamptz`);
  if (params.status) where.push(sql`a.status = ${params.status}`);
  if (params.declineReason) where.push(sql`a.decline_reason = ${params.declineReason}`);
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`select (a.created_at at time zone 'UTC')::date::text as day, a.currency, s.decimal_places, a.status,
               coalesce(a.decline_reason, '') as decline_reason, count(*) as count,
               sum(case when a.status = 'DECLINED' then 0 else a.amount end) as amount,
               sum(a.held) as held, sum(a.cleared) as cleared, sum(a.refunded) as refunded
          from ${authorizations} a join ${assets} s on s.id = a.card_asset_id
         where ${sql.join(where, sql` and `)}
         group by 1, 2, 3, 4, 5`,
  );
  return summaryOf(rows.map(toGroup));
}

export async function detailAuthorization(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'authorizationDetail'>;
}): Promise<Authorization> {
  const { db, app, params } = options;
  const row = await readAuthorization(db, app.id, { id: params.authorizationId });
  if (!row) throw authorizationNotFound(`Authorization ${params.authorizationId}`);
  return toAuthorization(row);
}

/** authorizationSummary's handler (lib/wallet/contract/operations/authorization-summary.ts). */
export const authorizationSummaryHandler = bindHandler(authorizationSummary, summarizeAuthorizations);

/** authorizationDetail's handler (lib/wallet/contract/operations/authorization-detail.ts). */
export const authorizationDetailHandler = bindHandler(authorizationDetail, detailAuthorization);
