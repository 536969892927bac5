// Who changed a card, and their note (docs/back-office.md "Pages", a card): the wallet's history
// (card/detail `history`) says what changed and when; the back-office's audit log says who did it
// and what they wrote. Each change is matched to the audit entry of the action that makes it (lock
// to LOCKED, unlock or activate to ACTIVE, cancel to CANCELLED, issue to the first status), in
// order, at or after the change (the entry is written once the wallet has answered).
// A change made outside the back-office (another client of the API) has no entry and names no one.
import type { CardStatusChange } from '@/lib/wallet/contract/schemas';

export type ChangeWho = { name: string; email: string; role: string | null; note: string | null };

export type CardAuditRow = {
  action: string;
  at: Date;
  actorEmail: string;
  actorRole: string | null;
  actorName: string | null;
  note: string | null;
};

/** The statuses each audited card action leaves a card in. */
const LEADS_TO: Record<string, readonly string[]> = {
  'card.issue': ['ACTIVE', 'PENDING'],
  'card.lock': ['LOCKED'],
  'card.unlock': ['ACTIVE'],
  'card.activate': ['ACTIVE'],
  'card.cancel': ['CANCELLED'],
  'card.replace': ['CANCELLED'],
};

export const CARD_CHANGE_ACTIONS = Object.keys(LEADS_TO);

/** An audit entry may be written this long before the change's own time (clocks of two parts). */
const SLACK_MS = 5_000;

/**
 * For each change of `history` (oldest first), who made it, or null; `rows` are the card's
 * successful audit entries of CARD_CHANGE_ACTIONS, oldest first. Greedy: each entry is used once.
 */
export function matchChangeWho(
  history: readonly CardStatusChange[],
  rows: readonly CardAuditRow[],
): (ChangeWho | null)[] {
  const used = new Set<number>();
  return history.map((change) => {
    const at = Date.parse(change.at);
    const index = rows.findIndex(
      (row, i) =>
        !used.has(i) &&
        (LEADS_TO[row.action] ?? []).includes(change.toStatus) &&
        (change.fromStatus === null) === (row.action === 'card.issue') &&
        row.at.getTime() >= at - SLACK_MS,
    );
    if (index < 0) return null;
    used.add(index);
    const row = rows[index]!;
    return {
      name: row.actorName ?? row.actorEmail,
      email: row.actorEmail,
      role: row.actorRole,
      note: row.note,
    };
  });
}

/**
 * What unlocking means for this card: a card reported lost or stolen says so (when, by whom), as
 * whoever unlocks it must know the report it undoes.
 */
export function unlockConsequence(
  history: readonly CardStatusChange[],
  who: readonly (ChangeWho | null)[],
): string {
  const last = history.length - 1;
  const lock = history[last];
  if (lock?.toStatus === 'LOCKED' && (lock.reason === 'LOST' || lock.reason === 'STOLEN')) {
    const by = who[last] ? ` by ${who[last].name}` : '';
    const day = lock.at.slice(0, 10);
    return `It was reported ${lock.reason === 'LOST' ? 'lost' : 'stolen'} on ${day}${by}. Unlock it only if the cardholder has it back: it can be used again at once. A card that stays missing should be replaced instead.`;
  }
  return 'It can be used again at once.';
}
