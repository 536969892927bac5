// What one member of staff moves out of agency assets alone, without a second person: the
// approval policy holds the transfer that brings it to the set amount over the last 24 hours
// (docs/back-office.md, "Approvals"). Owns the `direct_transfers` rows: each is written before
// the wallet is called, in the transaction that summed the maker's earlier ones, under a lock on
// the maker's staff row, so two transfers of one maker at the same moment are summed one after
// the other (the second sees the first) and cannot both go through; other makers do not wait.
// Requests held for approval are not counted: a second person sees each of them.
import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { directTransfers, staff } from '@/lib/backoffice/db/schema';
import { StaffFacingError } from '@/lib/backoffice/shared/errors';
import type { AgencySettings } from '@/lib/backoffice/settings/settings-schema';
import { transferNeedsApproval } from './approval-policy';

/** The policy's rolling window. */
export const DIRECT_TRANSFER_WINDOW_MS = 24 * 60 * 60 * 1000;

export type DirectTransferClaim =
  /** Waits for a second person: nothing was recorded. `earlier`: what the maker sent alone. */
  | { held: true; earlier: string }
  /** May be made now; `release` un-counts it if the wallet refuses it (nothing moved). */
  | { held: false; release: () => Promise<void> };

/**
 * Decides, for a transfer out of an agency asset, whether it waits; if not, counts it against its
 * maker at once (before the wallet call, so a concurrent one of theirs sees it).
 */
export async function claimDirectTransfer(options: {
  db: Database;
  policy: AgencySettings;
  makerId: number;
  requestId: string;
  amount: string;
  fromAssetId: number;
  now?: Date;
}): Promise<DirectTransferClaim> {
  const { db, makerId, requestId } = options;
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - DIRECT_TRANSFER_WINDOW_MS);
  const release = async () => {
    await db.delete(directTransfers).where(eq(directTransfers.requestId, requestId));
  };
  return db.transaction(async (tx) => {
    // One maker's transfers, one at a time: the sum below and the insert are not raced.
    await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, makerId)).for('update');
    const [same] = await tx
      .select({ makerId: directTransfers.makerId })
      .from(directTransfers)
      .where(eq(directTransfers.requestId, requestId));
    if (same) {
      // The same dialog sent again: already counted, and the wallet answers the requestId with
      // the transfer it made, never a second one. Only the first claim may un-count it.
      if (same.makerId === makerId) return { held: false, release: async () => undefined };
      throw new StaffFacingError('This form was already used. Reload the page and try again.');
    }
    const [sum] = await tx
      .select({ earlier: sql<string>`coalesce(sum(${directTransfers.amount}), 0)::text` })
      .from(directTransfers)
      .where(and(eq(directTransfers.makerId, makerId), gt(directTransfers.createdAt, since)));
    const earlier = sum?.earlier ?? '0';
    if (transferNeedsApproval(options.policy, { fromAgencyAsset: true, amount: options.amount, earlier }))
      return { held: true, earlier: trimAmount(earlier) };
    await tx.insert(directTransfers).values({
      makerId,
      requestId,
      amount: options.amount,
      fromAssetId: options.fromAssetId,
      createdAt: now,
    });
    return { held: false, release };
  });
}

/** A numeric's text ("999.990000") as an amount reads: at least two decimals, no trailing zeros. */
function trimAmount(text: string): string {
  const [whole = '0', fraction = ''] = text.split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

/**
 * From which amount a transfer of this maker out of an agency asset would wait for a second
 * person now (the set amount less what they sent alone in the last 24 hours, at least 0), for the
 * dialog to say so before it is sent; null when the policy is off. Read-only and only a hint: the
 * action decides under the lock (claimDirectTransfer).
 */
export async function directTransferHeadroom(options: {
  db: Database;
  policy: AgencySettings;
  makerId: number;
  now?: Date;
}): Promise<string | null> {
  const { db, policy, makerId } = options;
  if (!policy.transferApprovalOn) return null;
  const since = new Date((options.now ?? new Date()).getTime() - DIRECT_TRANSFER_WINDOW_MS);
  const [row] = await db
    .select({
      left: sql<string>`greatest(${policy.transferApprovalMinAmount}::numeric - coalesce(sum(${directTransfers.amount}), 0), 0)::text`,
    })
    .from(directTransfers)
    .where(and(eq(directTransfers.makerId, makerId), gt(directTransfers.createdAt, since)));
  return trimAmount(row?.left ?? policy.transferApprovalMinAmount);
}
