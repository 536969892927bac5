// The card-details link (docs/wallet-api.md "The card-details link"): minted by the agency
// (card/detailsLink) or by the cardholder (me/card/detailsLink) for an ACTIVE or LOCKED card
// (4009 otherwise), a random 32-byte token of which only the sha256 is stored, valid for 60
// seconds and spent by the first open. Opening is one conditional update (opened_at set where it
// is null and the link has not expired), so of two opens at once exactly one gets the page; the
// open and its card.details_viewed event commit together.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DatabaseHandle } from '@/lib/db/open';
import { cardDetailsLink } from '@/lib/wallet/contract/operations/card-details-link';
import { meCardDetailsLink } from '@/lib/wallet/contract/operations/me-card-details-link';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { CardDetailsLink } from '@/lib/wallet/contract/schemas';
import { bindHandler, type HandlerConfig } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import type { WalletDatabase } from '../db';
import { agencies, apps, cardDetailLinks, cards, users } from '../db/schema';
import { recordEvent } from '../event/record-event';
import { findCardOrThrow } from '../card/find-card';
import { categoriesFor } from '../card/category-catalogue';
import { revealCardSecrets } from '../card/card-secrets';
import type { CardDetailsView } from './card-details-page';

/** How long a link opens (docs/wallet-api.md "The card-details link"). */
export const DETAILS_LINK_TTL_MS = 60_000;

/** Where the pages are served: the token follows. */
export const CARD_DETAILS_PATH = '/wallet/card-details/';

const LINKABLE = new Set(['ACTIVE', 'LOCKED']);

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new link for one of the user's cards; the token is in the URL only, never stored. */
export async function mintDetailsLink(options: {
  db: Executor;
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  appUserId: string;
  cardId: number;
  config: Pick<HandlerConfig, 'publicOrigin' | 'detailsLinkTtlMs'>;
  now?: Date;
}): Promise<CardDetailsLink> {
  const { db, app, config } = options;
  const now = options.now ?? new Date();
  const found = await findCardOrThrow(options);
  if (!LINKABLE.has(found.card.status)) {
    throw new WalletError(
      ResultCode.CARD_STATUS_CONFLICT,
      `Card ${found.card.id} is ${found.card.status}: only an ACTIVE or LOCKED card's details can be shown.`,
    );
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + (config.detailsLinkTtlMs ?? DETAILS_LINK_TTL_MS));
  await db.insert(cardDetailLinks).values({
    tokenHash: tokenHash(token),
    appId: app.id,
    cardId: found.card.id,
    userId: found.owner.id,
    createdAt: now,
    expiresAt,
  });
  return {
    url: `${config.publicOrigin ?? ''}${CARD_DETAILS_PATH}${token}`,
    expiresAt: expiresAt.toISOString(),
  };
}

/** What an open found: the page's view and the origins that may frame it; null: 410. */
export type OpenedLink = { view: CardDetailsView; origins: string[] };

/**
 * Spends the link of `token` and answers what its page shows; null when the token is unknown,
 * expired or already spent (nothing is revealed then, not even which of the three).
 */
export async function openDetailsLink(options: {
  db: WalletDatabase;
  engine: DatabaseHandle;
  token: string;
  ip: string;
  userAgent: string;
  now?: Date;
}): Promise<OpenedLink | null> {
  const { db, engine } = options;
  if (!/^[A-Za-z0-9_-]{43}$/.test(options.token)) return null;
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(cardDetailLinks)
      .set({ openedAt: now })
      .where(
        and(
          eq(cardDetailLinks.tokenHash, tokenHash(options.token)),
          isNull(cardDetailLinks.openedAt),
          gt(cardDetailLinks.expiresAt, now),
        ),
      )
      .returning({ cardId: cardDetailLinks.cardId, appId: cardDetailLinks.appId });
    if (!spent) return null;
    const [row] = await tx
      .select({
        card: cards,
        appUserId: users.appUserId,
        app: {
          id: apps.id,
          appId: apps.appId,
          agencyId: apps.agencyId,
          agencyCode: agencies.code,
          origins: apps.cardViewOrigins,
        },
      })
      .from(cards)
      .innerJoin(users, eq(users.id, cards.userId))
      .innerJoin(apps, eq(apps.id, cards.appId))
      .innerJoin(agencies, eq(agencies.id, apps.agencyId))
      .where(eq(cards.id, spent.cardId));
    if (!row) return null;
    const secrets = await revealCardSecrets(tx, row.card.id);
    if (!secrets) return null;
    const category = (await categoriesFor(engine, [row.card.categoryId], tx)).get(row.card.categoryId);
    await recordEvent({
      db: tx,
      app: row.app,
      type: 'card.details_viewed',
      data: {
        cardId: row.card.id,
        appUserId: row.appUserId,
        viewedAt: now.toISOString(),
        ip: options.ip,
        userAgent: options.userAgent.slice(0, 500),
      },
      now,
    });
    return {
      origins: row.app.origins,
      view: {
        cardNumber: secrets.cardNumber,
        cvv: secrets.cvv,
        expireMonth: row.card.expireMonth,
        expireYear: row.card.expireYear,
        embossedName: row.card.embossedName,
        network: category?.network ?? '',
        cardName: category?.name ?? 'Card',
        styleConfig: category?.styleConfig ?? '{}',
      },
    };
  });
}

/** cardDetailsLink's handler (lib/wallet/contract/operations/card-details-link.ts). */
export const cardDetailsLinkHandler = bindHandler(cardDetailsLink, (context, config) =>
  mintDetailsLink({ ...context, appUserId: context.params.appUserId, cardId: context.params.cardId, config }),
);

/** meCardDetailsLink's handler (lib/wallet/contract/operations/me-card-details-link.ts). */
export const meCardDetailsLinkHandler = bindHandler(meCardDetailsLink, (context, config) =>
  mintDetailsLink({
    ...context,
    appUserId: cardholderOf(context).appUserId,
    cardId: context.params.cardId,
    config,
  }),
);

/** The cardholder the HTTP layer found by the walletToken (every me/* handler has one). */
export function cardholderOf(context: { cardholder?: { userId: number; appUserId: string } }) {
  if (!context.cardholder) throw new Error('a me/* operation ran without its cardholder');
  return context.cardholder;
}
