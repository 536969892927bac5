'use server';
// /sandbox/cardholder's "Open as the cardholder" (docs/back-office.md "Sandbox"): a sandbox card
// shown as its holder's phone shows it, for demos and training. Operators and admins
// (sandbox.use), while simulation is on. Each step, audited:
// - the card's details page is minted on the server with card/detailsLink, as an agency's server
//   would, and embedded in an iframe by the page; the back-office's own origin (APP_URL) is added to
//   the app's card-view origins first when missing (app/cardViewOrigins/set), and the answer says so;
// - the cardholder's view is made of me/* calls only (their cards, the card's latest purchases,
//   freeze, unfreeze), with the user's walletToken. The wallet keeps only a hash of it, so the
//   back-office cannot read the one their app holds: each step draws a new one
//   (user/walletToken/rotate), which the page says in words (the app's token stops working), and it
//   never leaves the server.
// The details themselves never reach the back-office: only the link does.
import { revalidatePath } from 'next/cache';
import { ActionError, authActionClient, keepTypedValues } from '@/lib/backoffice/shared/action-client';
import { runWalletMutation } from '@/lib/backoffice/shared/wallet-mutation';
import { getWalletClient, isWalletClientError } from '@/lib/backoffice/wallet-client';
import { appOrigin, env } from '@/lib/env';
import { CARD_VIEW_ORIGINS_MAX } from '@/lib/wallet/contract/schemas';
import type { Authorization, CardDetailsLink, CardholderCard } from '@/lib/wallet/contract/schemas';
import { findSandboxCard } from './sandbox-lookup';
import { cardholderPostSchema, cardholderSchema, type CardholderStep } from './forms';

/** The latest purchases the cardholder view lists. */
const PURCHASES = 5;

export type CardholderView = {
  step: CardholderStep;
  /** "Pia Picker's Virtual Visa Classic ••1234", or the card's ID when the wallet cannot name it. */
  cardText: string;
  cards: CardholderCard[];
  purchases: Authorization[];
  /** The one-time details page to embed; null with why when the card cannot show its details. */
  link: CardDetailsLink | null;
  linkProblem: string | null;
  /** The back-office's origin, when this step added it to the card-view origins. */
  originAdded: string | null;
  /** Why the back-office's origin could not be added: the page then opens in a tab of its own. */
  originProblem: string | null;
};

const STEP_WORDS: Record<CardholderStep, string> = {
  open: 'Opened',
  freeze: 'Froze',
  unfreeze: 'Unfroze',
};

/** The back-office's origin among the app's card-view origins: added when missing. */
async function ensureOwnOrigin(): Promise<{ added: string | null; problem: string | null }> {
  const wallet = getWalletClient();
  const own = appOrigin();
  try {
    const { origins } = await wallet.appCardViewOrigins({});
    if (origins.includes(own)) return { added: null, problem: null };
    if (origins.length >= CARD_VIEW_ORIGINS_MAX) {
      return {
        added: null,
        problem: `The app already has ${CARD_VIEW_ORIGINS_MAX} card-view origins, the most it may have, so ${own} cannot be added (Developers).`,
      };
    }
    await wallet.appCardViewOriginsSet({ origins: [...origins, own].join(',') });
    return { added: own, problem: null };
  } catch (error) {
    if (!isWalletClientError(error)) throw error;
    return {
      added: null,
      problem: `${own} could not be added to the card-view origins: ${error.staffMessage}`,
    };
  }
}

export const actAsCardholder = authActionClient
  .metadata({ name: 'sandbox.cardholder', permission: 'sandbox.use' })
  .inputSchema(cardholderPostSchema, keepTypedValues)
  .stateAction<CardholderView>(async ({ parsedInput, ctx }) => {
    if (!env.WALLET_SIMULATION) {
      throw new ActionError('Simulation is off here (WALLET_SIMULATION=false): the sandbox shows no card.');
    }
    const { appUserId, cardId, step } = parsedInput;
    const wallet = getWalletClient();
    const cardText = (await findSandboxCard(appUserId, cardId))?.text ?? `card ${cardId}`;
    const origin = step === 'open' ? await ensureOwnOrigin() : { added: null, problem: null };
    const view = await runWalletMutation({
      staff: ctx.staff,
      schema: cardholderSchema,
      action: `sandbox.cardholder_${step}`,
      targetType: 'card',
      targetId: String(cardId),
      subjectUser: appUserId,
      summary: `${STEP_WORDS[step]} ${cardText} as its holder (a new walletToken: the one their app held no longer works)${origin.added ? `; added ${origin.added} to the card-view origins` : ''}`,
      call: async (): Promise<CardholderView> => {
        const { walletToken } = await wallet.userWalletTokenRotate({ appUserId });
        if (step === 'freeze') await wallet.meCardFreeze({ cardId, walletToken });
        if (step === 'unfreeze') await wallet.meCardUnfreeze({ cardId, walletToken });
        const [cards, purchases] = await Promise.all([
          wallet.meCards({ walletToken }),
          wallet.meCardAuthorizations({ cardId, pageSize: PURCHASES, walletToken }),
        ]);
        let link: CardDetailsLink | null = null;
        let linkProblem: string | null = null;
        try {
          link = await wallet.cardDetailsLink({ appUserId, cardId });
        } catch (error) {
          if (!isWalletClientError(error)) throw error;
          linkProblem = error.staffMessage;
        }
        return {
          step,
          cardText,
          cards,
          purchases: purchases.list,
          link,
          linkProblem,
          originAdded: origin.added,
          originProblem: origin.problem,
        };
      },
    });
    revalidatePath('/sandbox/cardholder');
    return view;
  });
