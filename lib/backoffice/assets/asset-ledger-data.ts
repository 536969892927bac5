// Reading one asset and its ledger from the wallet for /assets/[assetId] and its CSV export: whose
// the asset is (the agency's, from 4.5's agency/assetList, or the named user's, from
// user/assetList: the ledger itself does not say), one page of asset/ledger, and every page in
// turn for the export. Server-only.
import 'server-only';
import {
  asWalletClientError,
  getWalletClient,
  WalletNotFoundError,
  type WalletClient,
} from '@/lib/backoffice/wallet-client';
import { MAX_PAGE_SIZE } from '@/lib/wallet/contract/paging';
import { appUserIdParam, type Asset, type LedgerEntry } from '@/lib/wallet/contract/schemas';
import type { LedgerType } from './asset-ledger';

type AssetClient = Pick<WalletClient, 'agencyAssetList' | 'userAssetList' | 'assetLedger'>;

export type AssetOwner = { kind: 'agency' } | { kind: 'user'; appUserId: string };

export type AssetLookup =
  | { kind: 'found'; asset: Asset; owner: AssetOwner }
  | { kind: 'not-found' }
  | { kind: 'error'; staffMessage: string; name: string; code: number | null };

/**
 * The asset with this ID among the agency's, else among the named user's (`ownerHint`, the page's
 * `?user=`); not found when it is in neither, which includes an ID the app does not have at all.
 */
export async function findAsset(
  assetId: number,
  ownerHint: string | null,
  client: AssetClient = getWalletClient(),
): Promise<AssetLookup> {
  try {
    const agency = (await client.agencyAssetList({})).find((a) => a.assetId === assetId);
    if (agency) return { kind: 'found', asset: agency, owner: { kind: 'agency' } };
    if (ownerHint === null || !appUserIdParam.safeParse(ownerHint).success) return { kind: 'not-found' };
    const own = (await client.userAssetList({ appUserId: ownerHint })).find((a) => a.assetId === assetId);
    return own
      ? { kind: 'found', asset: own, owner: { kind: 'user', appUserId: ownerHint } }
      : { kind: 'not-found' };
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (!walletError) throw error;
    // An unknown user named in the link: their asset is not found either.
    if (walletError instanceof WalletNotFoundError) return { kind: 'not-found' };
    return {
      kind: 'error',
      staffMessage: walletError.staffMessage,
      name: walletError.name,
      code: walletError.code ?? null,
    };
  }
}

/** asset/ledger's largest page: the fewest calls for an export. */
export const LEDGER_EXPORT_PAGE_SIZE = MAX_PAGE_SIZE;

/**
 * Every entry of the ledger, newest first, a page at a time. Entries written during the walk push
 * older ones down a page: those already seen are skipped, so the export is the ledger as it stood
 * when it started, plus at most the entries written meanwhile.
 */
export async function* walkLedger(
  ledger: { assetId: number; type: LedgerType | null },
  client: Pick<WalletClient, 'assetLedger'> = getWalletClient(),
): AsyncGenerator<LedgerEntry[], void, undefined> {
  const { assetId, type } = ledger;
  const seen = new Set<number>();
  for (let pageNum = 1; ; pageNum++) {
    const page = await client.assetLedger({
      assetId,
      pageNum,
      pageSize: LEDGER_EXPORT_PAGE_SIZE,
      ...(type ? { type } : {}),
    });
    const fresh = page.list.filter((entry) => !seen.has(entry.entryId));
    for (const entry of fresh) seen.add(entry.entryId);
    if (fresh.length > 0) yield fresh;
    if (!page.haveNext || page.list.length === 0) return;
  }
}
