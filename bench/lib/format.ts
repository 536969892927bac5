// Number formats shared by the report and its prose.

/** 999,999 cards -> "1M", 99,999 -> "100k", 999 -> "1k" (the seeded sizes are multiples of 3). */
export function cardsLabel(cards: number): string {
  if (cards >= 950_000) return `${+(cards / 1_000_000).toFixed(1)}M`;
  if (cards >= 950) return `${+(cards / 1000).toFixed(cards >= 9_500 ? 0 : 1)}k`;
  return String(cards);
}
