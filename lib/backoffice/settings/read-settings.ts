// Reading the agency's settings (docs/back-office.md "Approvals"): the saved row, or the defaults
// until an admin first saves them. Read where a decision needs them (an action deciding whether a
// call waits, the dashboard's warning), so a change applies at once on every instance.
import 'server-only';
import { eq } from 'drizzle-orm';
import type { BackofficeExecutor as Executor } from '@/lib/backoffice/db';
import { settings } from '@/lib/backoffice/db/schema';
import { DEFAULT_SETTINGS, type AgencySettings } from './settings-schema';

export type StoredSettings = AgencySettings & { updatedBy: string | null; updatedAt: Date | null };

export async function readSettings(db: Executor): Promise<StoredSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1)).limit(1);
  if (!row) return { ...DEFAULT_SETTINGS, updatedBy: null, updatedAt: null };
  return {
    issueApprovalOn: row.issueApprovalOn,
    issueApprovalMinFee: row.issueApprovalMinFee,
    transferApprovalOn: row.transferApprovalOn,
    transferApprovalMinAmount: row.transferApprovalMinAmount,
    unlockApprovalOn: row.unlockApprovalOn,
    cancelApprovalOn: row.cancelApprovalOn,
    lowBalanceThreshold: row.lowBalanceThreshold,
    twoFactorRequiredFor: row.twoFactorRequiredFor,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt,
  };
}
