'use server';
// The money actions of the back-office (asset/transfer, docs/wallet-api.md "Transfers";
// docs/back-office.md "Roles": operators and admins): "Fund wallet" (the agency's asset to a user's
// wallet) and "Top up" (the user's wallet or the agency's asset to one of the user's active cards).
// The dialog has already refused what cannot be paid; the wallet checks again under its row locks
// (4001, 4010) and the refusal reaches the amount or source field. Under the approval policy
// (docs/back-office.md "Approvals") a transfer out of an agency asset that brings what its maker
// moved out of agency assets alone over the last 24 hours to the set amount is not made but waits
// for a second person (direct-transfers.ts).
import { revalidatePath } from 'next/cache';
import { returnValidationErrors } from 'next-safe-action';
import { authActionClient } from '@/lib/backoffice/shared/action-client';
import { runWalletMutation } from '@/lib/backoffice/shared/wallet-mutation';
import { ACTION_PERMISSIONS } from '@/lib/backoffice/auth/permissions';
import { claimDirectTransfer, type DirectTransferClaim } from '@/lib/backoffice/approvals/direct-transfers';
import { requestApproval } from '@/lib/backoffice/approvals/request-approval';
import { getDb } from '@/lib/backoffice/db';
import {
  pagePostSchema,
  transferSchema,
  type TransferValues,
} from '@/lib/backoffice/cards/card-programme-forms';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { answerPagePost } from '@/lib/backoffice/shared/page-post';
import type { z } from 'zod';
import {
  MAKER_REASON_MISSING,
  makerReasonOf,
  type ApprovalFact,
} from '@/lib/backoffice/approvals/approval-facts';
import { agencyAssetNames, assetText, namesOfUser } from '@/lib/backoffice/names/wallet-names';
import { formatDecimalText } from '@/lib/backoffice/shared/format';
import { readSettings } from '@/lib/backoffice/settings/read-settings';
import { getWalletClient, isWalletClientError } from '@/lib/backoffice/wallet-client';
import { compareAmounts } from '@/lib/wallet/contract/money';

/** The transfer in words: whose, from and to which asset, which card (lib/backoffice/names). */
async function transferWords(input: {
  kind: TransferValues['kind'];
  appUserId: string;
  cardId?: number;
  fromAssetId: number;
  toAssetId: number;
  amount: string;
}) {
  const [user, agency] = await Promise.all([namesOfUser(input.appUserId), agencyAssetNames()]);
  const name = user?.name ?? 'a user unknown to the wallet';
  const from = assetText(input.fromAssetId, user, agency);
  const to = assetText(input.toAssetId, user, agency);
  const card = input.cardId === undefined ? undefined : user?.cards.find((c) => c.cardId === input.cardId);
  const source = agency.find((a) => a.assetId === input.fromAssetId);
  const currency =
    source?.currency ?? user?.assets.find((a) => a.assetId === input.fromAssetId)?.currency ?? '';
  const money = currency ? formatDecimalText(input.amount, currency, 2) : input.amount;
  const what =
    input.kind === 'top-up' ? `Top up ${card?.text ?? `a card of ${name}`}` : `Fund ${name}'s wallet`;
  const facts: ApprovalFact[] = [
    { term: 'For', text: name, ...(user ? { href: user.href } : {}) },
    ...(card ? [{ term: 'Card', text: card.label, href: card.href }] : []),
    { term: 'From', text: from.text, href: from.href },
    { term: 'To', text: to.text, href: to.href },
  ];
  return { what, route: `${money} from ${from.text} to ${to.text}`, facts, source, currency, money };
}

type TransferInput = z.output<typeof transferSchema>;

export const transferMoney = authActionClient
  .metadata({ name: 'asset.transfer', permission: ACTION_PERMISSIONS['asset.transfer'] })
  .inputSchema(transferSchema)
  .action(({ parsedInput, ctx }) => moveMoney(ctx.staff, parsedInput));

/**
 * "Fund wallet" and "Top up" posted from their own pages without JavaScript (docs/back-office.md
 * "Without JavaScript"): the same transfer, answered with the user's or the card's page, or the
 * form's page again with what went wrong.
 */
