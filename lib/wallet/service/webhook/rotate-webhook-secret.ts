// webhook/rotateSecret (docs/wallet-api.md "webhook/rotateSecret"): the endpoint gets a new
// signing secret, answered here only; the old one keeps signing Wallet-Signature-Previous on every
// delivery for the overlap (secrets/secret-rotation.ts), so the receiver deploys the new secret
// without refusing a delivery. 4012 for an endpoint the app does not have.
import { and, eq } from 'drizzle-orm';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { webhookRotateSecret } from '@/lib/wallet/contract/operations/webhook-rotate-secret';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { webhookEndpoints } from '../db/schema';
import type { SecretBox } from '../secrets/secret-box';
import { rotatedSecret } from '../secrets/secret-rotation';
import { newWebhookSecret } from './add-webhook';
import { webhookNotFound } from './webhook-records';

export async function rotateWebhookSecret(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'webhookRotateSecret'>;
  secretBox: SecretBox;
}): Promise<{ endpointId: number; secret: string }> {
  const { db, app, params } = options;
  const mine = and(eq(webhookEndpoints.id, params.endpointId), eq(webhookEndpoints.appId, app.id));
  const [row] = await db
    .select({ secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(mine)
    .for('update');
  if (!row) throw webhookNotFound(params.endpointId);
  const secret = newWebhookSecret();
  await db
    .update(webhookEndpoints)
    .set(
      rotatedSecret({
        secretBox: options.secretBox,
        newSecret: secret,
        currentSealed: row.secret,
        now: new Date(),
      }),
    )
    .where(mine);
  return { endpointId: params.endpointId, secret };
}

/** webhookRotateSecret's handler (lib/wallet/contract/operations/webhook-rotate-secret.ts). */
export const webhookRotateSecretHandler = bindHandler(webhookRotateSecret, (context, config) =>
  rotateWebhookSecret({ ...context, secretBox: config.secretBox }),
);
