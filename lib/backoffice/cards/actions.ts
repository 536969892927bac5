'use server';
// Server actions of a card's lifecycle (card/lock, unlock, activate, cancel:
// docs/wallet-api.md "Card lifecycle"; and card/replace), with the roles of docs/back-office.md "Roles"
// (ACTION_PERMISSIONS: support may lock, as a caller reports a card lost or stolen; only
// operators and admins unlock, activate or cancel). Each is checked, validated, audited with its reason and wallet result code, and
// idempotent through the dialog's requestId. Under the approval policy
// (docs/back-office.md "Approvals") unlocking a card locked as STOLEN or FRAUD_SUSPECTED, and
// cancelling a card, wait for a second person instead (requestApproval): the call is recorded, not
// made; so does replacing a card still locked as STOLEN or FRAUD_SUSPECTED, as its unlock would.
import { revalidatePath } from 'next/cache';
import { returnValidationErrors } from 'next-safe-action';
import type { z } from 'zod';
import { redirect } from 'next/navigation';
import { authActionClient, keepTypedValues } from '@/lib/backoffice/shared/action-client';
import { postedWithoutScript } from '@/lib/backoffice/shared/action-form-data';
import { runWalletMutation } from '@/lib/backoffice/shared/wallet-mutation';
import {
  cancelNeedsApproval,
  lockReasonOf,
  replaceNeedsApproval,
  unlockNeedsApproval,
} from '@/lib/backoffice/approvals/approval-policy';
import { requestApproval, type PendingApproval } from '@/lib/backoffice/approvals/request-approval';
import {
  MAKER_REASON_MISSING,
  makerReasonOf,
  type ApprovalFact,
} from '@/lib/backoffice/approvals/approval-facts';
import { getDb } from '@/lib/backoffice/db';
import { namesOfUser } from '@/lib/backoffice/names/wallet-names';
import { readSettings } from '@/lib/backoffice/settings/read-settings';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { ACTION_PERMISSIONS } from '@/lib/backoffice/auth/permissions';
import { answerPagePost } from '@/lib/backoffice/shared/page-post';
import {
  cardChangeSchema,
  cardChangeWithReasonSchema,
  pagePostSchema,
  cardReplacePostSchema,
  cardReplaceSchema,
  REASON_LABELS,
  type CardChangeReason,
} from '@/lib/backoffice/cards/card-programme-forms';
import { getWalletClient, isWalletClientError } from '@/lib/backoffice/wallet-client';
import { cardActionWords, type CardAction } from '@/lib/wallet/contract/card-lifecycle';

type Change = {
  appUserId: string;
  cardId: number;
  requestId: string;
  reason?: CardChangeReason;
  makerReason?: string | undefined;
  note?: string | undefined;
};

type Changed = { cardId: number; status: string };

/** Whether the policy makes this change wait for a second person; the facts come from the wallet. */
async function needsApproval(action: CardAction, input: Change): Promise<boolean> {
  if (action !== 'unlock' && action !== 'cancel') return false;
  const policy = await readSettings(await getDb());
  if (action === 'cancel') return cancelNeedsApproval(policy);
  if (!policy.unlockApprovalOn) return false;
  const card = await getWalletClient().cardDetail({ appUserId: input.appUserId, cardId: input.cardId });
  // A card that is not locked is the wallet's to refuse (4009), not a second person's to approve.
  return card.status === 'LOCKED' && unlockNeedsApproval(policy, { lockReason: lockReasonOf(card.history) });
}

/**
 * "Lock Grace Hopper's Virtual Visa Classic ••1234 (reason: Lost)"; once done, "Locked ...". The
 * card in words (lib/backoffice/names); its number only when the wallet cannot name it.
 */
function summaryOf(action: CardAction, input: Change, when: 'before' | 'after', card: string): string {
  const words = cardActionWords(action);
  const because = input.reason ? ` (reason: ${REASON_LABELS[input.reason]})` : '';
  return `${when === 'after' ? words.Done : words.Verb} ${card}${because}`;
}

