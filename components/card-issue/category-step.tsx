'use client';
// Step 3 of the card-issue wizard: the card type, with its network, whether it is virtual or
// physical, its fee, and whether the chosen asset's balance covers that fee. A type the balance
// does not cover can be chosen, but the wizard does not go on with it (use-card-issue-wizard.ts):
// an operator may fund the user's wallet from here, and the balances are read again. One in
// another currency cannot be paid.
import { CircleCheck, TriangleExclamationPoint } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { feeCoverage } from '@/lib/backoffice/card-issue/card-issue-balance';
import { cardTypeLabel, networkLabel } from '@/lib/backoffice/card-issue/card-issue-format';
import { formatMoney } from '@/lib/backoffice/shared/format';
import type { Asset, CardCategory } from '@/lib/wallet/contract/schemas';
import { TransferDialog, type TransferDialogProps } from '@/components/transfers/transfer-dialog';
import { ChoiceGroup, ChoiceOption } from './choice-group';

export interface CategoryStepProps {
  categories: CardCategory[];
  categoryId: number | undefined;
  asset: Asset | undefined;
  error: string | undefined;
  onCategory: (category: CardCategory) => void;
  categoryRef: React.Ref<HTMLInputElement>;
  /** Offered when the user's wallet is short of the chosen fee and the viewer may move money. */
  fundWallet?: Pick<TransferDialogProps, 'appUserId' | 'target' | 'sources'> & {
    onFunded: () => void;
  };
}

export function CategoryStep({
  categories,
  categoryId,
  asset,
  error,
  onCategory,
  categoryRef,
  fundWallet,
}: CategoryStepProps) {
  if (categories.length === 0) {
    return <p className="text-sm text-muted-foreground">The wallet service offers no card types.</p>;
  }
  return (
    <>
      {fundWallet ? (
        <div className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-border p-3 text-sm">
          <span className="flex-1">The user&apos;s wallet cannot pay this fee yet.</span>
          <TransferDialog
            kind="fund-wallet"
            appUserId={fundWallet.appUserId}
            target={fundWallet.target}
            sources={fundWallet.sources}
            onTransferred={fundWallet.onFunded}
            trigger={{ label: 'Fund wallet' }}
          />
        </div>
      ) : null}
      <ChoiceGroup
        legend="Card type"
        name="categoryId"
        error={error}
        description={
          asset
            ? `Each fee is compared with the balance of ${asset.assetName}: ${formatMoney(asset.balance, asset.currency, asset.decimalPlaces)}.`
            : undefined
        }
      >
        {categories.map((category, index) => {
          const coverage = asset ? feeCoverage(asset, category) : undefined;
          return (
            <ChoiceOption
              key={category.categoryId}
              ref={index === 0 ? categoryRef : undefined}
              data-testid={`category-${category.categoryId}`}
              value={String(category.categoryId)}
              checked={categoryId === category.categoryId}
              disabled={coverage?.kind === 'other-currency'}
              onSelect={() => onCategory(category)}
              title={category.name}
              description={
                <span className="flex flex-wrap items-center gap-2">
                  <span>{networkLabel(category.network)}</span>
                  <Badge variant={category.type === 'VIRTUAL' ? 'info' : 'neutral'}>
                    {cardTypeLabel(category.type)}
                  </Badge>
                  {category.feature ? <span>{category.feature}</span> : null}
                </span>
              }
              aside={<>Fee {formatMoney(category.fee, category.currency, category.decimalPlaces)}</>}
              footer={
                coverage?.kind === 'covered' ? (
                  <span className="inline-flex items-center gap-1.5 text-success-fg">
                    <CircleCheck className="size-3.5" aria-hidden="true" />
                    Covered: {coverage.after} left after the fee
                  </span>
                ) : coverage?.kind === 'short' ? (
                  <span className="inline-flex items-center gap-1.5 font-medium text-warning-fg">
                    <TriangleExclamationPoint className="size-3.5" aria-hidden="true" />
                    Not covered: the balance of {coverage.balance} is {coverage.missing} short of the{' '}
                    {coverage.fee} fee
                  </span>
                ) : coverage?.kind === 'other-currency' ? (
                  <span className="text-muted-foreground">
                    Cannot be paid from this asset: the fee is charged in {category.currency}, the asset holds{' '}
                    {asset?.currency}.
                  </span>
                ) : undefined
              }
            />
          );
        })}
      </ChoiceGroup>
    </>
  );
}
