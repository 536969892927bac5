// The names of the people one list is about ("Grace Hopper" rather than grace-hopper-001), read
// from the wallet: one 4.2 call per distinct person, at most a page's worth, in parallel. A person
// the wallet cannot name now (unknown, or the wallet unreachable) is left out: the list shows
// their ID (docs/back-office.md "How values read"). Server-only: every name is a wallet call.
import 'server-only';
import { getWalletClient, isWalletClientError, type WalletClient } from '@/lib/backoffice/wallet-client';
import { appUserIdParam } from '@/lib/wallet/contract/schemas';
import { personName } from './labels';

export async function personNamesOf(
  appUserIds: Iterable<string>,
  client: Pick<WalletClient, 'cardListAllByUser'> = getWalletClient(),
): Promise<Map<string, string>> {
  const ids = [...new Set(appUserIds)].filter((id) => appUserIdParam.safeParse(id).success);
  const found = await Promise.all(
    ids.map(async (appUserId) => {
      try {
        const user = (await client.cardListAllByUser({ appUserId, pageSize: 1 })).list[0];
        return user ? ([appUserId, personName(user)] as const) : null;
      } catch (error) {
        if (isWalletClientError(error)) return null;
        throw error;
      }
    }),
  );
  return new Map(found.filter((f) => f !== null));
}
