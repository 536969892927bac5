// The people and cards one page of the audit log names (docs/back-office.md "Pages"), read from
// the wallet: one 4.2 call per person the page is about, at most a page's worth, in parallel. A
// person the wallet cannot name now keeps their ID on the page. Server-only.
import 'server-only';
import { cardLabel, personName } from '@/lib/backoffice/names/labels';
import { getWalletClient, isWalletClientError } from '@/lib/backoffice/wallet-client';
import { appUserIdParam } from '@/lib/wallet/contract/schemas';
import type { AuditNames } from './audit-labels';

export async function auditNamesOf(
  entries: readonly { subjectUser: string | null; targetType: string | null; targetId: string | null }[],
): Promise<AuditNames> {
  const ids = new Set<string>();
  for (const e of entries) {
    if (e.subjectUser) ids.add(e.subjectUser);
    if (e.targetType === 'user' && e.targetId) ids.add(e.targetId);
  }
  const wallet = getWalletClient();
  const found = await Promise.all(
    [...ids]
      .filter((id) => appUserIdParam.safeParse(id).success)
      .map(async (appUserId) => {
        try {
          const user = (await wallet.cardListAllByUser({ appUserId, pageSize: 1 })).list[0];
          if (!user) return null;
          const cards = new Map(user.cardList.map((c) => [String(c.cardId), cardLabel(c)]));
          return [appUserId, { name: personName(user), cards }] as const;
        } catch (error) {
          if (isWalletClientError(error)) return null;
          throw error;
        }
      }),
  );
  return new Map(found.filter((f) => f !== null));
}
