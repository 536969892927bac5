// What a user's pages show for an app user ID the wallet does not know: said plainly, with the
// way back to the directory. Server-compatible.
import { UserX } from 'lucide-react';
import Link from 'next/link';
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
