// Registering a user with KYC (spec 4.1), for the roles that may; everyone else is told so
// instead of being shown a form whose action would refuse them.
import type { Metadata } from 'next';
import { AccessDenied } from '@/components/access-denied';
import { PageHeader } from '@/components/ui/page-header';
import { RegisterUserForm } from '@/components/users/register-user-form';
import { can } from '@/lib/backoffice/auth/permissions';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { newRequestId } from '@/lib/backoffice/shared/request-id';

export const metadata: Metadata = { title: 'Register a user' };

const BREADCRUMBS = [{ label: 'Users', href: '/users' }, { label: 'Register a user' }];

export default async function RegisterUserPage() {
  const me = await requireStaff('users.read');
  if (!can(me.role, 'users.register')) {
    return (
      <>
        <PageHeader title="Register a user" breadcrumbs={BREADCRUMBS} />
        <AccessDenied what="registering users" />
      </>
    );
  }
  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Register a user"
        description="Registers an app user with the wallet together with their identity verification (KYC). Once registered, they can be given cards and delivery addresses."
        breadcrumbs={BREADCRUMBS}
      />
      <RegisterUserForm requestId={newRequestId()} />
    </div>
  );
}
