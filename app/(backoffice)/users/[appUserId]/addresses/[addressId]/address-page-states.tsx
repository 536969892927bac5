// What the address pages (edit, delete confirmation) show when they cannot show the address: the
// user or the address is unknown, the viewer's role may not change addresses, or the wallet could
// not answer; and the check both pages start with (addressToChange).
import type { ReactElement } from 'react';
import { MapPinOff } from 'lucide-react';
import Link from 'next/link';
import { AccessDenied } from '@/components/access-denied';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { UserNotFound, UserPageError } from '@/components/users/user-not-found';
import { can } from '@/lib/backoffice/auth/permissions';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { appUserIdFromSegment } from '../../find-user';
import { findAddress, type AddressLookup } from './find-address';

type Found = Extract<AddressLookup, { kind: 'found' }>;

/**
 * The start of a page that changes an address: a reader of users whose role may change addresses,
 * and the address of the URL's user; or, when that cannot be, the page to show instead.
 */
export async function addressToChange(
  title: string,
  params: Promise<{ appUserId: string; addressId: string }>,
): Promise<{ found: Found & { userName: string } } | { instead: ReactElement }> {
  const me = await requireStaff('users.read');
  const segments = await params;
  const appUserId = appUserIdFromSegment(segments.appUserId);
  if (!can(me.role, 'addresses.manage')) {
    return { instead: <AddressAccessDenied title={title} appUserId={appUserId} /> };
  }
  const lookup = await findAddress(appUserId, segments.addressId);
  if (lookup.kind !== 'found') return { instead: <AddressNotShown title={title} lookup={lookup} /> };
  return { found: { ...lookup, userName: `${lookup.user.firstName} ${lookup.user.lastName}` } };
}

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
        <UserPageError
          title={title}
          what="The address could not be loaded"
          staffMessage={lookup.staffMessage}
        />
      );
  }
}
