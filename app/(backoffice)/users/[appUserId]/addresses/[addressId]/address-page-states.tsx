// What the address pages (edit, delete confirmation) show when they cannot show the address: the
// user or the address is unknown, the viewer's role may not change addresses, or the wallet could
// not answer. Server-compatible.
import { MapPinOff } from 'lucide-react';
import Link from 'next/link';
import { AccessDenied } from '@/components/access-denied';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { UserNotFound } from '@/components/users/user-not-found';
import type { AddressLookup } from './find-address';

export function addressCrumbs(title: string, appUserId: string, userName?: string) {
  return [
    { label: 'Users', href: '/users' },
    { label: userName ?? appUserId, href: `/users/${encodeURIComponent(appUserId)}` },
    { label: title },
  ];
}

export function AddressAccessDenied({ title, appUserId }: { title: string; appUserId: string }) {
  return (
    <>
      <PageHeader title={title} breadcrumbs={addressCrumbs(title, appUserId)} />
      <AccessDenied what="changing addresses" />
    </>
  );
}

/** The page for every lookup but a found address. */
export function AddressNotShown({
  title,
  lookup,
}: {
  title: string;
  lookup: Exclude<AddressLookup, { kind: 'found' }>;
}) {
  switch (lookup.kind) {
    case 'user-not-found':
      return <UserNotFound appUserId={lookup.appUserId} />;
    case 'address-not-found': {
      const { user } = lookup;
      const userPath = `/users/${encodeURIComponent(user.appUserId)}`;
      return (
        <>
          <PageHeader
            title="Address not found"
            breadcrumbs={addressCrumbs(
              'Address not found',
              user.appUserId,
              `${user.firstName} ${user.lastName}`,
            )}
          />
          <EmptyState
            icon={<MapPinOff />}
            title="This address is not one of the user's"
            description="It may have been deleted, or the link may be mistyped."
            action={
              <Link href={userPath} className={buttonVariants({ variant: 'outline' })}>
                Back to the user
              </Link>
            }
          />
        </>
      );
    }
    case 'error':
      return (
        <>
          <PageHeader title={title} breadcrumbs={[{ label: 'Users', href: '/users' }, { label: title }]} />
          <Alert variant="error" live>
            <AlertTitle>The address could not be loaded</AlertTitle>
            <AlertDescription>{lookup.staffMessage}</AlertDescription>
          </Alert>
        </>
      );
  }
}
