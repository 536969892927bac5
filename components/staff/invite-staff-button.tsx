'use client';
// The "Invite staff" button of /staff: the dialog (invite-staff-dialog.tsx) and the form it holds
// load when the button is first wanted (components/ui/lazy-dialog.tsx).
import { UserPlus } from 'lucide-react';
import dynamic from 'next/dynamic';
import { Button } from '@/components/ui/button';
import { LazyDialog } from '@/components/ui/lazy-dialog';

const loadDialog = () => import('./invite-staff-dialog');
const InviteStaffDialogBody = dynamic(() => loadDialog().then((m) => m.InviteStaffDialogBody), {
  ssr: false,
});

export function InviteStaffButton() {
  return (
    <LazyDialog
      preload={loadDialog}
      trigger={
        <Button>
          <UserPlus className="size-4" aria-hidden="true" />
          Invite staff
        </Button>
      }
    >
      {(dialog) => <InviteStaffDialogBody dialog={dialog} />}
    </LazyDialog>
  );
}
