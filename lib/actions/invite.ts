'use server';
// Accepting an invitation: the one action that runs without a session, because the invited
// member has none yet. The one-time token in the link is the credential; the domain function
// checks it and spends it.
import { actionClient } from '@/lib/server/actions/safe-action';
import { getDb } from '@/lib/server/db/client';
import { acceptInvite as accept } from '@/lib/server/backoffice/staff/accept-invite';
import { acceptInviteSchema } from '@/lib/validations/staff';

export const acceptInvite = actionClient
  .metadata({ name: 'staff.accept_invite', permission: null })
  .inputSchema(acceptInviteSchema)
  .action(async ({ parsedInput }) => accept({ db: await getDb(), input: parsedInput }));
