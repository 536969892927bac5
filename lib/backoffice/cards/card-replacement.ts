// A replacement's story on the two cards' pages (docs/back-office.md "Pages", a card): card/detail's
// replacesCardId and replacedByCardId named as the holder's cards ("Grace Hopper's •••• 1234"),
// linking to each other's page, and the old card's ledger entries that moved its money on to the
// new card given that card as their other side. Pure: the page fetches the names.
import type { LedgerEntry } from '@/lib/wallet/contract/schemas';

export type CardLink = { text: string; href: string };

/** The cards this one replaces and is replaced by, named from the holder's cards when listed. */
export function replacementLinks(
  card: { replacesCardId: number | null; replacedByCardId: number | null },
  named: readonly (CardLink & { cardId: number })[],
  hrefOf: (cardId: number) => string,
): { replaces: CardLink | null; replacedBy: CardLink | null } {
  const link = (cardId: number | null): CardLink | null => {
    if (cardId === null) return null;
    const found = named.find((c) => c.cardId === cardId);
    return found ? { text: found.text, href: found.href } : { text: `card ${cardId}`, href: hrefOf(cardId) };
  };
  return { replaces: link(card.replacesCardId), replacedBy: link(card.replacedByCardId) };
}

/**
 * The other side of the old card's own entries that moved its money to the replacement (its
 * balance at the replacement, and any refund that followed it): CARD_REFUND out of this card.
 */
export function movedToReplacement(
  entries: readonly LedgerEntry[],
  cardId: number,
  replacedBy: CardLink | null,
): Map<number, CardLink> {
  if (!replacedBy) return new Map();
  return new Map(
    entries
      .filter((e) => e.cardId === cardId && e.type === 'CARD_REFUND' && e.amount < 0)
      .map((e) => [e.entryId, { text: `To the replacement, ${replacedBy.text}`, href: replacedBy.href }]),
  );
}
