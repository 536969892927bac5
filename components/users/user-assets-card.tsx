// A user's own assets and balances (extension userAssetList), e.g. the USD wallet a card can be
// paid from; each links to its ledger (/assets/[assetId], naming the user, whose it is).
// Server-compatible.
import { Wallet } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { RowsTable } from '@/components/ui/rows-table';
import { assetPath } from '@/lib/backoffice/assets/asset-ledger';
import { assetLabel, assetTypeLabel, type NamedCard } from '@/lib/backoffice/names/labels';
import { formatMoney } from '@/lib/backoffice/shared/format';
import type { Asset } from '@/lib/wallet/contract/schemas';

export type UserAssetView = {
  assetId: number;
  /** In words that tell two cards' assets of one category apart (labels.ts assetLabel). */
  name: string;
  type: string;
  currency: string;
  balance: string;
};

/**
 * The user's assets as the card lists them: each card's own asset named with its card's last four
 * (labels.ts assetLabel), as two cards of one category are two assets of one name otherwise.
 */
export function toUserAssetViews(
  assets: readonly Asset[],
  cards: readonly Pick<NamedCard, 'cardAssetId' | 'last4'>[],
): UserAssetView[] {
  return assets.map((asset) => ({
    assetId: asset.assetId,
    name: assetLabel(asset, cards),
    type: asset.type,
    currency: asset.currency,
    balance: formatMoney(asset.balance, asset.currency, asset.decimalPlaces),
  }));
}

export function UserAssetsCard({
  appUserId,
  assets,
  error,
}: {
  /** Whose the assets are: their ledger links name the user. */
  appUserId: string;
  assets: readonly UserAssetView[];
  error?: ReactNode;
}) {
  return (
    <Card aria-labelledby="assets-title" role="region">
      <CardHeader>
        <CardTitle id="assets-title">Assets</CardTitle>
        <CardDescription>
          The user&apos;s own balances, which can pay for cards the user applies for.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {error ??
          (assets.length === 0 ? (
            <EmptyState
              icon={<Wallet />}
              titleAs="h3"
              title="No assets"
              description="The wallet reports no assets for this user."
            />
          ) : (
            <RowsTable
              head={
                <>
                  <TableHead>Asset</TableHead>
                  <TableHead>Type</TableHead>
                  <TableHead>Currency</TableHead>
                  <TableHead className="text-right" keyColumn="end">
                    Balance
                  </TableHead>
                </>
              }
              rows={assets}
              row={(asset) => (
                <TableRow key={asset.assetId} data-testid={`asset-row-${asset.assetId}`}>
                  <TableCell className="font-medium">
                    <Link href={assetPath(asset.assetId, appUserId)} className="underline underline-offset-4">
                      {asset.name}
                    </Link>
                  </TableCell>
                  <TableCell>{assetTypeLabel(asset.type)}</TableCell>
                  <TableCell>{asset.currency}</TableCell>
                  <TableCell className="text-right tabular-nums" keyColumn="end">
                    {asset.balance}
                  </TableCell>
                </TableRow>
              )}
            />
          ))}
      </CardContent>
    </Card>
  );
}
