'use server';
// Server actions for staff accounts (admin only): invite, change role, disable or re-enable,
// and a fresh invitation link. The domain functions check the permission again and write the
// audit entry in the same transaction as the change.
import { revalidatePath } from 'next/cache';
import { authActionClient } from '@/lib/backoffice/shared/action-client';
import { getDb } from '@/lib/backoffice/db';
import { changeStaffRole as changeRole } from '@/lib/backoffice/staff/change-staff-role';
import { inviteStaff as invite } from '@/lib/backoffice/staff/invite-staff';
import { reissueInvite as reissue } from '@/lib/backoffice/staff/reissue-invite';
import { setStaffStatus as setStatus } from '@/lib/backoffice/staff/set-staff-status';
import {
  changeStaffRoleSchema,
  inviteStaffSchema,
  reissueInviteSchema,
  setStaffStatusSchema,
} from '@/lib/backoffice/staff/forms';

export const inviteStaff = authActionClient
  .metadata({ name: 'staff.invite', permission: 'staff.manage' })
  .inputSchema(inviteStaffSchema)
  .action(async ({ parsedInput, ctx }) => {
    const result = await invite({ db: await getDb(), actor: ctx.staff, input: parsedInput });
    revalidatePath('/staff');
    return result;
  });

export const changeStaffRole = authActionClient
  .metadata({ name: 'staff.change_role', permission: 'staff.manage' })
  .inputSchema(changeStaffRoleSchema)
  .action(async ({ parsedInput, ctx }) => {
    const result = await changeRole({ db: await getDb(), actor: ctx.staff, input: parsedInput });
    revalidatePath('/staff');
    return result;
  });

export const setStaffStatus = authActionClient
  .metadata({ name: 'staff.set_status', permission: 'staff.manage' })
  .inputSchema(setStaffStatusSchema)
  .action(async ({ parsedInput, ctx }) => {
    const result = await setStatus({ db: await getDb(), actor: ctx.staff, input: parsedInput });
    revalidatePath('/staff');
    return result;
  });

export const reissueInvite = authActionClient
  .metadata({ name: 'staff.reissue_invite', permission: 'staff.manage' })
  .inputSchema(reissueInviteSchema)
  .action(async ({ parsedInput, ctx }) => {
    const result = await reissue({ db: await getDb(), actor: ctx.staff, input: parsedInput });
    revalidatePath('/staff');
    return result;
  });
