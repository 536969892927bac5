// The walletToken, the cardholder's own credential (docs/wallet-api.md "The walletToken"): drawn at
// registration (4.1) and by user/walletToken/rotate, handed by the agency's app to the user's
// device, stored only as its sha256 (a 24-byte random token needs no slow hash), found by that
// hash's unique index. The me/* operations are answered for the user it names, under its app.
import { createHash, randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '@/lib/db/open';
import { userWalletTokenRotate } from '@/lib/wallet/contract/operations/user-wallet-token-rotate';
import type { AuthenticatedApp, Executor } from '../context';
import { bindHandler } from '../bind-handler';
import { users } from '../db/schema';
import { recordEvent } from '../event/record-event';
import { userNotFound } from '../user/find-user';
import { and, eq } from 'drizzle-orm';

/** A new walletToken: `wt_` and 24 random bytes. */
export function newWalletToken(): string {
  return `wt_${randomBytes(24).toString('base64url')}`;
}

/** What is stored of a walletToken (users.wallet_token_hash). */
export function hashWalletToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Who a walletToken speaks for: the user, under the app. */
export type Cardholder = { userId: number; appUserId: string; app: AuthenticatedApp };

const CARDHOLDER_BY_TOKEN = {
  name: 'wallet_cardholder_by_token',
  text: `select u.id as user_id, u.app_user_id, a.id as app_key, a.app_id, g.id as agency_id, g.code as agency_code
from wallet.users u join wallet.apps a on a.id = u.app_id join wallet.agencies g on g.id = a.agency_id
where u.wallet_token_hash = $1`,
} as const;

/** The cardholder of `Authorization: Bearer <walletToken>`, or null (missing, unknown, rotated). */
export async function cardholderOf(
  engine: DatabaseHandle,
  authorization: string | undefined,
): Promise<(Cardholder & { tokenHash: string }) | null> {
  const match = /^Bearer ([A-Za-z0-9_-]{1,128})$/.exec(authorization ?? '');
  if (!match) return null;
  const tokenHash = hashWalletToken(match[1]!);
  const [row] = await engine.query<{
    user_id: number;
    app_user_id: string;
    app_key: number;
    app_id: string;
    agency_id: number;
    agency_code: string;
  }>(CARDHOLDER_BY_TOKEN.text, [tokenHash], CARDHOLDER_BY_TOKEN.name);
  if (!row) return null;
  return {
    tokenHash,
    userId: row.user_id,
    appUserId: row.app_user_id,
    app: { id: row.app_key, appId: row.app_id, agencyId: row.agency_id, agencyCode: row.agency_code },
  };
}

/** user/walletToken/rotate: a new token for the user; the old hash is gone, so it is refused at once. */
export async function rotateWalletToken(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: { appUserId: string };
}): Promise<{ appUserId: string; walletToken: string }> {
  const { db, app, params } = options;
  const walletToken = newWalletToken();
  const [updated] = await db
    .update(users)
    .set({ walletTokenHash: hashWalletToken(walletToken) })
    .where(and(eq(users.appId, app.id), eq(users.appUserId, params.appUserId)))
    .returning({ id: users.id });
  if (!updated) throw userNotFound(params.appUserId);
  await recordEvent({ db, app, type: 'user.wallet_token_rotated', data: { appUserId: params.appUserId } });
  return { appUserId: params.appUserId, walletToken };
}

/** userWalletTokenRotate's handler (lib/wallet/contract/operations/user-wallet-token-rotate.ts). */
export const userWalletTokenRotateHandler = bindHandler(userWalletTokenRotate, rotateWalletToken);
