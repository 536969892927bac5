// What a user's pages show for an app user ID the wallet does not know: said plainly, with the
// way back to the directory; and what they show when the wallet could not answer. Server-compatible.
import { UserX } from 'lucide-react';
import Link from 'next/link';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function UserNotFound({ appUserId }: { appUserId: string }) {
  return (
    <>
      <PageHeader
        title="User not found"
        breadcrumbs={[{ label: 'Users', href: '/users' }, { label: 'Not found' }]}
      />
      <EmptyState
        icon={<UserX />}
        title={`No user with the app user ID “${appUserId}”`}
        description="Nobody is registered with the wallet under this ID. The link may be mistyped, or the user may be registered under another ID."
        action={
          <Link href="/users" className={buttonVariants({ variant: 'outline' })}>
            Back to users
          </Link>
        }
      />
    </>
  );
}

/**
 * A user's page when the wallet could not answer: the page's title and crumbs, what could not be
 * loaded, and the reason in words for staff.
 */
export function UserPageError({
  title,
  crumb = title,
  what,
  staffMessage,
}: {
  title: string;
  /** The last crumb, after "Users" (the page's title unless said). */
  crumb?: string;
  /** "The user could not be loaded". */
  what: string;
  staffMessage: string;
}) {
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: 'Users', href: '/users' }, { label: crumb }]} />
      <Alert variant="error" live>
        <AlertTitle>{what}</AlertTitle>
        <AlertDescription>{staffMessage}</AlertDescription>
      </Alert>
    </>
  );
}
