// What the pages tell a dialog before it is sent (docs/back-office.md "Approvals"): from which
// amount a transfer out of an agency asset waits for a second person, from which fee a card paid
// by the agency waits, and which of a card's actions wait. Only hints, so the dialog can say so and ask for the maker's reason: the actions
// decide again when they are sent. Server-only.
import 'server-only';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { getDb } from '@/lib/backoffice/db';
import { readSettings } from '@/lib/backoffice/settings/read-settings';
import type { CardAction } from '@/lib/wallet/contract/card-lifecycle';
import type { CardDetail } from '@/lib/wallet/contract/schemas';
import {
  cancelNeedsApproval,
  lockReasonOf,
  replaceNeedsApproval,
  unlockNeedsApproval,
} from './approval-policy';
import { directTransferHeadroom } from './direct-transfers';

export async function transferWaitsFrom(staff: CurrentStaff): Promise<string | null> {
  const db = await getDb();
  return directTransferHeadroom({ db, policy: await readSettings(db), makerId: staff.id });
}

/**
 * The fee from which a card paid by the agency waits for a second person (the wizard asks for the
 * maker's reason from there), or null when issuance never waits.
 */
export async function issueWaitsFrom(): Promise<string | null> {
  const policy = await readSettings(await getDb());
  return policy.issueApprovalOn ? policy.issueApprovalMinFee : null;
}

export async function cardActionsWaiting(
  card: Pick<CardDetail, 'status' | 'history'>,
): Promise<Set<CardAction>> {
  const policy = await readSettings(await getDb());
  const waiting = new Set<CardAction>();
  if (cancelNeedsApproval(policy)) waiting.add('cancel');
  if (
    policy.unlockApprovalOn &&
    card.status === 'LOCKED' &&
    unlockNeedsApproval(policy, { lockReason: lockReasonOf(card.history) })
  )
    waiting.add('unlock');
  return waiting;
}

/** Whether replacing the card waits for a second person (a card locked as stolen or fraud). */
export async function replaceWaits(card: Pick<CardDetail, 'status' | 'history'>): Promise<boolean> {
  const policy = await readSettings(await getDb());
  return replaceNeedsApproval(policy, { status: card.status, lockReason: lockReasonOf(card.history) });
}
