'use client';
// The one-click changes to a delivery address from the user's page: "Make default" and "Delete"
// (address/update with isDefault, address/delete; docs/wallet-api.md "Address changes"). Each is a
// real form posted to its server action, so it works before hydration and without JavaScript; once
// hydrated, the submission runs through next-safe-action instead (a toast says what happened, the
// page's data refreshes). Delete asks first: with JavaScript in a dialog, without it on a
// confirmation page (its link is the dialog's trigger). The request ID comes from the server render
// and is replaced after each success, so a double click sends one request and the next change is a
// new one.
import { useAction } from 'next-safe-action/hooks';
import { Star, Trash2 } from 'lucide-react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { LazyDialog } from '@/components/ui/lazy-dialog';
import { formAction } from '@/components/forms/form-action';
import { settleAction } from '@/components/forms/settle-action';
import { toast } from '@/components/ui/toaster';
import { deleteAddress, makeDefaultAddress } from '@/lib/backoffice/addresses/actions';
import { newRequestId } from '@/lib/backoffice/shared/request-id';

type AddressRef = { appUserId: string; addressId: number };

/** The hidden fields of a posted form: what the action's FormData schema reads. */
function RefFields({ appUserId, addressId, requestId }: AddressRef & { requestId: string }) {
  return (
    <>
      <input type="hidden" name="appUserId" value={appUserId} />
      <input type="hidden" name="addressId" value={String(addressId)} />
      <input type="hidden" name="requestId" value={requestId} />
    </>
  );
}

export function MakeDefaultAddressForm({
  appUserId,
  addressId,
  label,
  requestId: firstRequestId,
}: AddressRef & { label: string; requestId: string }) {
  const [requestId, setRequestId] = useState(firstRequestId);
  const { executeAsync, isExecuting } = useAction(makeDefaultAddress);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void settleAction(executeAsync({ appUserId, addressId, requestId }), {
      onSuccess: () => {
        setRequestId(newRequestId());
        toast.success('Default address changed', { description: `${label} is now the default address.` });
      },
      onError: (serverError) => toast.error(serverError ?? 'The default address was not changed.'),
    });
  }
  return (
    <form method="post" action={formAction(makeDefaultAddress)} onSubmit={onSubmit}>
      <RefFields appUserId={appUserId} addressId={addressId} requestId={requestId} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        loading={isExecuting}
        aria-label={`Make ${label} the default`}
      >
        <Star aria-hidden="true" />
        Make default
      </Button>
    </form>
  );
}

/**
 * The confirmed deletion: a posted form. `onDeleted` runs after a deletion made with JavaScript
 * (the dialog closes; the confirmation page goes back to the user).
 */
export function DeleteAddressForm({
  appUserId,
  addressId,
  label,
  requestId: firstRequestId,
  cancel,
  onDeleted,
}: AddressRef & { label: string; requestId: string; cancel: ReactNode; onDeleted?: () => void }) {
  const [requestId, setRequestId] = useState(firstRequestId);
  const { executeAsync, isExecuting } = useAction(deleteAddress);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void settleAction(executeAsync({ appUserId, addressId, requestId }), {
      onSuccess: () => {
        setRequestId(newRequestId());
        toast.success('Address deleted', { description: `${label} was deleted.` });
        onDeleted?.();
      },
      onError: (serverError) => toast.error(serverError ?? 'The address was not deleted.'),
    });
  }
  return (
    <form method="post" action={formAction(deleteAddress)} onSubmit={onSubmit}>
      <RefFields appUserId={appUserId} addressId={addressId} requestId={requestId} />
      <DialogFooter>
        {cancel}
        <Button type="submit" variant="destructive" loading={isExecuting}>
          <Trash2 aria-hidden="true" />
          Delete address
        </Button>
      </DialogFooter>
    </form>
  );
}

// The dialog's code (Radix Dialog) loads when the link is first wanted: the page shows the list
// first (components/ui/lazy-dialog.tsx says why).
const loadDialog = () => import('./address-delete-dialog');
const DeleteAddressDialog = dynamic(() => loadDialog().then((m) => m.DeleteAddressDialog), { ssr: false });

export function DeleteAddressButton({
  appUserId,
  addressId,
  label,
  defaultNote,
  requestId,
  confirmHref,
}: AddressRef & { label: string; defaultNote: string | null; requestId: string; confirmHref: string }) {
  return (
    <LazyDialog
      preload={loadDialog}
      trigger={
        // The confirmation page without JavaScript, or in a new tab; the dialog on a plain click.
        <a
          href={confirmHref}
          aria-label={`Delete ${label}`}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </a>
      }
    >
      {(dialog) => (
        <DeleteAddressDialog
          dialog={dialog}
          appUserId={appUserId}
          addressId={addressId}
          label={label}
          defaultNote={defaultNote}
          requestId={requestId}
        />
      )}
    </LazyDialog>
  );
}

/** The confirmation page's form: back to the user once deleted. */
export function DeleteAddressConfirmForm({
  appUserId,
  addressId,
  label,
  requestId,
}: AddressRef & { label: string; requestId: string }) {
  const router = useRouter();
  const userPath = `/users/${encodeURIComponent(appUserId)}`;
  return (
    <DeleteAddressForm
      appUserId={appUserId}
      addressId={addressId}
      label={label}
      requestId={requestId}
      onDeleted={() => router.push(userPath)}
      cancel={
        <Link href={userPath} className={buttonVariants({ variant: 'outline' })}>
          Cancel
        </Link>
      }
    />
  );
}
