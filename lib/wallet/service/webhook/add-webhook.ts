// webhook/add (docs/wallet-api.md "Endpoints and events"): an endpoint for the app's events. The
// URL is checked where it points (webhook-target.ts: https, no private or metadata address; 1002 on
// `url` otherwise) before anything is written. The signing secret is generated here, stored sealed
// with the master key, and returned in this answer only.
import { randomBytes } from 'node:crypto';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { WebhookCreated } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { webhookEndpoints } from '../db/schema';
import type { SecretBox } from '../secrets/secret-box';
import { toWebhookEndpoint } from './webhook-records';
import { webhookUrlProblem, type ResolveAll } from './webhook-target';
import { webhookAdd } from '@/lib/wallet/contract/operations/webhook-add';
import { bindHandler } from '../bind-handler';

/** whsec_ and 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export async function addWebhook(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'webhookAdd'>;
  secretBox: SecretBox;
  allowPrivate: boolean;
  resolveAll?: ResolveAll;
}): Promise<WebhookCreated> {
  const { db, app, params } = options;
  const problem = await webhookUrlProblem(params.url, options);
  if (problem) {
    throw new WalletError(ResultCode.PARAM_INVALID, `url ${problem}.`, { field: 'url', rule: problem });
  }
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      appId: app.id,
      url: params.url,
      events: params.events.join(','),
      description: params.description ?? null,
      secret: options.secretBox.seal(secret),
    })
    .returning();
  if (!row) throw new Error('webhook endpoint insert returned no row');
  return { ...toWebhookEndpoint(row), secret };
}

/** webhookAdd's handler (lib/wallet/contract/operations/webhook-add.ts). */
export const webhookAddHandler = bindHandler(webhookAdd, (context, config) =>
  addWebhook({ ...context, secretBox: config.secretBox, allowPrivate: config.allowPrivateWebhooks }),
);
