'use server';
// Server actions of /compliance (docs/back-office.md "Compliance"; docs/deposits-and-kyt.md):
// asking for a held deposit to be credited or rejected, which always waits for a second admin
// (an approval request of kind deposit.release: the maker never approves their own), and saving
// the KYT rules. Checked, validated, audited; usable as forms posted without JavaScript. The
// request carries what the approver needs to decide (deposit-words.ts): the deposit as the wallet
// holds it, never as the form describes it, and the maker's note as their reason.
import { revalidatePath } from 'next/cache';
import { requestApproval, type PendingApproval } from '@/lib/backoffice/approvals/request-approval';
import { getDb } from '@/lib/backoffice/db';
import { ACTION_PERMISSIONS } from '@/lib/backoffice/auth/permissions';
import { authActionClient, keepTypedValues } from '@/lib/backoffice/shared/action-client';
import { runWalletMutation } from '@/lib/backoffice/shared/wallet-mutation';
import { getWalletClient } from '@/lib/backoffice/wallet-client';
import { personNamesOf } from '@/lib/backoffice/names/person-names';
import { userHref } from '@/lib/backoffice/names/wallet-names';
import { StaffFacingError } from '@/lib/backoffice/shared/errors';
import type { Deposit, KytRules } from '@/lib/wallet/contract/schemas';
import { depositReleaseFacts, usdtDecimal, usdtText } from './deposit-words';
import { findDeposit } from './find-deposit';
import { kytRulesFormPostSchema, kytRulesFormSchema, releaseDepositPostSchema } from './forms';

const PAGE = '/compliance';

/** The deposit as the wallet holds it, while it is still held; refused otherwise. */
async function heldDeposit(appUserId: string, depositId: number): Promise<Deposit> {
  const held = await findDeposit(appUserId, depositId, 'HELD');
  if (held) return held;
  throw new StaffFacingError(
    `Deposit ${depositId} is no longer held (someone may have decided it already). Reload the page to see its status now.`,
  );
}

export const requestDepositRelease = authActionClient
  .metadata({ name: 'deposit.release', permission: ACTION_PERMISSIONS['deposit.release'] })
  .inputSchema(releaseDepositPostSchema, keepTypedValues)
  .stateAction<PendingApproval>(async ({ parsedInput, ctx }) => {
    const { depositId, appUserId, decision, note, requestId } = parsedInput;
    const verb = decision === 'CREDIT' ? 'Credit' : 'Reject';
    const [deposit, names] = await Promise.all([
      heldDeposit(appUserId, depositId),
      personNamesOf([appUserId]),
    ]);
    const name = names.get(appUserId);
    const person = name ? { name, href: userHref(appUserId) } : null;
    const pending = await requestApproval({
      db: await getDb(),
      actor: ctx.staff,
      call: {
        kind: 'deposit.release',
        operation: 'depositRelease',
        params: { depositId, decision, note, requestId },
        summary: `${verb} held deposit ${depositId} of ${name ?? `user ${appUserId}`}: ${usdtText(deposit.amount)}`,
        facts: depositReleaseFacts(deposit, decision, person),
        // The note is kept on the deposit, and is why the maker asks.
        reason: note,
        amount: usdtDecimal(deposit.amount),
        currency: 'USDT',
        subjectUser: appUserId,
        targetType: 'user',
        targetId: appUserId,
        returnPath: PAGE,
      },
    });
    revalidatePath(PAGE);
    revalidatePath('/', 'layout');
    return pending;
  });

export const saveKytRules = authActionClient
  .metadata({ name: 'kyt.rules.set', permission: 'kyt.manage' })
  .inputSchema(kytRulesFormPostSchema, keepTypedValues)
  .stateAction<KytRules>(async ({ parsedInput, ctx }) => {
    const { blockedAddresses, reviewAddresses, reviewAmount, severeAmount, apiRelease } = parsedInput;
    const count = (list: string) => (list === '' ? 0 : list.split(',').length);
    const saved = await runWalletMutation({
      staff: ctx.staff,
      schema: kytRulesFormSchema,
      action: 'kyt.rules.set',
      targetType: 'kyt',
      targetId: 'rules',
      summary: `Set the KYT rules: review amount ${reviewAmount}, severe amount ${severeAmount}, ${count(blockedAddresses)} blocked and ${count(reviewAddresses)} review addresses, held deposits released ${apiRelease === 'true' ? 'by two admins or the API key' : 'only by two admins'}`,
      // An empty list is sent empty: kyt/rules/set clears it ("given empty").
      call: () =>
        getWalletClient().kytRulesSet({
          blockedAddresses,
          reviewAddresses,
          reviewAmount,
          severeAmount,
          apiRelease: apiRelease === 'true',
        }),
    });
    revalidatePath(PAGE);
    return saved;
  });
