// What the dispute pages read (docs/back-office.md "Disputes"): one page of dispute/list for
// /disputes, every page of a filter for its CSV, the open disputes with those due within
// DUE_SOON_DAYS (the navigation's badge, the dashboard, the top of /disputes), and a dispute's
// history from the back-office's audit log (who did what, when, with their note).
//
// The open count is read from dispute/list filtered OPEN, a page of 100 at a time up to
// OPEN_SCAN_CAP (the service gives no count): open disputes live at most 110 days, so they are
// few beside the rest; past the cap the count says "at least". Read once per request (React's
// cache): the layout, the dashboard and /disputes share it.
import 'server-only';
import { cache } from 'react';
import { and, asc, eq } from 'drizzle-orm';
import { can } from '@/lib/backoffice/auth/permissions';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { getDb } from '@/lib/backoffice/db';
import { auditLog } from '@/lib/backoffice/db/schema';
import { asWalletClientError, getWalletClient } from '@/lib/backoffice/wallet-client';
import { MAX_PAGE_SIZE } from '@/lib/wallet/contract/paging';
import type { Dispute, DisputePage } from '@/lib/wallet/contract/schemas';
import { dueSoonFirst, isDueSoon } from './dispute-words';
import type { DisputeFilters } from './disputes-filters';

export const DISPUTES_PAGE_SIZE = 20;
/** The open disputes read for the counts at most (10 calls of dispute/list). */
export const OPEN_SCAN_CAP = 1_000;

export function loadDisputesPage(filters: DisputeFilters, cursor?: string): Promise<DisputePage> {
  return getWalletClient().disputeList({
    ...filters,
    pageSize: DISPUTES_PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
  });
}

/** Every dispute of the filter, newest first, a page of 100 at a time. */
export async function* walkDisputes(
  filters: DisputeFilters,
  limit = Number.POSITIVE_INFINITY,
): AsyncGenerator<Dispute[], void, undefined> {
  let cursor: string | undefined;
  let seen = 0;
  do {
    const page = await getWalletClient().disputeList({
      ...filters,
      pageSize: Math.min(MAX_PAGE_SIZE, limit - seen),
      ...(cursor ? { cursor } : {}),
    });
    seen += page.list.length;
    if (page.list.length > 0) yield page.list;
    cursor = page.nextCursor ?? undefined;
  } while (cursor && seen < limit);
}

export type OpenDisputes = {
  /** Open disputes read (all of them unless `capped`). */
  open: number;
  /** Those due within DUE_SOON_DAYS, the soonest first. */
  dueSoon: Dispute[];
  /** More than OPEN_SCAN_CAP are open: the figures are "at least". */
  capped: boolean;
};

async function readOpenDisputes(): Promise<OpenDisputes> {
  const open: Dispute[] = [];
  for await (const batch of walkDisputes({ status: 'OPEN' }, OPEN_SCAN_CAP + 1)) open.push(...batch);
  const now = new Date();
  const capped = open.length > OPEN_SCAN_CAP;
  const read = open.slice(0, OPEN_SCAN_CAP);
  return {
    open: read.length,
    dueSoon: dueSoonFirst(
      read.filter((d) => isDueSoon(d, now)),
      now,
    ),
    capped,
  };
}

/** The open disputes and those due soon, once per request; null when the wallet cannot say now. */
export const openDisputes = cache(async (): Promise<OpenDisputes | null> => {
  try {
    return await readOpenDisputes();
  } catch (error) {
    if (asWalletClientError(error)) return null;
    throw error;
  }
});

/** The navigation's badge: disputes due within DUE_SOON_DAYS, for those who may read cards. */
export async function countDisputesDueSoon(staff: CurrentStaff): Promise<number> {
  if (!can(staff.role, 'cards.read') || staff.mustEnrolTwoFactor) return 0;
  return (await openDisputes())?.dueSoon.length ?? 0;
}

export type DisputeHistoryRow = typeof auditLog.$inferSelect;

/**
 * What staff did to a dispute, oldest first, from the audit log (audit_log_target_idx): opening it
 * (once it had its ID), sending, withdrawing, the sandbox's answer, each refusal too, with the
 * note. Every role reads it on the dispute's page, as the audit entries about a user on theirs.
 */
export async function disputeHistory(disputeId: number): Promise<DisputeHistoryRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'dispute'), eq(auditLog.targetId, String(disputeId))))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
    .limit(100);
}
