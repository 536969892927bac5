// What an approval request does, in words (docs/back-office.md "Approvals"): the person, the card
// and the assets it names, each linking to its page, so whoever decides reads "From: the agency's
// Card margin (USD) / To: Grace Hopper's Wallet (USD)" and never an ID. Written when the request is
// made, from the wallet's names (lib/backoffice/names), and kept with it. Pure, client-safe.

export type ApprovalFact = { term: string; text: string; href?: string };

/** The maker's reason: required when a request is made, at most 500 characters. */
export const MAKER_REASON_MAX = 500;

export const MAKER_REASON_MISSING =
  'This waits for a second person: say why it is needed, for whoever approves it.';

/** The reason as typed, trimmed; undefined when there is none. */
export function makerReasonOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text === '' ? undefined : text.slice(0, MAKER_REASON_MAX);
}

/**
 * Why the maker asked, for whoever decides: the reason kept with the request; on a request to
 * release a held deposit asked before reasons were kept, the note the maker wrote (its call's own
 * parameter, kept on the deposit). Null when there is neither.
 */
export function makerReasonOfRequest(row: {
  kind: string;
  reason: string | null;
  params: Record<string, unknown>;
}): string | null {
  if (row.reason) return row.reason;
  const note = row.kind === 'deposit.release' ? row.params.note : undefined;
  return typeof note === 'string' && note.trim() !== '' ? note : null;
}
