// App signing secrets at rest: sealed in wallet.apps.secret (and the back-office key in
// wallet.apps.backoffice_secret) with the master key (secret-box.ts), opened only in the process
// that verifies signatures. Webhook endpoint secrets
// (wallet.webhook_endpoints.secret), decision endpoint secrets (wallet.decision_endpoints.secret,
// docs/card-spending.md "The agency's decision") and deposit address seeds
// (wallet.deposit_seeds.seed) are sealed when created and re-sealed by a rotation too, as are card
// numbers and CVVs (wallet.cards.sealed_secrets, card/card-secrets.ts). Existing
// plain secrets (an installation
// from before sealing) are sealed at start, and a rotation re-seals every one with a new key.
import { eq } from 'drizzle-orm';
import { env, walletMasterKey } from '@/lib/env';
import type { Executor } from '../context';
import { sealCardSecrets } from '../card/card-secrets';
import { apps, decisionEndpoints, depositSeeds, webhookEndpoints } from '../db/schema';
import { createSecretBox, isSealed, type SecretBox } from './secret-box';

let configured: SecretBox | undefined;

/** The box of this process's configuration (WALLET_MASTER_KEY, or the generated key). */
export function configuredSecretBox(): SecretBox {
  configured ??= createSecretBox(
    walletMasterKey(),
    env.WALLET_MASTER_KEY_PREVIOUS ? [env.WALLET_MASTER_KEY_PREVIOUS] : [],
  );
  return configured;
}

/** The usable secret of a stored value: sealed values opened; a plain one (not yet sealed) as is. */
export function revealSecret(box: SecretBox, stored: string): string {
  return isSealed(stored) ? box.open(stored) : stored;
}

/**
 * Seals every app secret that is plain or sealed by another key of the box's ring than its
 * current one, and every webhook or decision endpoint secret sealed by another key. Returns how many were
 * (re)sealed, and the apps (or `webhook endpoint <id>`) whose secret none of the box's keys
 * opens (left as they are: a master key is missing from this process's configuration).
 * Idempotent: a second run changes nothing.
 */
export async function sealAppSecrets(
  db: Executor,
  box: SecretBox,
): Promise<{ sealed: number; unopenable: string[] }> {
  const rows = await db
    .select({ id: apps.id, appId: apps.appId, secret: apps.secret, backofficeSecret: apps.backofficeSecret })
    .from(apps)
    .orderBy(apps.id);
  let sealed = 0;
  const unopenable: string[] = [];
  for (const row of rows) {
    if (isSealed(row.secret) && box.isCurrent(row.secret)) continue;
    let plain: string;
    try {
      plain = revealSecret(box, row.secret);
    } catch {
      unopenable.push(row.appId);
      continue;
    }
    await db
      .update(apps)
      .set({ secret: box.seal(plain) })
      .where(eq(apps.id, row.id));
    sealed++;
  }
  /** Re-seals one stored secret under the current key: counted, or named when it cannot be opened. */
  const reseal = async (stored: string | null, what: string, write: (sealed: string) => Promise<unknown>) => {
    if (stored === null || box.isCurrent(stored)) return;
    let plain: string;
    try {
      plain = box.open(stored);
    } catch {
      unopenable.push(what);
      return;
    }
    await write(box.seal(plain));
    sealed++;
  };
  // The back-office keys (docs/security.md "Rate limit"), sealed when provisioned.
  for (const row of rows) {
    await reseal(row.backofficeSecret, `back-office key of app ${row.appId}`, (backofficeSecret) =>
      db.update(apps).set({ backofficeSecret }).where(eq(apps.id, row.id)),
    );
  }
  // Endpoint secrets, and a rotated-out one still signing Wallet-Signature-Previous
  // (secret-rotation.ts): each re-sealed on its own.
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
    })
    .from(webhookEndpoints)
    .orderBy(webhookEndpoints.id);
  for (const row of endpoints) {
    for (const column of ['secret', 'previousSecret'] as const) {
      await reseal(
        row[column],
        `webhook endpoint ${row.id}${column === 'secret' ? '' : ' (previous secret)'}`,
        (value) =>
          db
            .update(webhookEndpoints)
            .set({ [column]: value })
            .where(eq(webhookEndpoints.id, row.id)),
      );
    }
  }
  const decisions = await db
    .select({
      appId: decisionEndpoints.appId,
      secret: decisionEndpoints.secret,
      previousSecret: decisionEndpoints.previousSecret,
    })
    .from(decisionEndpoints)
    .orderBy(decisionEndpoints.appId);
  for (const row of decisions) {
    for (const column of ['secret', 'previousSecret'] as const) {
      await reseal(
        row[column],
        `decision endpoint of app ${row.appId}${column === 'secret' ? '' : ' (previous secret)'}`,
        (value) =>
          db
            .update(decisionEndpoints)
            .set({ [column]: value })
            .where(eq(decisionEndpoints.appId, row.appId)),
      );
    }
  }
  // Deposit address seeds (docs/deposits-and-kyt.md "deposit/address"), sealed when created.
  const seeds = await db
    .select({ appId: depositSeeds.appId, seed: depositSeeds.seed })
    .from(depositSeeds)
    .orderBy(depositSeeds.appId);
  for (const row of seeds) {
    await reseal(row.seed, `deposit seed of app ${row.appId}`, (seed) =>
      db.update(depositSeeds).set({ seed }).where(eq(depositSeeds.appId, row.appId)),
    );
  }
  // Card numbers and CVVs: plain ones from before migration 0029 sealed, others re-sealed.
  const cardOutcome = await sealCardSecrets(db, box);
  sealed += cardOutcome.sealed;
  unopenable.push(...cardOutcome.unopenable);
  return { sealed, unopenable };
}

/** The apps whose stored secret the box cannot open (none when its master key is the right one). */
export async function unopenableAppSecrets(db: Executor, box: SecretBox): Promise<string[]> {
  const rows = await db.select({ appId: apps.appId, secret: apps.secret }).from(apps).orderBy(apps.id);
  return rows.flatMap((row) => {
    try {
      revealSecret(box, row.secret);
      return [];
    } catch {
      return [row.appId];
    }
  });
}
