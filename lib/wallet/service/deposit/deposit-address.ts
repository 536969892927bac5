// deposit/address (docs/deposits-and-kyt.md "deposit/address"): the user's address on a chain,
// derived from the app's seed at the user's internal id and kept, so simulate/deposit finds the
// user by address. One per user and chain whatever the concurrency: the unique index on (user,
// chain) lets one insert win, and the others read it.
import { and, eq } from 'drizzle-orm';
import { shownAddress } from '@/lib/wallet/contract/chains';
import type { DepositChain } from '@/lib/wallet/contract/enums';
import { depositAddress } from '@/lib/wallet/contract/operations/deposit-address';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { DepositAddress } from '@/lib/wallet/contract/schemas';
import { bindHandler, type HandlerConfig } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { depositAddresses } from '../db/schema';
import { findUserOrThrow } from '../user/find-user';
import { appDepositSeed } from './deposit-seed';
import { deriveDepositAddress } from './derive-address';

/** The user's address on the chain in its stored form (Ethereum's in lower case). */
export async function userDepositAddress(
  db: Executor,
  config: Pick<HandlerConfig, 'secretBox'>,
  app: AuthenticatedApp,
  userId: number,
  chain: DepositChain,
): Promise<string> {
  const kept = () =>
    db
      .select({ address: depositAddresses.address })
      .from(depositAddresses)
      .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.chain, chain)));
  const [existing] = await kept();
  if (existing) return existing.address;
  const seed = await appDepositSeed(db, config.secretBox, app.id);
  const address = deriveDepositAddress(seed, chain, userId);
  await db.insert(depositAddresses).values({ appId: app.id, userId, chain, address }).onConflictDoNothing();
  const [row] = await kept();
  if (!row) throw new Error('deposit address missing after insert');
  return row.address;
}

export async function getDepositAddress(
  options: { db: Executor; app: AuthenticatedApp; params: OperationParams<'depositAddress'> },
  config: HandlerConfig,
): Promise<DepositAddress> {
  const { db, app, params } = options;
  const user = await findUserOrThrow(db, app.id, params.appUserId);
  const address = await userDepositAddress(db, config, app, user.id, params.chain);
  return { appUserId: params.appUserId, chain: params.chain, address: shownAddress(params.chain, address) };
}

/** depositAddress's handler (lib/wallet/contract/operations/deposit-address.ts). */
export const depositAddressHandler = bindHandler(depositAddress, getDepositAddress);
