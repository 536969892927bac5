// Saving the agency's settings (admins, docs/back-office.md "Approvals"): one row, written with the
// audit entry that says what changed, in one transaction.
import 'server-only';
import { sql } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { settings } from '@/lib/backoffice/db/schema';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import { assertCan } from '@/lib/backoffice/staff/staff-access';
import { readSettings } from './read-settings';
import type { AgencySettings } from './settings-schema';

const LABELS: Record<keyof AgencySettings, string> = {
  issueApprovalOn: 'issuance approval',
  issueApprovalMinFee: 'issuance approval from fee',
  transferApprovalOn: 'transfer approval',
  transferApprovalMinAmount: 'transfer approval from amount',
  unlockApprovalOn: 'unlock approval',
  cancelApprovalOn: 'cancel approval',
  lowBalanceThreshold: 'low-balance threshold',
  twoFactorRequiredFor: 'two-factor sign-in required for',
};

const shown = (value: string | boolean) => (typeof value === 'boolean' ? (value ? 'on' : 'off') : value);

export async function updateSettings(options: {
  db: Database;
  actor: CurrentStaff;
  input: AgencySettings;
}): Promise<AgencySettings> {
  const { db, actor, input } = options;
  assertCan(actor, 'settings.manage');
  return db.transaction(async (tx) => {
    // One admin's save at a time: the audit line compares with what the row held just before.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('backoffice.settings'))`);
    const before = await readSettings(tx);
    const changes = (Object.keys(LABELS) as (keyof AgencySettings)[])
      .filter((key) => before[key] !== input[key])
      .map((key) => `${LABELS[key]} ${shown(before[key])} → ${shown(input[key])}`);
    const values = { ...input, updatedBy: actor.email, updatedAt: new Date() };
    await tx
      .insert(settings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: settings.id, set: values });
    await recordAudit(tx, {
      actor,
      action: 'settings.update',
      outcome: 'success',
      summary: changes.length
        ? `Changed the settings: ${changes.join('; ')}`
        : 'Saved the settings unchanged',
    });
    return input;
  });
}
