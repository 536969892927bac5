'use server';
// Server actions of /compliance (docs/back-office.md "Compliance"; docs/deposits-and-kyt.md):
// asking for a held deposit to be credited or rejected, which always waits for a second admin
// (an approval request of kind deposit.release: the maker never approves their own), and saving
// the KYT rules. Checked, validated, audited; usable as forms posted without JavaScript.
import { revalidatePath } from 'next/cache';
import { requestApproval, type PendingApproval } from '@/lib/backoffice/approvals/request-approval';
import { getDb } from '@/lib/backoffice/db';
import { ACTION_PERMISSIONS } from '@/lib/backoffice/auth/permissions';
import { authActionClient, keepTypedValues } from '@/lib/backoffice/shared/action-client';
import { runWalletMutation } from '@/lib/backoffice/shared/wallet-mutation';
import { getWalletClient } from '@/lib/backoffice/wallet-client';
import type { KytRules } from '@/lib/wallet/contract/schemas';
import { kytRulesFormPostSchema, kytRulesFormSchema, releaseDepositPostSchema } from './forms';

const PAGE = '/compliance';

export const requestDepositRelease = authActionClient
  .metadata({ name: 'deposit.release', permission: ACTION_PERMISSIONS['deposit.release'] })
  .inputSchema(releaseDepositPostSchema, keepTypedValues)
  .stateAction<PendingApproval>(async ({ parsedInput, ctx }) => {
    const { depositId, appUserId, decision, note, requestId } = parsedInput;
    const verb = decision === 'CREDIT' ? 'Credit' : 'Reject';
    const pending = await requestApproval({
      db: await getDb(),
      actor: ctx.staff,
      call: {
        kind: 'deposit.release',
        operation: 'depositRelease',
        params: { depositId, decision, note, requestId },
        summary: `${verb} held deposit ${depositId} of user ${appUserId} (note: ${note})`,
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
