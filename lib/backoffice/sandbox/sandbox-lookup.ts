// The wallet calls behind the sandbox's pickers (sandbox-picker.ts): the people a search finds,
// the card a link chose and the person a deposit goes to, each named. Server-only: every name is a
// wallet call. A card or person the wallet cannot name still works by its ID: the pickers only
// help a person choose, the wallet checks the IDs when a form is sent.
import 'server-only';
import { asWalletClientError, getWalletClient } from '@/lib/backoffice/wallet-client';
import { personName } from '@/lib/backoffice/names/labels';
import { SEARCH_MIN } from '@/lib/backoffice/search/search';
import { appUserIdParam } from '@/lib/wallet/contract/schemas';
import { sandboxCardOf, sandboxPeople, type SandboxCard, type SandboxPerson } from './sandbox-picker';

/** The most people a sandbox search lists. */
export const SANDBOX_PEOPLE = 10;

export type SandboxPeopleResult = { ok: true; people: SandboxPerson[] } | { ok: false; message: string };

/** The people `q` finds (user/search), with their cards. */
export async function findSandboxPeople(q: string): Promise<SandboxPeopleResult> {
  try {
    const found = await getWalletClient().userSearch({ q, pageSize: SANDBOX_PEOPLE });
    return { ok: true, people: sandboxPeople(found.list) };
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (!walletError) throw error;
    return { ok: false, message: walletError.staffMessage };
  }
}

/**
 * The card chosen, named: through its holder when the link carries them (the card's page, the
 * pickers), else by user/search on its ID (which takes 2+ characters).
 */
export async function findSandboxCard(
  appUserId: string | undefined,
  cardId: number,
): Promise<SandboxCard | undefined> {
  const wallet = getWalletClient();
  try {
    if (appUserId !== undefined && appUserIdParam.safeParse(appUserId).success) {
      const page = await wallet.cardListAllByUser({ appUserId, pageSize: 1 });
      const card = sandboxCardOf(page.list, cardId);
      if (card) return card;
    }
    const q = String(cardId);
    if (q.length < SEARCH_MIN) return undefined;
    return sandboxCardOf((await wallet.userSearch({ q })).list, cardId);
  } catch (error) {
    if (!asWalletClientError(error)) throw error;
    return undefined;
  }
}

/** The person a deposit goes to, named; undefined when the wallet does not know them. */
export async function findSandboxPerson(
  appUserId: string,
): Promise<{ appUserId: string; name: string } | undefined> {
  try {
    const user = (await getWalletClient().cardListAllByUser({ appUserId, pageSize: 1 })).list[0];
    return user ? { appUserId, name: personName(user) } : undefined;
  } catch (error) {
    if (!asWalletClientError(error)) throw error;
    return undefined;
  }
}