/** The card and its holder in words, with their pages. */
async function cardWords(input: Change) {
  const user = await namesOfUser(input.appUserId);
  const card = user?.cards.find((c) => c.cardId === input.cardId);
  return {
    text: card?.text ?? `card ${input.cardId} of user ${input.appUserId}`,
    facts: [
      ...(user ? [{ term: 'Holder', text: user.name, href: user.href }] : []),
      ...(card ? [{ term: 'Card', text: card.label, href: card.href }] : []),
    ] satisfies ApprovalFact[],
  };
}

function pathsOf(input: Change): { userPath: string; cardPath: string } {
  const userPath = `/users/${encodeURIComponent(input.appUserId)}`;
  return { userPath, cardPath: `${userPath}/cards/${input.cardId}` };
}

const refOf = (input: Change) => ({
  appUserId: input.appUserId,
  cardId: input.cardId,
  requestId: input.requestId,
});

/** The change recorded for a second person instead of made (docs/back-office.md "Approvals"). */
async function askForApproval(
  staff: CurrentStaff,
  action: CardAction,
  input: Change,
): Promise<PendingApproval> {
  const ref = refOf(input);
  const { cardPath } = pathsOf(input);
  const reason = makerReasonOf(input.makerReason);
  const schema = action === 'cancel' ? cardChangeWithReasonSchema : cardChangeSchema;
  if (!reason) returnValidationErrors(schema, { makerReason: { _errors: [MAKER_REASON_MISSING] } });
  const card = await cardWords(input);
  const pending = await requestApproval({
    db: await getDb(),
    actor: staff,
    call: {
      kind: action === 'unlock' ? 'card.unlock' : 'card.cancel',
      operation: action === 'unlock' ? 'cardUnlock' : 'cardCancel',
      params: action === 'cancel' ? { ...ref, reason: input.reason! } : ref,
      summary: summaryOf(action, input, 'before', card.text),
      facts: [
        ...card.facts,
        ...(input.reason ? [{ term: 'Reason', text: REASON_LABELS[input.reason] }] : []),
      ],
      reason,
      subjectUser: input.appUserId,
      targetType: 'card',
      targetId: String(input.cardId),
      returnPath: cardPath,
    },
  });
  revalidatePath(cardPath);
  revalidatePath('/', 'layout');
  return pending;
}

/** The wallet operation of each action; lock and cancel carry the reason. */
function callWallet(action: CardAction, input: Change) {
  const wallet = getWalletClient();
  const ref = refOf(input);
  switch (action) {
    case 'lock':
      return wallet.cardLock({ ...ref, reason: input.reason! });
    case 'cancel':
      return wallet.cardCancel({ ...ref, reason: input.reason! });
    case 'unlock':
      return wallet.cardUnlock(ref);
    case 'activate':
      return wallet.cardActivate(ref);
  }
}

async function changeCard(
  staff: CurrentStaff,
  action: CardAction,
  schema: z.ZodObject,
  input: Change,
): Promise<Changed | PendingApproval> {
  if (await needsApproval(action, input)) return askForApproval(staff, action, input);
  const { text } = await cardWords(input);
  const card = await runWalletMutation({
    staff,
    schema,
    action: `card.${action}`,
    targetType: 'card',
    targetId: String(input.cardId),
    subjectUser: input.appUserId,
    summary: summaryOf(action, input, 'before', text),
    ...(input.note ? { note: input.note } : {}),
    call: () => callWallet(action, input),
    describe: (result) => ({ summary: `${summaryOf(action, input, 'after', text)}; now ${result.status}` }),
  });
  const { userPath, cardPath } = pathsOf(input);
  revalidatePath(cardPath);
  revalidatePath(userPath);
  return { cardId: card.cardId, status: card.status };
}

export const lockCard = authActionClient
  .metadata({ name: 'card.lock', permission: ACTION_PERMISSIONS['card.lock'] })
  .inputSchema(cardChangeWithReasonSchema)
  .action(({ parsedInput, ctx }) => changeCard(ctx.staff, 'lock', cardChangeWithReasonSchema, parsedInput));

export const cancelCard = authActionClient
  .metadata({ name: 'card.cancel', permission: ACTION_PERMISSIONS['card.cancel'] })
  .inputSchema(cardChangeWithReasonSchema)
  .action(({ parsedInput, ctx }) => changeCard(ctx.staff, 'cancel', cardChangeWithReasonSchema, parsedInput));

