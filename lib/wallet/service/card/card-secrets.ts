// A card's number and CVV at rest (docs/security.md "Card numbers at rest"): sealed together with
// the master key (secret-box.ts, AES-256-GCM) in cards.sealed_secrets; beside them only the first
// six, the last four, the length (what the mask shows) and a keyed fingerprint (HMAC-SHA256 under
// a key derived from the master key) whose uniqueness is "already bound" (4006). The one place that
// seals, opens and fingerprints a card number: issuance (apply-card.ts) stores what
// sealedCardColumns gives, the card-details page opens with revealCardSecrets, and the one reseal
// step (sealAppSecrets) seals rows from before sealing and re-seals on a master-key rotation.
import { and, asc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { generateCvv } from '@/lib/wallet/contract/card-number';
import type { Executor } from '../context';
import { cards } from '../db/schema';
import { configuredSecretBox } from '../secrets/app-secrets';
import type { SecretBox } from '../secrets/secret-box';

export { maskCardNumber } from '@/lib/wallet/contract/card-number';

export interface CardSecrets {
  cardNumber: string;
  cvv: string;
}

/** The fingerprint key's purpose (secret-box.ts derives one key per purpose). */
const FINGERPRINT_PURPOSE = 'card number';

/** How many rows the reseal step reads and writes at a time (a rotation over many cards). */
const RESEAL_BATCH = 500;

/** What a card row stores of its number and CVV. */
export function sealedCardColumns(box: SecretBox, secrets: CardSecrets) {
  const { cardNumber } = secrets;
  return {
    sealedSecrets: box.seal(JSON.stringify({ cardNumber: secrets.cardNumber, cvv: secrets.cvv })),
    first6: cardNumber.slice(0, 6),
    last4: cardNumber.slice(-4),
    numberLength: cardNumber.length,
    fingerprint: box.fingerprint(FINGERPRINT_PURPOSE, cardNumber),
  };
}

/** A new card's columns: the number sealed with a freshly drawn CVV. */
export function newCardSecretColumns(box: SecretBox, cardNumber: string) {
  return sealedCardColumns(box, { cardNumber, cvv: generateCvv() });
}

/** The number and CVV of a sealed value; throws when no key of the box opens it. */
export function openCardSecrets(box: SecretBox, sealed: string): CardSecrets {
  const value = JSON.parse(box.open(sealed)) as Partial<CardSecrets>;
  if (typeof value.cardNumber !== 'string' || typeof value.cvv !== 'string') {
    throw new Error('sealed card secrets without a number or CVV');
  }
  return { cardNumber: value.cardNumber, cvv: value.cvv };
}

/** Opens the sealed number and CVV of one card (null if no such card). */
export async function revealCardSecrets(
  db: Executor,
  cardId: number | string,
  box: SecretBox = configuredSecretBox(),
): Promise<CardSecrets | null> {
  const id = Number(cardId);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [row] = await db.select({ sealedSecrets: cards.sealedSecrets }).from(cards).where(eq(cards.id, id));
  if (!row?.sealedSecrets) return null;
  return openCardSecrets(box, row.sealedSecrets);
}

/**
 * Whether a number is bound to a card already: its fingerprint under any key of the box's ring
 * (during a rotation's overlap a card may still carry the previous key's).
 */
export async function cardNumberIsBound(db: Executor, box: SecretBox, cardNumber: string): Promise<boolean> {
  const [bound] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(inArray(cards.fingerprint, box.fingerprints(FINGERPRINT_PURPOSE, cardNumber)))
    .limit(1);
  return bound !== undefined;
}

/** The start of a value sealed by the box's current key (`sb1.<key id>.`). */
function currentSealPrefix(box: SecretBox): string {
  return `${box.seal('').split('.', 2).join('.')}.`;
}

/**
 * The cards' part of the one reseal step (sealAppSecrets): a row still plain (from before
 * migration 0029) is sealed with a newly drawn CVV and its plain number emptied; a row sealed by
 * another key of the ring is re-sealed, and its fingerprint computed again, under the current one.
 * Returns how many rows changed and the cards no key opens (left as they are).
 */
export async function sealCardSecrets(
  db: Executor,
  box: SecretBox,
): Promise<{ sealed: number; unopenable: string[] }> {
  const prefix = currentSealPrefix(box);
  let sealed = 0;
  const unopenable: string[] = [];
  for (let after = 0; ;) {
    const rows = await db
      .select({ id: cards.id, plain: cards.plainCardNumber, stored: cards.sealedSecrets })
      .from(cards)
      .where(
        and(
          gt(cards.id, after),
          or(
            isNotNull(cards.plainCardNumber),
            sql`left(${cards.sealedSecrets}, ${prefix.length}) <> ${prefix}`,
          ),
        ),
      )
      .orderBy(asc(cards.id))
      .limit(RESEAL_BATCH);
    for (const row of rows) {
      let secrets: CardSecrets;
      if (row.plain !== null) secrets = { cardNumber: row.plain, cvv: generateCvv() };
      else {
        try {
          secrets = openCardSecrets(box, row.stored ?? '');
        } catch {
          unopenable.push(`card ${row.id}`);
          continue;
        }
      }
      await db
        .update(cards)
        .set({ ...sealedCardColumns(box, secrets), plainCardNumber: null })
        .where(eq(cards.id, row.id));
      sealed++;
    }
    if (rows.length < RESEAL_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  return { sealed, unopenable };
}
