// Each app's derivation seed (docs/deposits-and-kyt.md "deposit/address"): 32 random bytes,
// created on the app's first deposit/address and sealed with the master key like the app's secret
// (secrets/secret-box.ts), so the database alone never yields the addresses' keys. Two first calls
// at once agree on one seed: the insert does nothing on conflict, and both read the row that won.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../context';
import { depositSeeds } from '../db/schema';
import type { SecretBox } from '../secrets/secret-box';

export async function appDepositSeed(db: Executor, box: SecretBox, appKey: number): Promise<Uint8Array> {
  const [existing] = await db
    .select({ seed: depositSeeds.seed })
    .from(depositSeeds)
    .where(eq(depositSeeds.appId, appKey));
  if (existing) return Buffer.from(box.open(existing.seed), 'base64');
  await db
    .insert(depositSeeds)
    .values({ appId: appKey, seed: box.seal(randomBytes(32).toString('base64')) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ seed: depositSeeds.seed })
    .from(depositSeeds)
    .where(eq(depositSeeds.appId, appKey));
  if (!row) throw new Error('deposit seed missing after insert');
  return Buffer.from(box.open(row.seed), 'base64');
}
