'use server';
// Server actions of the card-issue wizard (/cards/issue, spec 4.3/4.4): the look-ups it makes as it
// goes (users, the assets that can pay, card types, delivery addresses), adding a delivery address
// inline (4.7), and issuing the card. Issuing is idempotent through the wizard's requestId. The
// card number is masked here, so no full number reaches the browser. Under the approval policy
// (docs/back-office.md "Approvals") an issuance paid by the agency whose fee is at least the set
// amount waits for a second person instead: the call is recorded, with the wizard's requestId and
// the maker's reason (required then), not made.
import { formatMoney } from '@/lib/backoffice/shared/format';
import { maskCardNumber } from '@/lib/backoffice/shared/mask';
import { toIssueUser, userLookup } from '@/lib/backoffice/card-issue/card-issue-user-search';
import { ActionError, authActionClient } from '@/lib/backoffice/shared/action-client';
import { runWalletMutation } from '@/lib/backoffice/shared/wallet-mutation';
import { ACTION_PERMISSIONS } from '@/lib/backoffice/auth/permissions';
import { issueNeedsApproval } from '@/lib/backoffice/approvals/approval-policy';
import { requestApproval, type PendingApproval } from '@/lib/backoffice/approvals/request-approval';
import { MAKER_REASON_MISSING, makerReasonOf } from '@/lib/backoffice/approvals/approval-facts';
import { returnValidationErrors } from 'next-safe-action';
import { agencyAssetNames, assetText, namesOfUser } from '@/lib/backoffice/names/wallet-names';
import { getDb } from '@/lib/backoffice/db';
import { readSettings } from '@/lib/backoffice/settings/read-settings';
import { getWalletClient, WalletInsufficientFundsError } from '@/lib/backoffice/wallet-client';
import {
  deliveryAddressSchema,
  issueCardSchema,
  issueUserRefSchema,
  searchIssueUsersSchema,
  type IssueCardValues,
  type IssuedCard,
  type IssueUser,
} from '@/lib/backoffice/card-issue/forms';

/** Users matching what was typed (user/search); the newest ones for an empty search. */
export const searchIssueUsers = authActionClient
  .metadata({ name: 'card_issue.search_users', permission: 'users.read' })
  .inputSchema(searchIssueUsersSchema)
  .action(async ({ parsedInput }): Promise<IssueUser[]> => {
    const wallet = getWalletClient();
    const lookup = userLookup(parsedInput.query);
    if (lookup.kind === 'unsearchable') return [];
    if (lookup.kind === 'newest') {
      const page = await wallet.cardListAllByUser({ pageNum: 1, pageSize: 20 });
      return page.list.map(toIssueUser);
    }
    const found = await wallet.userSearch({ q: lookup.q, pageSize: 20 });
    return found.list.map(toIssueUser);
  });

/** The agency's assets that pay for cards (4.3). */
export const listAgencyPaymentAssets = authActionClient
  .metadata({ name: 'card_issue.agency_assets', permission: 'assets.read' })
  .action(async () => (await getWalletClient().agencyAssetList({})).filter((a) => a.type === 'CARD_MARGIN'));

/** The user's own wallet assets (4.4): a card's own asset never pays for another card. */
export const listUserPaymentAssets = authActionClient
  .metadata({ name: 'card_issue.user_assets', permission: 'users.read' })
  .inputSchema(issueUserRefSchema)
  .action(async ({ parsedInput }) => {
    const assets = await getWalletClient().userAssetList({ appUserId: parsedInput.appUserId });
    return {
      wallets: assets.filter((asset) => asset.type === 'WALLET'),
      cardAssetCount: assets.filter((asset) => asset.type === 'CARD').length,
    };
  });

export const listCardCategories = authActionClient
  .metadata({ name: 'card_issue.categories', permission: 'cards.read' })
  .action(async () => getWalletClient().categoryList({}));

export const listDeliveryAddresses = authActionClient
  .metadata({ name: 'card_issue.addresses', permission: 'users.read' })
  .inputSchema(issueUserRefSchema)
  .action(async ({ parsedInput }) => getWalletClient().addressList({ appUserId: parsedInput.appUserId }));

/** The wizard's inline address form (the address page has its own action, in addresses.ts). */
export const addDeliveryAddress = authActionClient
  .metadata({ name: 'address.add', permission: 'addresses.add' })
  .inputSchema(deliveryAddressSchema)
  .action(async ({ parsedInput, ctx }) => {
    const created = await runWalletMutation({
      staff: ctx.staff,
      schema: deliveryAddressSchema,
      action: 'address.add',
      targetType: 'user',
      targetId: parsedInput.appUserId,
      summary: `Add a delivery address in ${parsedInput.country} for user ${parsedInput.appUserId} (card issue)`,
      call: () => getWalletClient().addAddress(parsedInput),
      describe: (result) => ({
        summary: `Added delivery address ${result.addressId} in ${parsedInput.country} for user ${parsedInput.appUserId} (card issue)`,
      }),
    });
    return { addressId: created.addressId };
  });

