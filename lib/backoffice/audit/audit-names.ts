// The people and cards one page of the audit log names (docs/back-office.md "Pages"), read from
// the wallet: one 4.2 call per person the page is about, at most a page's worth, in parallel (and
// their assets, the agency's assets and the card categories only when a summary on the page names
// one by number: auditSummaryInWords). A person the wallet cannot name now keeps their ID on the
// page. Server-only.
import 'server-only';
import { cardLabel, personName } from '@/lib/backoffice/names/labels';
import { agencyAssetNames, namesOfUser } from '@/lib/backoffice/names/wallet-names';
import { getWalletClient, isWalletClientError } from '@/lib/backoffice/wallet-client';
import { appUserIdParam } from '@/lib/wallet/contract/schemas';
import type { AuditNames, AuditSummaryNames } from './audit-labels';

type Entry = {
  subjectUser: string | null;
  targetType: string | null;
  targetId: string | null;
  summary?: string;
};

const NAMES_AN_ASSET = /\basset \d/;
const NAMES_A_CATEGORY = /\bcategory \d/;

/** A wallet refusal or outage leaves the IDs as they are; anything else is a fault. */
async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isWalletClientError(error)) return null;
    throw error;
  }
}

export async function auditNamesOf(entries: readonly Entry[]): Promise<AuditNames> {
  const ids = new Set<string>();
  const withAssets = new Set<string>();
  for (const e of entries) {
    const about = [e.subjectUser, e.targetType === 'user' ? e.targetId : null];
    for (const id of about) {
      if (!id) continue;
      ids.add(id);
      if (e.summary && NAMES_AN_ASSET.test(e.summary)) withAssets.add(id);
    }
  }
  const wallet = getWalletClient();
  const found = await Promise.all(
    [...ids]
      .filter((id) => appUserIdParam.safeParse(id).success)
      .map((appUserId) =>
        orNull(async () => {
          if (withAssets.has(appUserId)) {
            const user = await namesOfUser(appUserId);
            if (!user) return null;
            return [
              appUserId,
              {
                name: user.name,
                cards: new Map(user.cards.map((c) => [String(c.cardId), c.label])),
                assets: new Map(user.assets.map((a) => [String(a.assetId), a.text])),
              },
            ] as const;
          }
          const user = (await wallet.cardListAllByUser({ appUserId, pageSize: 1 })).list[0];
          if (!user) return null;
          const cards = new Map(user.cardList.map((c) => [String(c.cardId), cardLabel(c)]));
          return [appUserId, { name: personName(user), cards }] as const;
        }),
      ),
  );
  return new Map(found.filter((f) => f !== null));
}

/** The agency's assets and the categories, when a summary on the page names one by number. */
export async function auditSummaryNamesOf(
  entries: readonly { summary: string }[],
): Promise<AuditSummaryNames> {
  const wallet = getWalletClient();
  const [agency, categories] = await Promise.all([
    entries.some((e) => NAMES_AN_ASSET.test(e.summary)) ? orNull(() => agencyAssetNames()) : null,
    entries.some((e) => NAMES_A_CATEGORY.test(e.summary)) ? orNull(() => wallet.categoryList({})) : null,
  ]);
  return {
    agencyAssets: new Map((agency ?? []).map((a) => [String(a.assetId), a.text])),
    categories: new Map((categories ?? []).map((c) => [String(c.categoryId), c.name])),
  };
}
