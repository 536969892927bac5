// decision/set and decision/get (docs/card-spending.md "The agency's decision"): the app's one
// decision endpoint and its settings. decision/set changes only what it is given: an absent
// parameter leaves its setting, `url` given empty removes the endpoint (the rules alone then
// decide; the settings and the secret stay). The URL is checked where it points as webhook URLs
// are (webhook-target.ts; 1002 on `url`). The secret, stored sealed with the master key, is drawn
// with the app's first URL or on rotateSecret=true, and answered only then: changing a setting
// never breaks the agency's verification. A rotation keeps the old secret signing
// Wallet-Signature-Previous for the overlap (secrets/secret-rotation.ts).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { decisionGet } from '@/lib/wallet/contract/operations/decision-get';
import { decisionSet } from '@/lib/wallet/contract/operations/decision-set';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { DecisionEndpoint, DecisionSettings } from '@/lib/wallet/contract/schemas';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { decisionEndpoints } from '../db/schema';
import type { SecretBox } from '../secrets/secret-box';
import { rotatedSecret } from '../secrets/secret-rotation';
import { webhookUrlProblem, type ResolveAll } from '../webhook/webhook-target';

/** What an app that never set anything has (docs/wallet-api.md "decision/set"). */
export const DECISION_DEFAULTS = { fallback: 'DECLINE', timeoutMs: 1500 } as const;

/** dsec_ and 32 random bytes, base64url. */
export function newDecisionSecret(): string {
  return `dsec_${randomBytes(32).toString('base64url')}`;
}

const fallbackOf = (stored: string): DecisionEndpoint['fallback'] =>
  stored === 'APPROVE' ? 'APPROVE' : 'DECLINE';

export async function setDecision(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'decisionSet'>;
  cleared?: ReadonlySet<string>;
  secretBox: SecretBox;
  allowPrivate: boolean;
  resolveAll?: ResolveAll;
}): Promise<DecisionEndpoint> {
  const { db, app, params } = options;
  const removeUrl = options.cleared?.has('url') ?? false;
  if (params.url !== undefined && !removeUrl) {
    const problem = await webhookUrlProblem(params.url, options);
    if (problem) {
      throw new WalletError(ResultCode.PARAM_INVALID, `url ${problem}.`, { field: 'url', rule: problem });
    }
  }
  const now = new Date();
  // The app's row of settings (a concurrent first set finds it), then locked for the change.
  await db
    .insert(decisionEndpoints)
    .values({ appId: app.id, url: null, ...DECISION_DEFAULTS, secret: null, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(decisionEndpoints)
    .where(sql`${decisionEndpoints.appId} = ${app.id}`)
    .for('update');
  if (!row) throw new Error(`decision settings of app ${app.id} vanished`);
  const next = {
    url: removeUrl ? null : (params.url ?? row.url),
    fallback: params.fallback ?? fallbackOf(row.fallback),
    timeoutMs: params.timeoutMs ?? row.timeoutMs,
  };
  // A secret is drawn with the first URL, or when asked; otherwise the agency's one stays valid.
  const draw = params.rotateSecret === true || (row.secret === null && next.url !== null);
  const secret = draw ? newDecisionSecret() : null;
  await db
    .update(decisionEndpoints)
    .set({ ...next, updatedAt: now, ...(secret ? secretColumns(options, row.secret, secret, now) : {}) })
    .where(sql`${decisionEndpoints.appId} = ${app.id}`);
  return { ...next, secret };
}

/** The columns of a newly drawn secret: a rotation keeps the old one signing for the overlap. */
function secretColumns(
  options: { secretBox: SecretBox },
  currentSealed: string | null,
  secret: string,
  now: Date,
) {
  if (currentSealed === null) return { secret: options.secretBox.seal(secret), secretCreatedAt: now };
  return {
    ...rotatedSecret({
      secretBox: options.secretBox,
      newSecret: secret,
      currentSealed,
      now,
    }),
    secretCreatedAt: now,
  };
}

/** decision/get: the settings, never the secret; an app that set nothing has the defaults. */
export async function getDecision(options: {
  db: Executor;
  app: AuthenticatedApp;
}): Promise<DecisionSettings> {
  const [row] = await options.db
    .select()
    .from(decisionEndpoints)
    .where(sql`${decisionEndpoints.appId} = ${options.app.id}`);
  if (!row) return { url: null, ...DECISION_DEFAULTS, secretCreatedAt: null };
  return {
    url: row.url,
    fallback: fallbackOf(row.fallback),
    timeoutMs: row.timeoutMs,
    secretCreatedAt: row.secretCreatedAt?.toISOString() ?? null,
  };
}

/** decisionSet's handler (lib/wallet/contract/operations/decision-set.ts). */
export const decisionSetHandler = bindHandler(decisionSet, (context, config) =>
  setDecision({
    ...context,
    secretBox: config.secretBox,
    allowPrivate: config.allowPrivateWebhooks,
  }),
);

/** decisionGet's handler (lib/wallet/contract/operations/decision-get.ts). */
export const decisionGetHandler = bindHandler(decisionGet, getDecision);