export const unlockCard = authActionClient
  .metadata({ name: 'card.unlock', permission: ACTION_PERMISSIONS['card.unlock'] })
  .inputSchema(cardChangeSchema)
  .action(({ parsedInput, ctx }) => changeCard(ctx.staff, 'unlock', cardChangeSchema, parsedInput));

export const activateCard = authActionClient
  .metadata({ name: 'card.activate', permission: ACTION_PERMISSIONS['card.activate'] })
  .inputSchema(cardChangeSchema)
  .action(({ parsedInput, ctx }) => changeCard(ctx.staff, 'activate', cardChangeSchema, parsedInput));

// Pages of their own (docs/back-office.md "Without JavaScript"): the same changes posted by the
// browser from /users/<appUserId>/cards/<cardId>/<change>, answered with the card's page, or the
// form's page again with what went wrong (answerPagePost). Lock is support's too; the others are
// one action, for the role that may do all three.

function cardFromPage(
  staff: CurrentStaff,
  action: CardAction,
  fields: Record<string, unknown>,
  clientInput: unknown,
): Promise<Changed | PendingApproval> {
  const cardPath = `/users/${encodeURIComponent(String(fields.appUserId))}/cards/${encodeURIComponent(String(fields.cardId ?? ''))}`;
  const schema = action === 'lock' || action === 'cancel' ? cardChangeWithReasonSchema : cardChangeSchema;
  return answerPagePost({
    clientInput,
    formPath: `${cardPath}/${action}`,
    donePath: cardPath,
    run: async () => {
      const parsed = schema.safeParse({ ...fields, makerReason: fields.makerReason || undefined });
      if (!parsed.success) {
        const field = String(parsed.error.issues[0]?.path[0] ?? 'refused');
        returnValidationErrors(schema, { [field]: { _errors: [parsed.error.issues[0]!.message] } } as never);
      }
      return changeCard(staff, action, schema, parsed.data as Change);
    },
  });
}

export const lockCardFromPage = authActionClient
  .metadata({ name: 'card.lock', permission: ACTION_PERMISSIONS['card.lock'] })
  .inputSchema(pagePostSchema)
  .action(({ parsedInput, clientInput, ctx }) => cardFromPage(ctx.staff, 'lock', parsedInput, clientInput));

const MANAGED_CHANGES = ['unlock', 'activate', 'cancel'] as const;

export const changeCardFromPage = authActionClient
  .metadata({ name: 'card.change', permission: ACTION_PERMISSIONS['card.unlock'] })
  .inputSchema(pagePostSchema)
  .action(({ parsedInput, clientInput, ctx }) => {
    const change = MANAGED_CHANGES.find((c) => c === parsedInput.change);
    if (!change)
      returnValidationErrors(pagePostSchema, {
        change: { _errors: ['Choose unlock, activate or cancel.'] },
      } as never);
    return cardFromPage(ctx.staff, change!, parsedInput, clientInput);
  });

export type ReplacedCard = { oldCardId: number; cardId: number; status: string; last4: string; path: string };

/**
 * The lost-card call's end (docs/back-office.md "Pages", a card): card/replace cancels the card
 * with the reason and issues a new one of its category with its balance and spending controls,
 * paid as the old one was, in one wallet call, once per requestId. Operators and admins
 * (cards.manage); audited on the old card with the note; the answer names the new card's page. A
 * card locked as STOLEN or FRAUD_SUSPECTED waits for a second person instead, as its unlock does.
 */
export const replaceCard = authActionClient
  .metadata({ name: 'card.replace', permission: ACTION_PERMISSIONS['card.replace'] })
  .inputSchema(cardReplaceSchema)
  .action(({ parsedInput, ctx }): Promise<ReplacedCard | PendingApproval> =>
    replaceOne(ctx.staff, parsedInput),
  );

type ReplaceInput = z.output<typeof cardReplaceSchema>;

