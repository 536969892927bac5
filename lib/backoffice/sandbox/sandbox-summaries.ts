// The sandbox's audit sentences (docs/back-office.md "Audit log"): what a trainer simulated, about
// people and things by name ("Simulated a purchase of $30.00 at Corner Cafe (Eating places, United
// States) on Virtual Visa Classic ••4242 of Grace Hopper: approved and held"), amounts with their
// currency, the outcome in the words of the one mapping (purchase-words.ts). IDs only where the
// wallet could not name the purchase, the card or the person. Pure.
import { DECIDED_BY_TEXT } from '@/lib/backoffice/cards/authorization-view';
import {
  moneyText,
  purchaseCardText,
  purchaseOutcomeText,
  purchaseText,
  type PurchaseHolder,
} from '@/lib/backoffice/cards/purchase-words';
import { countryName } from '@/lib/backoffice/shared/format';
import { mccGroupName } from '@/lib/wallet/contract/merchant-categories';
import type { Authorization, Refund } from '@/lib/wallet/contract/schemas';

export type SimulatedPurchaseInput = {
  cardId: number;
  merchantName: string;
  mcc: string;
  merchantCountry: string;
  amount: string;
};

const merchantWords = (name: string, mcc: string, country: string) =>
  `${name} (${mccGroupName(mcc)}, ${countryName(country)})`;

/** Before the wallet answers (what a failure is recorded as): the card by its ID, the amount as typed. */
export function purchaseAttemptSummary(input: SimulatedPurchaseInput): string {
  const { cardId, merchantName, mcc, merchantCountry, amount } = input;
  return `Simulated a purchase of ${amount} at ${merchantWords(merchantName, mcc, merchantCountry)} on card ${cardId}`;
}

/** Once answered: the amount in the card's currency, the card and its holder by name, the outcome. */
export function purchaseDoneSummary(a: Authorization, holder: PurchaseHolder | null): string {
  const merchant = merchantWords(a.merchant.name, a.merchant.mcc, a.merchant.country);
  return `Simulated a purchase of ${moneyText(a.amount, a.currency)} at ${merchant} on ${purchaseCardText(a, holder)}: ${purchaseOutcomeText(a)}`;
}

export type MerchantStep = 'clear' | 'reverse' | 'refund';

/** The purchase a merchant step is on, when the wallet named it, with its holder. */
export type StepPurchase = { authorization: Authorization; holder: PurchaseHolder | null };

const STEP_VERB: Record<MerchantStep, string> = {
  clear: 'the merchant clearing',
  reverse: 'the merchant reversing',
  refund: 'the merchant refunding',
};

/**
 * "Simulated the merchant refunding $6.00 of the purchase of $30.00 at Corner Cafe on Virtual
 * Visa Classic ••4242 of Grace Hopper"; without the purchase, its ID and the card's.
 */
export function stepAttemptSummary(
  step: MerchantStep,
  input: { id: number; cardId: number; amount?: string | undefined },
  purchase: StepPurchase | null,
): string {
  if (!purchase) {
    const what = step === 'refund' ? `transaction ${input.id}` : `authorization ${input.id}`;
    return `Simulated ${STEP_VERB[step]} ${input.amount ?? 'all'} of ${what} on card ${input.cardId}`;
  }
  const a = purchase.authorization;
  const much = input.amount
    ? moneyText(input.amount, a.currency)
    : step === 'refund'
      ? 'what is left'
      : 'all';
  return `Simulated ${STEP_VERB[step]} ${much} of the purchase of ${purchaseText(a)} on ${purchaseCardText(a, purchase.holder)}`;
}

/** Once answered: what the step did, in the purchase's currency when it is known. */
export function stepDoneSummary(
  attempt: string,
  result: Authorization | Refund,
  purchase: StepPurchase | null,
): string {
  if ('refundId' in result) {
    const currency = purchase?.authorization.currency;
    const money = (v: number) => (currency ? moneyText(v, currency) : String(v));
    return `${attempt}: ${money(result.amount)} refunded to the card, its balance now ${money(result.balance)}`;
  }
  return `${attempt}: ${purchaseOutcomeText(result)}, ${moneyText(result.clearedAmount, result.currency)} cleared, ${moneyText(result.heldAmount, result.currency)} still held`;
}

/**
 * A badge's label inside a sentence: its first letter lower case, the rest as written, so that a
 * name keeps its capitals ("Held by KYT" reads "held by KYT", not "held by kyt").
 */
export function labelInSentence(label: string): string {
  return `${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}

/**
 * The decision endpoint's test (/developers), once answered: "Sent a test authorization of $1.00
 * on Virtual Visa Classic ••4242 of Grace Hopper: declined: declined by the programme, decided by
 * the card programme's decision endpoint, in 120 ms".
 */
export function decisionTestSummary(a: Authorization, holder: PurchaseHolder | null, tookMs: number): string {
  const outcome = a.status === 'DECLINED' ? purchaseOutcomeText(a) : 'approved';
  return `Sent a test authorization of ${moneyText(a.amount, a.currency)} on ${purchaseCardText(a, holder)}: ${outcome}, decided by ${labelInSentence(DECIDED_BY_TEXT[a.decidedBy])}, in ${tookMs} ms`;
}