export const issueCard = authActionClient
  .metadata({ name: 'card.issue', permission: ACTION_PERMISSIONS['card.issue'] })
  .inputSchema(issueCardSchema)
  .action(async ({ parsedInput: input, ctx }): Promise<IssuedCard | PendingApproval> => {
    const wallet = getWalletClient();
    const apply = input.payer === 'agency' ? wallet.agencyApplyUserCard : wallet.userApplyCard;
    const paidBy = input.payer === 'agency' ? 'the agency' : 'the user';
    const attempt = `Issue a card of category ${input.categoryId} to user ${input.appUserId}, paid by ${paidBy} from asset ${input.paymentAssetId}`;
    const params = {
      appUserId: input.appUserId,
      paymentAssetId: input.paymentAssetId,
      categoryId: input.categoryId,
      embossedName: input.embossedName,
      needDelivery: input.needDelivery,
      ...(input.needDelivery ? { addressId: input.addressId } : {}),
      requestId: input.requestId,
    };
    if (input.payer === 'agency') {
      const db = await getDb();
      const policy = await readSettings(db);
      // The fee as the wallet holds it now, never as the wizard showed it.
      const category = policy.issueApprovalOn
        ? (await wallet.categoryList({})).find((c) => c.categoryId === input.categoryId)
        : undefined;
      if (category && issueNeedsApproval(policy, { payer: 'agency', fee: category.fee })) {
        // Whoever decides reads why (docs/back-office.md "Approvals"); the wizard asks for it on
        // its review once the fee reaches the policy's amount.
        const reason = makerReasonOf(input.makerReason);
        if (!reason) {
          returnValidationErrors(issueCardSchema, { makerReason: { _errors: [MAKER_REASON_MISSING] } });
        }
        const [user, agency] = await Promise.all([namesOfUser(input.appUserId), agencyAssetNames()]);
        const name = user?.name ?? 'a user unknown to the wallet';
        const from = assetText(input.paymentAssetId, user, agency);
        const fee = formatMoney(category.fee, category.currency, category.decimalPlaces);
        return requestApproval({
          db,
          actor: ctx.staff,
          call: {
            kind: 'card.issue',
            operation: 'agencyApplyUserCard',
            params: params as typeof params & { addressId?: number },
            summary: `Issue a ${category.name} card to ${name}, fee ${fee} paid by the agency from ${from.text}`,
            facts: [
              { term: 'For', text: name, ...(user ? { href: user.href } : {}) },
              { term: 'Card', text: `${category.name}, embossed ${input.embossedName}` },
              { term: 'Paid from', text: from.text, href: from.href },
              {
                term: 'Delivery',
                text: input.needDelivery ? 'Delivered to an address of the user' : 'Virtual, none',
              },
            ],
            reason,
            amount: String(category.fee),
            currency: category.currency,
            subjectUser: input.appUserId,
            targetType: 'user',
            targetId: input.appUserId,
            returnPath: `/users/${encodeURIComponent(input.appUserId)}`,
          },
        });
      }
    }
    try {
      const card = await runWalletMutation({
        staff: ctx.staff,
        schema: issueCardSchema,
        action: 'card.issue',
        // The user it was meant for, until it succeeds and the new card becomes the target.
        targetType: 'user',
        targetId: input.appUserId,
        summary: attempt,
        call: () => apply(params),
        describe: (result) => ({
          targetType: 'card',
          targetId: String(result.cardId),
          summary: `Issued card ${result.cardId} (category ${input.categoryId}, ${result.status}) to user ${input.appUserId}, paid by ${paidBy} from asset ${input.paymentAssetId}`,
        }),
      });
      return {
        cardId: card.cardId,
        appUserId: input.appUserId,
        maskedNumber: maskCardNumber(card.cardNumber),
        last4: card.last4,
        embossedName: card.embossedName,
        expiryMonth: card.expiryMonth,
        expiryYear: card.expiryYear,
        status: card.status,
        cardAccountStatus: card.cardAccountStatus,
        msg: card.msg,
      };
    } catch (error) {
      if (error instanceof WalletInsufficientFundsError) {
        throw new ActionError(await insufficientFundsMessage(error, input));
      }
      throw error;
    }
  });

/**
 * 4001 in numbers: the balance and the fee as the wallet holds them now (the wizard's own figures
 * may be older). The wallet's `msg` has them too, but it is not for staff (errors.ts).
 */
async function insufficientFundsMessage(
  error: WalletInsufficientFundsError,
  input: IssueCardValues,
): Promise<string> {
  try {
    const wallet = getWalletClient();
    const [assets, categories] = await Promise.all([
      input.payer === 'agency'
        ? wallet.agencyAssetList({})
        : wallet.userAssetList({ appUserId: input.appUserId }),
      wallet.categoryList({}),
    ]);
    const asset = assets.find((a) => a.assetId === input.paymentAssetId);
    const category = categories.find((c) => c.categoryId === input.categoryId);
    if (!asset || !category) return error.staffMessage;
    const balance = formatMoney(asset.balance, asset.currency, asset.decimalPlaces);
    const fee = formatMoney(category.fee, category.currency, category.decimalPlaces);
    return `${error.staffMessage} ${asset.assetName} holds ${balance}; the ${category.name} card costs ${fee}.`;
  } catch {
    return error.staffMessage;
  }
}
