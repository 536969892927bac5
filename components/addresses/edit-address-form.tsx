'use client';
// Editing one of a user's delivery addresses (address/update, DESIGN §8): the add form's fields,
// prefilled with the stored address, and a switch that makes it the default (an address that is
// the default stays so until another is made the default: the wallet never leaves a user without
// one). Checked in the browser by the action's own schema; errors beside their fields and in a
// summary, nothing typed is lost; the request ID is made when the form opens.
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { Save } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import {
  ADDRESS_FIELD_ID,
  ADDRESS_FIELD_ORDER,
  AddressFields,
  addressFieldId,
} from '@/components/addresses/address-fields';
import { ActionFormIntro, actionFormStatus } from '@/components/users/action-form-status';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toaster';
import { updateAddress } from '@/lib/backoffice/actions/addresses';
import { addressLabel } from '@/lib/backoffice/address-view';
import { lazyZodResolver, usePreloadResolver } from '@/lib/backoffice/forms/lazy-resolver';
import type {
  AddAddressFormInput,
  AddAddressFormValues,
  UpdateAddressFormInput,
} from '@/lib/backoffice/forms/user-forms';
import { newRequestId } from '@/lib/backoffice/request-id';

// zod and the schema load after the first paint (lazy-resolver.ts).
const updateAddressResolver = lazyZodResolver(() =>
  import('@/lib/backoffice/forms/user-forms').then((m) => m.updateAddressFormSchema),
);

const ID = ADDRESS_FIELD_ID;

export interface EditAddressFormProps {
  /** The stored address as the form's values (without the request ID, made here). */
  address: Omit<UpdateAddressFormInput, 'requestId'>;
  /** It is the default now: the switch shows so and cannot turn it off. */
  isDefaultNow: boolean;
}

export function EditAddressForm({ address, isDefaultNow }: EditAddressFormProps) {
  usePreloadResolver(updateAddressResolver);
  const router = useRouter();
  const [requestId] = useState(newRequestId);
  const userPath = `/users/${encodeURIComponent(address.appUserId)}`;
  const { form, action, handleSubmitWithAction } = useHookFormAction(updateAddress, updateAddressResolver, {
    formProps: { defaultValues: { ...address, requestId }, shouldFocusError: false },
    actionProps: {
      onSuccess: ({ input }) => {
        toast.success('Address saved', {
          description: `${addressLabel({ street: input.street.trim(), city: input.city.trim() })}${input.isDefault && !isDefaultNow ? ' is now the default address' : ''}.`,
        });
        router.push(userPath);
      },
    },
  });
  const { control, formState } = form;
  const { submitCount } = formState;
  const { summary, busy } = actionFormStatus(form, action, ADDRESS_FIELD_ORDER, addressFieldId);

  return (
    <form
      method="post"
      onSubmit={handleSubmitWithAction}
      noValidate
      aria-label="Edit the address"
      className="grid gap-6"
    >
      <ActionFormIntro submitCount={submitCount} summary={summary} title="The address was not saved" />

      <AddressFields
        // The edit form holds the add form's fields plus the address id: the same field paths.
        control={control as unknown as Control<AddAddressFormInput, unknown, AddAddressFormValues>}
        defaults={{
          province: address.province,
          city: address.city,
          postalCode: address.postalCode,
          street: address.street,
          detailedAddress: address.detailedAddress,
          firstName: address.firstName,
          lastName: address.lastName,
          mobile: address.mobile,
        }}
        recipientDescription="Who receives the cards sent to this address."
      />

      <Controller
        control={control}
        name="isDefault"
        render={({ field }) => (
          <div className="flex items-start gap-3 rounded-xl border bg-card p-5">
            <Switch
              id={`${ID}-isDefault`}
              ref={field.ref}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              disabled={isDefaultNow}
              aria-describedby={`${ID}-isDefault-description`}
              className="mt-0.5"
            />
            <div className="grid gap-1">
              <Label htmlFor={`${ID}-isDefault`}>Default address</Label>
              <p
                id={`${ID}-isDefault-description`}
                className="text-[0.8125rem] leading-snug text-muted-foreground"
              >
                {isDefaultNow
                  ? 'This is the default address. To change the default, make another address the default.'
                  : 'Turn this on to make this address the default instead of the current one.'}
              </p>
            </div>
          </div>
        )}
      />

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={busy}>
          <Save aria-hidden="true" />
          Save address
        </Button>
        <Link href={userPath} className={buttonVariants({ variant: 'ghost' })}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
