// A user's delivery addresses (extension addressList), the default first and marked as such, and,
// for roles that may manage them, each one's Edit, Make default and Delete
// (docs/wallet-api.md "Address changes"). A server component: the forms' request IDs are made in
// this render, so they are in the HTML a browser without JavaScript posts.
import { MapPin, Pencil, Star } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { DeleteAddressButton, MakeDefaultAddressForm } from '@/components/addresses/address-actions';
import { buttonVariants } from '@/components/ui/button-variants';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { addressLabel, deleteDefaultNote } from '@/lib/backoffice/addresses/address-view';
import { formatMobile } from '@/lib/backoffice/shared/format';
import { newRequestId } from '@/lib/backoffice/shared/request-id';

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
  manageFor,
}: {
  addresses: readonly UserAddressView[];
  error?: ReactNode;
  /** "Add an address", for roles that may. */
  action?: ReactNode;
  /** The user's app user ID, when the viewer may edit, delete and make addresses the default. */
  manageFor?: string;
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
                  {manageFor !== undefined ? (
                    <AddressManagement appUserId={manageFor} address={address} addresses={addresses} />
                  ) : null}
                </li>
              ))}
            </ul>
          ))}
      </CardContent>
    </Card>
  );
}

function AddressManagement({
  appUserId,
  address,
  addresses,
}: {
  appUserId: string;
  address: UserAddressView;
  addresses: readonly UserAddressView[];
}) {
  const label = addressLabel(address);
  const addressPath = `/users/${encodeURIComponent(appUserId)}/addresses/${address.addressId}`;
  return (
    <div className="mt-3 flex flex-wrap gap-2" data-testid="address-actions">
      <Link
        href={`${addressPath}/edit`}
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
        aria-label={`Edit ${label}`}
      >
        <Pencil aria-hidden="true" />
        Edit
      </Link>
      {address.isDefault ? null : (
        <MakeDefaultAddressForm
          appUserId={appUserId}
          addressId={address.addressId}
          label={label}
          requestId={newRequestId()}
        />
      )}
      <DeleteAddressButton
        appUserId={appUserId}
        addressId={address.addressId}
        label={label}
        defaultNote={deleteDefaultNote(addresses, address.addressId)}
        requestId={newRequestId()}
        confirmHref={`${addressPath}/delete`}
      />
    </div>
  );
}