/** Whether this replacement waits: the card is locked as stolen or fraud and the unlock would wait. */
async function replaceNeedsSecondPerson(input: ReplaceInput): Promise<boolean> {
  const policy = await readSettings(await getDb());
  if (!policy.unlockApprovalOn) return false;
  const card = await getWalletClient().cardDetail({ appUserId: input.appUserId, cardId: input.cardId });
  return replaceNeedsApproval(policy, { status: card.status, lockReason: lockReasonOf(card.history) });
}

function replaceSummary(input: ReplaceInput, card: string): string {
  return `Replace ${card} (reason: ${REASON_LABELS[input.reason]})`;
}

/** The replacement recorded for a second person (docs/back-office.md "Approvals"). */
async function askToReplace(staff: CurrentStaff, input: ReplaceInput): Promise<PendingApproval> {
  const reason = makerReasonOf(input.makerReason);
  if (!reason)
    returnValidationErrors(cardReplaceSchema, { makerReason: { _errors: [MAKER_REASON_MISSING] } });
  const card = await cardWords(input);
  const { cardPath } = pathsOf(input);
  const pending = await requestApproval({
    db: await getDb(),
    actor: staff,
    call: {
      kind: 'card.replace',
      operation: 'cardReplace',
      params: { ...refOf(input), reason: input.reason },
      summary: replaceSummary(input, card.text),
      facts: [...card.facts, { term: 'Reason', text: REASON_LABELS[input.reason] }],
      reason,
      subjectUser: input.appUserId,
      targetType: 'card',
      targetId: String(input.cardId),
      returnPath: cardPath,
    },
  });
  revalidatePath(cardPath);
  revalidatePath('/', 'layout');
  return pending;
}

async function replaceOne(staff: CurrentStaff, input: ReplaceInput): Promise<ReplacedCard | PendingApproval> {
  if (await replaceNeedsSecondPerson(input)) return askToReplace(staff, input);
  const { text } = await cardWords(input);
  const issued = await runWalletMutation({
    staff,
    schema: cardReplaceSchema,
    action: 'card.replace',
    targetType: 'card',
    targetId: String(input.cardId),
    subjectUser: input.appUserId,
    summary: replaceSummary(input, text),
    ...(input.note ? { note: input.note } : {}),
    call: () =>
      getWalletClient().cardReplace({
        appUserId: input.appUserId,
        cardId: input.cardId,
        reason: input.reason,
        requestId: input.requestId,
      }),
    describe: (result) => ({
      summary: `Replaced ${text} (reason: ${REASON_LABELS[input.reason]}) by card ${result.cardId} •••• ${result.last4}; now ${result.status}`,
    }),
  });
  const { userPath, cardPath } = pathsOf(input);
  revalidatePath(cardPath);
  revalidatePath(userPath);
  return {
    oldCardId: input.cardId,
    cardId: issued.cardId,
    status: issued.status,
    last4: issued.last4,
    path: `${userPath}/cards/${issued.cardId}`,
  };
}

/**
 * The replace page's form (/users/<appUserId>/cards/<cardId>/replace, docs/back-office.md "Without
 * JavaScript"): a form's state action. Posted by the browser, it answers with the new card's page;
 * refused, with the page again, the problem beside its field or above the form, and the reason
 * and note as chosen and typed (keepTypedValues: a wallet refusal comes back the same way, as the
 * form's own error, so nothing typed is lost either). Called from code it answers as replaceCard.
 */
export const replaceCardFromPage = authActionClient
  .metadata({ name: 'card.replace', permission: ACTION_PERMISSIONS['card.replace'] })
  .inputSchema(cardReplacePostSchema, keepTypedValues)
  .stateAction<ReplacedCard | PendingApproval>(async ({ parsedInput, clientInput, ctx }) => {
    let replaced: ReplacedCard | PendingApproval;
    try {
      replaced = await replaceOne(ctx.staff, parsedInput);
    } catch (error) {
      if (!postedWithoutScript(clientInput) || !isWalletClientError(error)) throw error;
      returnValidationErrors(cardReplaceSchema, { _errors: [error.staffMessage] });
    }
    // Sent for approval: the card's page, where the waiting request is said (ApprovalNotices).
    if (postedWithoutScript(clientInput))
      redirect('approval' in replaced ? pathsOf(parsedInput).cardPath : replaced.path);
    return replaced;
  });
