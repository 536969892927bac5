// Number formats shared by the report and its prose.

/** 999,999 cards -> "1M", 99,999 -> "100k", 999 -> "1k" (the seeded sizes are multiples of 3). */
export function cardsLabel(cards: number): string {
  if (cards >= 950_000) return `${+(cards / 1_000_000).toFixed(1)}M`;
  if (cards >= 950) return `${+(cards / 1000).toFixed(cards >= 9_500 ? 0 : 1)}k`;
  return String(cards);
}

/**
 * The service's rate over the floor's for a write figure: with several rounds, the median of the
 * rounds' own ratios (each round's two windows ran back to back, the service first in even rounds
 * and the floor first in odd ones), so a drift of the machine's speed over the rounds cancels in
 * each pair rather than deciding which side's median window came earlier; with one round, the
 * two windows' ratio. `app` and `floor` are the median windows' rates, used when there are no rounds.
 */
export function writeRatio(
  app: number,
  floor: number | undefined,
  rounds?: { app: readonly number[]; floor: readonly number[] },
): number {
  if (!rounds || rounds.app.length < 2 || rounds.app.length !== rounds.floor.length) {
    return app / (floor ?? NaN);
  }
  return median(rounds.app.map((a, i) => a / rounds.floor[i]!));
}

/** The middle value, or the mean of the two middle ones (NaN for none). */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Every round of a write figure in words: each round's ratio, then each side's rates. */
export function roundsText(
  rounds: { app: readonly number[]; floor: readonly number[] },
  appName: string,
  floorName: string,
): string {
  const whole = (x: number) => Math.round(x).toLocaleString('en-US');
  const ratios = rounds.app.map((a, i) => (a / rounds.floor[i]!).toFixed(2));
  return `the rounds’ ratios ${ratios.join(', ')}, their median the figure; ${appName} ${rounds.app.map(whole).join(', ')}/s, ${floorName} ${rounds.floor.map(whole).join(', ')}/s`;
}
