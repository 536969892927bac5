// How every back-office action that changes something through the wallet API behaves: call
// the wallet, record the outcome in the audit log whatever it is (with the wallet result code),
// and turn a refusal that names one field into an error beside that field in the form. Other refusals
// reach the form as the error's staff message (lib/backoffice/shared/action-client.ts).
import 'server-only';
import { returnValidationErrors } from 'next-safe-action';
import type { z } from 'zod';
import { recordAudit, type AuditEntry } from '@/lib/backoffice/audit/record-audit';
import { describeWalletFailure } from '@/lib/backoffice/audit/wallet-failure';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { getDb } from '@/lib/backoffice/db';
import { isWalletClientError } from '@/lib/backoffice/wallet-client';

export async function runWalletMutation<T>(options: {
  staff: CurrentStaff;
  /** The form's schema: a field the wallet refuses is reported against it. */
  schema: z.ZodObject;
  action: string;
  targetType: NonNullable<AuditEntry['targetType']>;
  targetId: string;
  /** The app user this is about, when the target is not the user (their card, address...). */
  subjectUser?: string;
  /** What was attempted, for the audit log (no card or document numbers). */
  summary: string;
  /** The note the member of staff wrote, kept with the entry whatever the outcome. */
  note?: string;
  call: () => Promise<T>;
  /**
   * The target once known (e.g. the new card's id), the user it turned out to be about (a purchase
   * on a card the form named by ID), and a line for the log.
   */
  describe?: (result: T) => {
    targetType?: AuditEntry['targetType'];
    targetId?: string;
    subjectUser?: string;
    summary?: string;
  };
}): Promise<T> {
  const { staff, action, targetType } = options;
  const actor = { id: staff.id, email: staff.email, role: staff.role };
  // The entry is about the user even when it names their new card as its target (issuance).
  const subjectUser = options.subjectUser ?? (targetType === 'user' ? options.targetId : undefined);
  const db = await getDb();
  try {
    const result = await options.call();
    const described = options.describe?.(result) ?? {};
    const about = described.subjectUser ?? subjectUser;
    await recordAudit(db, {
      actor,
      action,
      targetType: described.targetType ?? targetType,
      targetId: described.targetId ?? options.targetId,
      ...(about ? { subjectUser: about } : {}),
      outcome: 'success',
      resultCode: 0,
      summary: described.summary ?? options.summary,
      ...(options.note ? { note: options.note } : {}),
    });
    return result;
  } catch (error) {
    const code = isWalletClientError(error) && error.code !== 0 ? error.code : null;
    await recordAudit(db, {
      actor,
      action,
      targetType,
      targetId: options.targetId,
      ...(subjectUser ? { subjectUser } : {}),
      outcome: 'failure',
      resultCode: code,
      ...(options.note ? { note: options.note } : {}),
      // The result code and its meaning in words, never the client's class name: the log is
      // read by admins, not developers.
      summary: `${options.summary}: ${describeWalletFailure(error)}`,
    });
    // A refusal that names a parameter the form has (1001-1003, 3002 on email, 4003 on
    // addressId, 4006 on cardNumber...) goes beside that field.
    if (isWalletClientError(error) && error.field && error.field in options.schema.shape) {
      returnValidationErrors(options.schema, { [error.field]: { _errors: [error.staffMessage] } } as never);
    }
    throw error;
  }
}
