'use server';
// The sandbox's server actions (docs/card-spending.md "Sandbox and live"): a simulated purchase
// on a card, then the merchant clearing, reversing or refunding it, through the wallet's
// simulate/* operations, as a trainer shows the product; and a deposit to a user's address, then
// more confirmations for it, as the chain watcher would report them (docs/deposits-and-kyt.md). Operators and admins (sandbox.use); each
// audited with the wallet result code (runWalletMutation). Refused outright while simulation is
// off (WALLET_SIMULATION=false), where the wallet has no simulate/* operations either.
import { revalidatePath } from 'next/cache';
import { ACTION_PERMISSIONS } from '@/lib/backoffice/auth/permissions';
import { ActionError, authActionClient, keepTypedValues } from '@/lib/backoffice/shared/action-client';
import { runWalletMutation } from '@/lib/backoffice/shared/wallet-mutation';
import { getWalletClient, isWalletClientError } from '@/lib/backoffice/wallet-client';
import { holderOf, type PurchaseHolder } from '@/lib/backoffice/cards/purchase-words';
import { holdersOf } from '@/lib/backoffice/names/purchase-holders';
import { env } from '@/lib/env';
import { namesOfUser } from '@/lib/backoffice/names/wallet-names';
import { DEPOSIT_STATUS_BADGE, formatUsdt } from '@/lib/backoffice/deposits/deposit-view';
import { chainAddress } from '@/lib/wallet/contract/chains';
import type { Authorization, Deposit, Refund } from '@/lib/wallet/contract/schemas';
import { simulatedSender, simulatedTxHash } from './deposit-simulation';
import {
  labelInSentence,
  purchaseAttemptSummary,
  purchaseDoneSummary,
  stepAttemptSummary,
  stepDoneSummary,
  type MerchantStep,
  type StepPurchase,
} from './sandbox-summaries';
import {
  depositConfirmations,
  merchantStepPostSchema,
  merchantStepSchema,
  simulateConfirmPostSchema,
  simulateConfirmSchema,
  simulateDepositPostSchema,
  simulateDepositSchema,
  simulatePurchasePostSchema,
  simulatePurchaseSchema,
} from './forms';

const PAGE = '/sandbox';
const DEPOSITS_PAGE = '/sandbox/deposits';

function requireSimulation(): void {
  if (!env.WALLET_SIMULATION) {
    throw new ActionError(
      'Simulation is off here (WALLET_SIMULATION=false): purchases come from the card network.',
    );
  }
}

/** The card's holder by name, for a summary; null when the wallet cannot name them now. */
async function holderOfCard(a: Pick<Authorization, 'appUserId' | 'cardId'>): Promise<PurchaseHolder | null> {
  return holderOf(a, await holdersOf([a]));
}

/**
 * The purchase a merchant step is on, with its holder; null when the wallet cannot say, or when
 * the purchase the form names is not the one the step acts on (a refund's transaction, the card):
 * the audit entry never names a purchase on the form's word alone.
 */
async function stepPurchase(
  step: MerchantStep,
  input: { id: number; cardId: number; authorizationId?: number | undefined },
): Promise<StepPurchase | null> {
  const authorizationId = step === 'refund' ? input.authorizationId : input.id;
  if (authorizationId === undefined) return null;
  try {
    const authorization = await getWalletClient().authorizationDetail({ authorizationId });
    const same =
      authorization.cardId === input.cardId &&
      (step !== 'refund' || authorization.transactionId === input.id);
    return same ? { authorization, holder: await holderOfCard(authorization) } : null;
  } catch (error) {
    if (isWalletClientError(error)) return null;
    throw error;
  }
}

