'use client';
// "Delete this address?" as a dialog on the user's page, loaded when its link is first wanted
// (address-actions.tsx): what deleting means, then the same posted form as the confirmation page.
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { LazyDialogState } from '@/components/ui/lazy-dialog';
import { deleteQuestion } from '@/lib/backoffice/addresses/address-view';
import { DeleteAddressForm } from './address-actions';

export function DeleteAddressDialog({
  dialog,
  appUserId,
  addressId,
  label,
  defaultNote,
  requestId,
}: {
  dialog: LazyDialogState;
  appUserId: string;
  addressId: number;
  label: string;
  defaultNote: string | null;
  requestId: string;
}) {
  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogContent onCloseAutoFocus={dialog.returnFocus}>
        <DialogHeader>
          <DialogTitle>{deleteQuestion(label)}</DialogTitle>
          <DialogDescription>
            {defaultNote ?? 'Cards already sent there keep their history.'}
          </DialogDescription>
        </DialogHeader>
        <DeleteAddressForm
          appUserId={appUserId}
          addressId={addressId}
          label={label}
          requestId={requestId}
          onDeleted={() => dialog.onOpenChange(false)}
          cancel={
            <Button type="button" variant="outline" onClick={() => dialog.onOpenChange(false)}>
              Cancel
            </Button>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
