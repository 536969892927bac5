'use client';
// Step 6 of the card-issue wizard: everything chosen, the fee, and the paying asset's balance
// before and after it (in minor units, freshly read on arriving here), before the card is issued;
// when the issuance will wait for a second person, the maker's reason for whoever approves it.
import { TriangleExclamationPoint } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { MakerReasonField } from '@/components/approvals/maker-reason-field';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import type { FeeCoverage } from '@/lib/backoffice/card-issue/card-issue-balance';
import {
  cardTypeLabel,
  formatAddress,
  networkLabel,
  PAYER_LABELS,
  userDisplayName,
} from '@/lib/backoffice/card-issue/card-issue-format';
import type { IssueUser, Payer } from '@/lib/backoffice/card-issue/forms';
import type { Address, Asset, CardCategory } from '@/lib/wallet/contract/schemas';

export interface ReviewStepProps {
  user: IssueUser | null;
  payer: Payer | undefined;
  asset: Asset | undefined;
  category: CardCategory | undefined;
  address: Address | undefined;
  embossedName: string;
  coverage: FeeCoverage | undefined;
  balancesRefreshing: boolean;
  /**
   * Set when the issuance will wait for a second person (docs/back-office.md "Approvals"): the
   * maker's reason, required then, which whoever approves reads.
   */
  approval?: { error: string | undefined; registration: UseFormRegisterReturn } | null;
}

export function ReviewStep({
  user,
  payer,
  asset,
  category,
  address,
  embossedName,
  coverage,
  balancesRefreshing,
  approval = null,
}: ReviewStepProps) {
  const amounts = coverage && coverage.kind !== 'other-currency' ? coverage : undefined;
  return (
    <div className="grid gap-5">
      <DescriptionList columns={2}>
        <DescriptionItem term="User" data-testid="review-user">
          {user ? `${userDisplayName(user)} (${user.email}, ${user.appUserId})` : ''}
        </DescriptionItem>
        <DescriptionItem term="Paid by" data-testid="review-payer">
          {payer && asset
            ? `${PAYER_LABELS[payer].title}, from ${asset.assetName} (asset ${asset.assetId})`
            : ''}
        </DescriptionItem>
        <DescriptionItem term="Card type" data-testid="review-category">
          {category ? (
            <span className="inline-flex flex-wrap items-center gap-2">
              {category.name} · {networkLabel(category.network)}
              <Badge variant={category.type === 'VIRTUAL' ? 'info' : 'neutral'}>
                {cardTypeLabel(category.type)}
              </Badge>
            </span>
          ) : (
            ''
          )}
        </DescriptionItem>
        <DescriptionItem term="Delivery" data-testid="review-delivery">
          {category?.type === 'PHYSICAL'
            ? address
              ? formatAddress(address)
              : ''
            : 'Not needed: a virtual card is not delivered'}
        </DescriptionItem>
        <DescriptionItem term="Name on the card" data-testid="review-embossed-name">
          <span className="font-mono">{embossedName}</span>
        </DescriptionItem>
      </DescriptionList>

      <div
        className="grid gap-3 rounded-lg border bg-muted/30 p-4"
        aria-busy={balancesRefreshing || undefined}
      >
        <DescriptionList columns={3}>
          <DescriptionItem term="Card fee" data-testid="review-fee">
            <span className="tabular-nums">{amounts?.fee ?? coverage?.fee ?? ''}</span>
          </DescriptionItem>
          <DescriptionItem term="Balance before" data-testid="review-balance-before">
            <span className="tabular-nums">{amounts?.balance ?? ''}</span>
          </DescriptionItem>
          <DescriptionItem term="Balance after" data-testid="review-balance-after">
            <span className="tabular-nums">
              {amounts ? (amounts.kind === 'covered' ? amounts.after : 'Not enough to pay') : ''}
            </span>
          </DescriptionItem>
        </DescriptionList>
        {balancesRefreshing ? (
          <p className="text-xs text-muted-foreground">Checking the current balance…</p>
        ) : null}
      </div>

      {amounts?.kind === 'short' ? (
        <Alert variant="warning" icon={<TriangleExclamationPoint aria-hidden="true" />}>
          <AlertTitle>The balance does not cover the fee</AlertTitle>
          <AlertDescription>
            {asset?.assetName} holds {amounts.balance}, {amounts.missing} short of the {amounts.fee} fee. The
            wallet will refuse the card unless the asset is topped up first; you can also go back and choose
            another asset.
          </AlertDescription>
        </Alert>
      ) : null}
      {coverage?.kind === 'other-currency' ? (
        <Alert variant="error">
          <AlertTitle>This asset cannot pay for this card</AlertTitle>
          <AlertDescription>
            The fee is charged in {category?.currency}, and {asset?.assetName} holds {asset?.currency}. Go
            back and choose another asset or card type.
          </AlertDescription>
        </Alert>
      ) : null}
      {approval ? (
        <div className="grid gap-4" data-testid="issue-waits">
          <Alert variant="warning">
            <AlertTitle>This will wait for approval</AlertTitle>
            <AlertDescription>
              A card paid by the agency with this fee needs another member of staff to approve it; no card is
              issued until then.
            </AlertDescription>
          </Alert>
          <MakerReasonField error={approval.error} registration={approval.registration} />
        </div>
      ) : null}
    </div>
  );
}