export const simulatePurchase = authActionClient
  .metadata({ name: 'sandbox.authorize', permission: ACTION_PERMISSIONS['sandbox.authorize'] })
  .inputSchema(simulatePurchasePostSchema, keepTypedValues)
  .stateAction<{ authorization: Authorization }>(async ({ parsedInput, ctx }) => {
    requireSimulation();
    const { cardId, merchantName, mcc, merchantCountry, amount, requestId } = parsedInput;
    // The names are read inside the call, so the entry is written once, in words; a wallet that
    // cannot name the holder leaves the IDs (holdersOf), never fails the simulated purchase.
    const { authorization } = await runWalletMutation({
      staff: ctx.staff,
      schema: simulatePurchaseSchema,
      action: 'sandbox.authorize',
      targetType: 'card',
      targetId: String(cardId),
      summary: purchaseAttemptSummary(parsedInput),
      call: async () => {
        const a = await getWalletClient().simulateAuthorize({
          cardId,
          merchantName,
          mcc,
          merchantCountry,
          amount,
          requestId,
        });
        return { authorization: a, holder: await holderOfCard(a) };
      },
      describe: ({ authorization: a, holder: h }) => ({
        subjectUser: a.appUserId,
        summary: purchaseDoneSummary(a, h),
      }),
    });
    revalidatePath(PAGE);
    return { authorization };
  });

function stepAction(step: MerchantStep) {
  return async ({
    parsedInput,
    ctx,
  }: {
    parsedInput: {
      id: number;
      cardId: number;
      authorizationId?: number | undefined;
      amount?: string | undefined;
      requestId: string;
    };
    ctx: { staff: Parameters<typeof runWalletMutation>[0]['staff'] };
  }) => {
    requireSimulation();
    const { id, cardId, amount, requestId } = parsedInput;
    const wallet = getWalletClient();
    const purchase = await stepPurchase(step, parsedInput);
    const attempt = stepAttemptSummary(step, parsedInput, purchase);
    const result: Authorization | Refund = await runWalletMutation<Authorization | Refund>({
      staff: ctx.staff,
      schema: merchantStepSchema,
      action: `sandbox.${step}`,
      targetType: 'card',
      targetId: String(cardId),
      ...(purchase ? { subjectUser: purchase.authorization.appUserId } : {}),
      summary: attempt,
      call: () =>
        step === 'clear'
          ? wallet.simulateClear({ authorizationId: id, requestId, ...(amount ? { amount } : {}) })
          : step === 'reverse'
            ? wallet.simulateReverse({ authorizationId: id, requestId, ...(amount ? { amount } : {}) })
            : wallet.simulateRefund({ transactionId: id, requestId, ...(amount ? { amount } : {}) }),
      describe: (r) => ({ summary: stepDoneSummary(attempt, r, purchase) }),
    });
    revalidatePath(PAGE);
    return { step, result };
  };
}

export type MerchantStepResult = { step: MerchantStep; result: Authorization | Refund };

export const clearPurchase = authActionClient
  .metadata({ name: 'sandbox.clear', permission: ACTION_PERMISSIONS['sandbox.clear'] })
  .inputSchema(merchantStepPostSchema, keepTypedValues)
  .stateAction<MerchantStepResult>(stepAction('clear'));

export const reversePurchase = authActionClient
  .metadata({ name: 'sandbox.reverse', permission: ACTION_PERMISSIONS['sandbox.reverse'] })
  .inputSchema(merchantStepPostSchema, keepTypedValues)
  .stateAction<MerchantStepResult>(stepAction('reverse'));

export const refundPurchase = authActionClient
  .metadata({ name: 'sandbox.refund', permission: ACTION_PERMISSIONS['sandbox.refund'] })
  .inputSchema(merchantStepPostSchema, keepTypedValues)
  .stateAction<MerchantStepResult>(stepAction('refund'));

const CHAIN_WORDS = { ETHEREUM: 'Ethereum', TRON: 'Tron' } as const;

