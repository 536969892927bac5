'use server';
// Accepting an invitation: the one action that runs without a session, because the invited
// member has none yet. The one-time token in the link is the credential; the domain function
// checks it and spends it. A state action, so the form works before its scripts load.
import { z } from 'zod';
import { actionClient } from '@/lib/backoffice/shared/action-client';
import { getDb } from '@/lib/backoffice/db';
import { acceptInvite as accept } from '@/lib/backoffice/staff/accept-invite';
import { fromFormData } from '@/lib/backoffice/shared/action-form-data';
import { acceptInviteSchema } from '@/lib/backoffice/staff/forms';

export const acceptInvite = actionClient
  .metadata({ name: 'staff.accept_invite', permission: null })
  .inputSchema(z.preprocess(fromFormData, acceptInviteSchema))
  .stateAction<Awaited<ReturnType<typeof accept>>>(async ({ parsedInput }) =>
    accept({ db: await getDb(), input: parsedInput }),
  );