export const transferMoneyFromPage = authActionClient
  .metadata({ name: 'asset.transfer', permission: ACTION_PERMISSIONS['asset.transfer'] })
  .inputSchema(pagePostSchema)
  .action(({ parsedInput: fields, clientInput, ctx }) => {
    const userPath = `/users/${encodeURIComponent(String(fields.appUserId))}`;
    const cardPath = fields.cardId ? `${userPath}/cards/${encodeURIComponent(String(fields.cardId))}` : null;
    return answerPagePost({
      clientInput,
      formPath: cardPath ? `${cardPath}/top-up` : `${userPath}/fund`,
      donePath: cardPath ?? userPath,
      run: async () => {
        const parsed = transferSchema.safeParse({
          ...fields,
          cardId: fields.cardId || undefined,
          makerReason: fields.makerReason || undefined,
        });
        if (!parsed.success) {
          const field = String(parsed.error.issues[0]?.path[0] ?? 'refused');
          returnValidationErrors(transferSchema, {
            [field]: { _errors: [parsed.error.issues[0]!.message] },
          } as never);
        }
        return moveMoney(ctx.staff, parsed.data!);
      },
    });
  });

async function moveMoney(staff: CurrentStaff, input: TransferInput) {
  const ctx = { staff };
  const words = await transferWords(input);
  const { what, route, source } = words;
  const userPath = `/users/${encodeURIComponent(input.appUserId)}`;
  const cardPath = input.cardId ? `${userPath}/cards/${input.cardId}` : undefined;
  const params = {
    fromAssetId: input.fromAssetId,
    toAssetId: input.toAssetId,
    amount: input.amount,
    requestId: input.requestId,
  };

  const db = await getDb();
  const policy = await readSettings(db);
  let claim: DirectTransferClaim | undefined;
  // Whether the money leaves an agency asset is the wallet's to say, not the form's.
  if (policy.transferApprovalOn && source) {
    const reason = makerReasonOf(input.makerReason);
    claim = await claimDirectTransfer({
      db,
      policy,
      makerId: ctx.staff.id,
      requestId: input.requestId,
      amount: input.amount,
      fromAssetId: input.fromAssetId,
    });
    if (claim.held) {
      // Nothing was counted: the maker adds their reason and sends the same request again.
      if (!reason)
        returnValidationErrors(transferSchema, { makerReason: { _errors: [MAKER_REASON_MISSING] } });
      // Why a transfer under the amount waits, for whoever decides it.
      const soFar =
        compareAmounts(claim.earlier, '0') > 0
          ? formatDecimalText(claim.earlier, source.currency, 2)
          : undefined;
      const pending = await requestApproval({
        db,
        actor: ctx.staff,
        call: {
          kind: 'asset.transfer',
          operation: 'assetTransfer',
          params,
          summary: `${what}: ${route}${soFar ? ` (${soFar} already sent without approval in the last 24 hours)` : ''}`,
          facts: [
            ...words.facts,
            ...(soFar ? [{ term: 'Sent without approval in the last 24 hours', text: soFar }] : []),
          ],
          reason: reason!,
          amount: input.amount,
          currency: source.currency,
          subjectUser: input.appUserId,
          targetType: input.kind === 'top-up' ? 'card' : 'user',
          targetId: input.kind === 'top-up' ? String(input.cardId ?? '') : input.appUserId,
          returnPath: cardPath ?? userPath,
        },
      });
      revalidatePath(cardPath ?? userPath);
      revalidatePath('/', 'layout');
      return pending;
    }
  }

  const transfer = await runWalletMutation({
    staff: ctx.staff,
    schema: transferSchema,
    action: 'asset.transfer',
    targetType: input.kind === 'top-up' ? 'card' : 'user',
    targetId: input.kind === 'top-up' ? String(input.cardId ?? '') : input.appUserId,
    subjectUser: input.appUserId,
    summary: `${what}: ${route}`,
    call: async () => {
      try {
        return await getWalletClient().assetTransfer(params);
      } catch (error) {
        // Refused by the wallet: nothing moved, so it no longer counts against the maker. An
        // unknown outcome (no answer) stays counted: the money may have moved.
        const refused = isWalletClientError(error) && error.code !== null && error.code !== 0;
        if (refused && claim && !claim.held) await claim.release();
        throw error;
      }
    },
    describe: (result) => ({ summary: `${what}: ${route} (transfer ${result.transferId})` }),
  });
  revalidatePath(userPath);
  if (cardPath) revalidatePath(cardPath);
  revalidatePath(`/assets/${transfer.fromAssetId}`);
  revalidatePath(`/assets/${transfer.toAssetId}`);
  revalidatePath('/');
  return transfer;
}
