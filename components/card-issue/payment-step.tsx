'use client';
// Step 2 of the card-issue wizard: who pays the fee, the agency (4.3) or the user (4.4), and
// from which asset, each with its balance. Only the agency's card-margin assets and the user's
// own wallet can pay; a card's own balance never does.
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney } from '@/lib/backoffice/shared/format';
import { PAYER_LABELS } from '@/lib/backoffice/card-issue/card-issue-format';
import { PAYERS, type Payer } from '@/lib/backoffice/card-issue/forms';
import type { Asset } from '@/lib/wallet/contract/schemas';
import { ChoiceGroup, ChoiceOption } from './choice-group';
import type { PaymentAssets } from './use-card-issue-data';

export interface PaymentStepProps {
  payer: Payer | undefined;
  paymentAssetId: number | undefined;
  assets: { data: PaymentAssets | undefined; isPending: boolean; error: Error | null; refetch: () => void };
  errors: { payer?: string; paymentAssetId?: string };
  onPayer: (payer: Payer) => void;
  onAsset: (asset: Asset) => void;
  payerRef: React.Ref<HTMLInputElement>;
  assetRef: React.Ref<HTMLInputElement>;
}

export function PaymentStep({
  payer,
  paymentAssetId,
  assets,
  errors,
  onPayer,
  onAsset,
  payerRef,
  assetRef,
}: PaymentStepProps) {
  return (
    <div className="grid gap-6">
      <ChoiceGroup legend="Who pays the card fee?" name="payer" error={errors.payer}>
        {PAYERS.map((option, index) => (
          <ChoiceOption
            key={option}
            ref={index === 0 ? payerRef : undefined}
            value={option}
            checked={payer === option}
            onSelect={() => onPayer(option)}
            title={PAYER_LABELS[option].title}
            description={PAYER_LABELS[option].description}
          />
        ))}
      </ChoiceGroup>
      {payer ? (
        <PaymentAssetChoice
          payer={payer}
          paymentAssetId={paymentAssetId}
          assets={assets}
          error={errors.paymentAssetId}
          onAsset={onAsset}
          assetRef={assetRef}
        />
      ) : null}
    </div>
  );
}

function PaymentAssetChoice({
  payer,
  paymentAssetId,
  assets,
  error,
  onAsset,
  assetRef,
}: Pick<PaymentStepProps, 'paymentAssetId' | 'assets' | 'onAsset' | 'assetRef'> & {
  payer: Payer;
  error: string | undefined;
}) {
  if (assets.error) {
    return (
      <Alert variant="error" live>
        <AlertTitle>
          {payer === 'agency' ? "The agency's assets" : "The user's wallet"} could not be loaded
        </AlertTitle>
        <AlertDescription className="grid gap-2">
          <p>{assets.error.message}</p>
          <Button type="button" variant="outline" size="sm" className="w-fit" onClick={assets.refetch}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (assets.isPending || !assets.data) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner decorative />
        {payer === 'agency' ? "Loading the agency's assets…" : "Loading the user's wallet…"}
      </p>
    );
  }
  const { assets: list, cardAssetCount } = assets.data;
  const cardsNote =
    payer === 'user' && cardAssetCount > 0
      ? ` The balances on the user's ${cardAssetCount === 1 ? 'card' : `${cardAssetCount} cards`} cannot pay for a new card.`
      : '';
  return (
    <ChoiceGroup
      legend="Which asset pays?"
      name="paymentAssetId"
      error={error}
      description={
        payer === 'agency'
          ? "The agency's card-margin assets, with their current balances."
          : `The user's own wallet, with its current balance.${cardsNote}`
      }
    >
      {list.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground">
          {payer === 'agency'
            ? 'The agency has no asset that can pay for cards.'
            : 'This user has no wallet that can pay. Choose the agency to pay instead.'}
        </p>
      ) : (
        list.map((asset, index) => (
          <ChoiceOption
            key={asset.assetId}
            ref={index === 0 ? assetRef : undefined}
            data-testid={`payment-asset-${asset.assetId}`}
            value={String(asset.assetId)}
            checked={paymentAssetId === asset.assetId}
            onSelect={() => onAsset(asset)}
            title={asset.assetName}
            description={
              <>
                Asset {asset.assetId} · {asset.currency}
                {asset.defaultAsset === 1 ? (
                  <Badge variant="neutral" className="ml-2 align-middle">
                    Default
                  </Badge>
                ) : null}
              </>
            }
            aside={
              <>
                <span className="sr-only">Balance </span>
                {formatMoney(asset.balance, asset.currency, asset.decimalPlaces)}
              </>
            }
          />
        ))
      )}
    </ChoiceGroup>
  );
}
