'use server';
// The server action of /settings (admins, docs/back-office.md "Approvals"): the approval policy and
// the dashboard's low-balance threshold, saved with an audit entry of what changed. A state action,
// so the form works before its scripts load and keeps what was typed when refused.
import { revalidatePath } from 'next/cache';
import { authActionClient, keepTypedValues } from '@/lib/backoffice/shared/action-client';
import { getDb } from '@/lib/backoffice/db';
import { agencySettingsPostSchema, type AgencySettings } from '@/lib/backoffice/settings/settings-schema';
import { updateSettings } from '@/lib/backoffice/settings/update-settings';

export const saveSettings = authActionClient
  .metadata({ name: 'settings.update', permission: 'settings.manage' })
  .inputSchema(agencySettingsPostSchema, keepTypedValues)
  .stateAction<AgencySettings>(async ({ parsedInput, ctx }) => {
    const saved = await updateSettings({ db: await getDb(), actor: ctx.staff, input: parsedInput });
    revalidatePath('/settings');
    revalidatePath('/');
    return saved;
  });
