// A user's delivery addresses (extension addressList), the default first and marked as such.
// Server-compatible.
import { MapPin, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatMobile } from '@/lib/backoffice/format';

export type UserAddressView = {
  addressId: number;
  name: string;
  street: string;
  detailedAddress: string | null;
  city: string;
  province: string | null;
  postalCode: string | null;
  countryName: string;
  mobile: string;
  isDefault: boolean;
};

export function UserAddressesCard({
  addresses,
  error,
  action,
}: {
  addresses: readonly UserAddressView[];
  error?: ReactNode;
  /** "Add an address", for roles that may. */
  action?: ReactNode;
}) {
  return (
    <Card aria-labelledby="addresses-title" role="region">
      <CardHeader>
        <CardTitle id="addresses-title">Addresses</CardTitle>
        <CardDescription>
          {error
            ? 'Could not be loaded.'
            : `${addresses.length} delivery address${addresses.length === 1 ? '' : 'es'}`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {error ??
          (addresses.length === 0 ? (
            <EmptyState
              icon={<MapPin />}
              titleAs="h3"
              title="No addresses yet"
              description="A physical card needs a delivery address. The first one added becomes the default."
              action={action}
            />
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2">
              {addresses.map((address) => (
                <li
                  key={address.addressId}
                  data-testid={`address-${address.addressId}`}
                  className="rounded-lg border p-4 text-sm"
                >
                  <div className="mb-2 flex items-center justify-between gap-2">
                    <p className="font-medium">{address.name}</p>
                    {address.isDefault ? (
                      <Badge variant="info">
                        <Star aria-hidden="true" />
                        Default
                      </Badge>
                    ) : null}
                  </div>
                  <address className="grid gap-0.5 leading-relaxed not-italic text-muted-foreground">
                    <span>{address.street}</span>
                    {address.detailedAddress ? <span>{address.detailedAddress}</span> : null}
                    <span>
                      {[address.postalCode, address.city].filter(Boolean).join(' ')}
                      {address.province ? `, ${address.province}` : ''}
                    </span>
                    <span>{address.countryName}</span>
                    <span className="tabular-nums">{formatMobile(address.mobile)}</span>
                  </address>
                </li>
              ))}
            </ul>
          ))}
      </CardContent>
    </Card>
  );
}
