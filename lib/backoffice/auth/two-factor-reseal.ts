// Re-sealing staff two-factor secrets under a new master key (docs/security.md "Secrets at
// rest"): the rotation script's back-office half. Both the confirmed secret and one being
// enrolled are sealed with the master key (two-factor.ts), so a rotation that left them would
// lock every enrolled member of staff out once the previous key is dropped.
import { eq } from 'drizzle-orm';
import type { SecretBox } from '@/lib/secrets/secret-box';
import type { BackofficeExecutor } from '@/lib/backoffice/db';
import { staff } from '@/lib/backoffice/db/schema';

/**
 * Re-seals every staff TOTP secret (confirmed or pending) that is not sealed with the box's
 * current key. Returns how many values were re-sealed, and `staff <id>` for those no key of the
 * box opens (left as they are). Idempotent: a second run changes nothing.
 */
export async function resealTwoFactorSecrets(
  /** Any transaction of the one database (the rotation's runs in the wallet's handle). */
  db: Pick<BackofficeExecutor, 'select' | 'update'>,
  box: SecretBox,
): Promise<{ sealed: number; unopenable: string[] }> {
  const rows = await db
    .select({ id: staff.id, secret: staff.totpSecret, pending: staff.totpPendingSecret })
    .from(staff)
    .orderBy(staff.id);
  let sealed = 0;
  const unopenable: string[] = [];
  for (const row of rows) {
    const next: { totpSecret?: string; totpPendingSecret?: string } = {};
    try {
      if (row.secret && !box.isCurrent(row.secret)) next.totpSecret = box.seal(box.open(row.secret));
      if (row.pending && !box.isCurrent(row.pending))
        next.totpPendingSecret = box.seal(box.open(row.pending));
    } catch {
      unopenable.push(`staff ${row.id}`);
      continue;
    }
    const count = Object.keys(next).length;
    if (count === 0) continue;
    await db.update(staff).set(next).where(eq(staff.id, row.id));
    sealed += count;
  }
  return { sealed, unopenable };
}
