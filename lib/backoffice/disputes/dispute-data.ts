// What the dispute pages read (docs/back-office.md "Disputes"): one page of dispute/list for
// /disputes, every page of a filter for its CSV, the open disputes with those due within
// DUE_SOON_DAYS (the navigation's badge, the dashboard, the top of /disputes), and a dispute's
// history from the back-office's audit log (who did what, when, with their note).
//
// The counts are the service's, exact at any number of disputes: one dispute/summary call (the
// open ones, those due within DUE_SOON_DAYS, the 10 due soonest), counted on an index by the
// wallet, never a walk of dispute/list. Read once per request (React's cache): the layout, the
// dashboard and /disputes share it.
import 'server-only';
import { cache } from 'react';
import { and, asc, eq } from 'drizzle-orm';
import { can } from '@/lib/backoffice/auth/permissions';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { getDb } from '@/lib/backoffice/db';
import { auditLog } from '@/lib/backoffice/db/schema';
import { asWalletClientError, getWalletClient } from '@/lib/backoffice/wallet-client';
import { DISPUTE_SOONEST_SHOWN } from '@/lib/wallet/contract/operations/dispute-summary';
import { MAX_PAGE_SIZE } from '@/lib/wallet/contract/paging';
import type { Dispute, DisputePage } from '@/lib/wallet/contract/schemas';
import { DUE_SOON_DAYS, isDueSoon } from './dispute-words';
import type { DisputeFilters } from './disputes-filters';

export const DISPUTES_PAGE_SIZE = 20;
/** How many of the OPEN disputes due soonest dispute/summary answers (its `soonest`). */
export const SOONEST_SHOWN = DISPUTE_SOONEST_SHOWN;

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
  /** The app's OPEN disputes. */
  open: number;
  /** How many of them are due within DUE_SOON_DAYS (past-due ones not expired yet included). */
  dueSoonCount: number;
  /** The OPEN ones due soonest (at most 10), soonest first, those due within DUE_SOON_DAYS only. */
  dueSoon: Dispute[];
};

async function readOpenDisputes(): Promise<OpenDisputes> {
  const summary = await getWalletClient().disputeSummary({ dueWithinDays: DUE_SOON_DAYS });
  const now = new Date();
  return {
    open: summary.open,
    dueSoonCount: summary.dueSoon,
    dueSoon: summary.soonest.filter((d) => isDueSoon(d, now)),
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
  return (await openDisputes())?.dueSoonCount ?? 0;
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