/** "confirming, 3 of 12 confirmations", "credited", "held by KYT (high risk)". */
function depositOutcome(d: Deposit): string {
  const status = labelInSentence(DEPOSIT_STATUS_BADGE[d.status].label);
  if (d.status === 'CONFIRMING')
    return `${status}, ${d.confirmations} of ${d.requiredConfirmations} confirmations`;
  return d.risk ? `${status} (${d.risk.level.toLowerCase()} risk)` : status;
}

/** The user's name for a summary; their ID only when the wallet cannot name them. */
async function personWords(appUserId: string): Promise<string> {
  try {
    return (await namesOfUser(appUserId))?.name ?? `user ${appUserId}`;
  } catch {
    return `user ${appUserId}`;
  }
}

export type SimulatedDeposit = { deposit: Deposit };

/**
 * A deposit seen on a chain (simulate/deposit), to the user's own deposit address there (made on
 * first use by deposit/address): a trainer shows a deposit confirming, screened by KYT, credited
 * or held. Once per transaction: the page's transaction characters make its hash.
 */
export const simulateDeposit = authActionClient
  .metadata({ name: 'sandbox.deposit', permission: ACTION_PERMISSIONS['sandbox.deposit'] })
  .inputSchema(simulateDepositPostSchema, keepTypedValues)
  .stateAction<SimulatedDeposit>(async ({ parsedInput, ctx }) => {
    requireSimulation();
    const { appUserId, chain, amount, transaction } = parsedInput;
    const confirmations = depositConfirmations(parsedInput);
    const fromAddress = parsedInput.fromAddress
      ? chainAddress(chain, parsedInput.fromAddress)!
      : simulatedSender(chain, transaction);
    const who = await personWords(appUserId);
    const what = `Simulated a deposit of ${formatUsdt(Number(amount))} on ${CHAIN_WORDS[chain]} to ${who}, ${confirmations} confirmations`;
    const wallet = getWalletClient();
    const deposit = await runWalletMutation({
      staff: ctx.staff,
      schema: simulateDepositSchema,
      action: 'sandbox.deposit',
      targetType: 'user',
      targetId: appUserId,
      summary: what,
      call: async () => {
        const { address } = await wallet.depositAddress({ appUserId, chain });
        return wallet.simulateDeposit({
          chain,
          address,
          txHash: simulatedTxHash(chain, transaction),
          amount,
          fromAddress,
          confirmations,
        });
      },
      describe: (d) => ({
        targetType: 'deposit',
        targetId: String(d.depositId),
        summary: `${what}: deposit ${d.depositId}, ${depositOutcome(d)}`,
      }),
    });
    revalidatePath(DEPOSITS_PAGE);
    revalidatePath(`/users/${encodeURIComponent(appUserId)}`);
    return { deposit };
  });

/** More confirmations for a deposit (simulate/confirm); reaching the chain's number screens it. */
export const simulateConfirm = authActionClient
  .metadata({ name: 'sandbox.confirm', permission: ACTION_PERMISSIONS['sandbox.confirm'] })
  .inputSchema(simulateConfirmPostSchema, keepTypedValues)
  .stateAction<SimulatedDeposit>(async ({ parsedInput, ctx }) => {
    requireSimulation();
    const { depositId, appUserId, confirmations } = parsedInput;
    const who = await personWords(appUserId);
    const what = `Simulated ${confirmations} confirmations of deposit ${depositId} to ${who}`;
    const deposit = await runWalletMutation({
      staff: ctx.staff,
      schema: simulateConfirmSchema,
      action: 'sandbox.confirm',
      targetType: 'deposit',
      targetId: String(depositId),
      subjectUser: appUserId,
      summary: what,
      call: () => getWalletClient().simulateConfirm({ depositId, confirmations }),
      describe: (d) => ({ summary: `${what}: ${depositOutcome(d)}` }),
    });
    revalidatePath(DEPOSITS_PAGE);
    revalidatePath(`/users/${encodeURIComponent(appUserId)}`);
    return { deposit };
  });
