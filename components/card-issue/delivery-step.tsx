'use client';
// Step 4 of the card-issue wizard, for a physical card: the user's address the card is delivered
// to, or a new one added inline. (A virtual card is not delivered; the wizard passes this step.)
import { MapPinPlus } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatAddress } from '@/lib/backoffice/card-issue/card-issue-format';
import type { Address } from '@/lib/wallet/contract/schemas';
import { ChoiceGroup, ChoiceOption } from './choice-group';

export interface DeliveryStepProps {
  addresses: { data: Address[] | undefined; isPending: boolean; error: Error | null; refetch: () => void };
  addressId: number | undefined;
  error: string | undefined;
  formOpen: boolean;
  onAddress: (address: Address) => void;
  onOpenForm: () => void;
  addressRef: React.Ref<HTMLInputElement>;
}

export function DeliveryStep({
  addresses,
  addressId,
  error,
  formOpen,
  onAddress,
  onOpenForm,
  addressRef,
}: DeliveryStepProps) {
  if (addresses.error) {
    return (
      <Alert variant="error" live>
        <AlertTitle>The user&apos;s addresses could not be loaded</AlertTitle>
        <AlertDescription className="grid gap-2">
          <p>{addresses.error.message}</p>
          <Button type="button" variant="outline" size="sm" className="w-fit" onClick={addresses.refetch}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (addresses.isPending || !addresses.data) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner decorative />
        Loading the user&apos;s addresses…
      </p>
    );
  }
  const list = addresses.data;
  return (
    <div className="grid gap-4">
      <ChoiceGroup
        legend="Delivery address"
        name="addressId"
        error={error}
        description="A physical card is produced and sent to this address."
      >
        {list.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground">
            This user has no address yet. Add the one the card is delivered to.
          </p>
        ) : (
          list.map((address, index) => (
            <ChoiceOption
              key={address.addressId}
              ref={index === 0 ? addressRef : undefined}
              data-testid={`address-${address.addressId}`}
              value={String(address.addressId)}
              checked={addressId === address.addressId}
              onSelect={() => onAddress(address)}
              title={formatAddress(address)}
              description={`Mobile ${address.mobile}`}
              aside={address.isDefault ? <Badge variant="info">Default</Badge> : undefined}
            />
          ))
        )}
      </ChoiceGroup>
      {formOpen ? null : (
        <Button type="button" variant="outline" className="w-fit" onClick={onOpenForm}>
          <MapPinPlus className="size-4" aria-hidden="true" />
          Add a new address
        </Button>
      )}
    </div>
  );
}
