// Choosing whom the sandbox acts on by name, not by typed IDs (docs/back-office.md "Sandbox"): a
// person found by user/search (a name, an e-mail, a phone number, a card's last four), then one of
// their cards (/sandbox, /sandbox/cardholder) or the person themself (/sandbox/deposits). GET-driven, so it works
// without JavaScript: the search is `q` in the address and each choice a link carrying the IDs.
// Pure: the pages call the wallet (sandbox-lookup.ts) and render these.
import { cardLabel, personName } from '@/lib/backoffice/names/labels';
import { SEARCH_MAX, SEARCH_MIN } from '@/lib/backoffice/search/search';
import type { UserWithCards } from '@/lib/wallet/contract/schemas';

export type SandboxSearch =
  | { kind: 'none' }
  | { kind: 'search'; q: string }
  /** Too short or too long for user/search (2-64 characters). */
  | { kind: 'invalid'; q: string; message: string };

export const SANDBOX_SEARCH_RULE = `Type ${SEARCH_MIN}-${SEARCH_MAX} characters: a name, an e-mail, a phone number or a card's last four.`;

/** The page's `q` as a search for user/search, or why it cannot be one. */
export function sandboxSearch(raw: unknown): SandboxSearch {
  const text = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const q = typeof text === 'string' ? text.trim().replace(/\s+/g, ' ') : '';
  if (q === '') return { kind: 'none' };
  if (q.length < SEARCH_MIN || q.length > SEARCH_MAX)
    return { kind: 'invalid', q, message: SANDBOX_SEARCH_RULE };
  return { kind: 'search', q };
}

/** A card as the sandbox names it: "Pia Picker's Virtual Visa Classic ••1234". */
export type SandboxCard = {
  appUserId: string;
  cardId: number;
  holder: string;
  /** "Virtual Visa Classic ••1234" */
  label: string;
  status: string;
  /** "Pia Picker's Virtual Visa Classic ••1234" */
  text: string;
};

/** A person found, with their cards: what the pickers list. */
export type SandboxPerson = {
  appUserId: string;
  name: string;
  email: string;
  cards: SandboxCard[];
};

function cardOf(user: UserWithCards, card: UserWithCards['cardList'][number]): SandboxCard {
  const holder = personName(user);
  const label = cardLabel(card);
  return {
    appUserId: user.appUserId,
    cardId: card.cardId,
    holder,
    label,
    status: card.status,
    text: `${holder}'s ${label}`,
  };
}

/** The people a search found, each with their cards, in the wallet's order (best match first). */
export function sandboxPeople(list: readonly UserWithCards[]): SandboxPerson[] {
  return list.map((user) => ({
    appUserId: user.appUserId,
    name: personName(user),
    email: user.email,
    cards: user.cardList.map((card) => cardOf(user, card)),
  }));
}

/** The card among the wallet's answer, named; undefined when none of them holds it. */
export function sandboxCardOf(list: readonly UserWithCards[], cardId: number): SandboxCard | undefined {
  for (const user of list) {
    const card = user.cardList.find((c) => c.cardId === cardId);
    if (card) return cardOf(user, card);
  }
  return undefined;
}

/** The sandbox's pages that act on a card: purchases, and the card as its holder sees it. */
export type SandboxCardPage = '/sandbox' | '/sandbox/cardholder';

/** /sandbox (or /sandbox/cardholder) with a card chosen: the page names it. */
export function sandboxCardHref(
  card: { appUserId: string; cardId: number },
  page: SandboxCardPage = '/sandbox',
): string {
  return `${page}?appUserId=${encodeURIComponent(card.appUserId)}&cardId=${card.cardId}`;
}

/** /sandbox/deposits with a person chosen: the deposit form names them. */
export function sandboxDepositHref(appUserId: string): string {
  return `/sandbox/deposits?appUserId=${encodeURIComponent(appUserId)}`;
}
