'use client';
// Adding a delivery address for a user (spec 4.7): the country picked from the ISO list by
// searching, the recipient prefilled from the user, and whether it becomes the default address
// (a user's first address always does). Checked in the browser by the action's own schema; errors
// beside their fields and in a summary; the request ID is made when the form opens. Its fields
// are the address fields the edit form shares (address-fields.tsx), built from components/forms.
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { MapPinPlus } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
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
import { addAddress } from '@/lib/backoffice/actions/addresses';
import { countryName } from '@/lib/backoffice/format';
import { lazyZodResolver, usePreloadResolver } from '@/lib/backoffice/forms/lazy-resolver';
import type { MobileValue } from '@/lib/backoffice/forms/user-forms-rules';
import { newRequestId } from '@/lib/backoffice/request-id';

// zod and the schema load after the first paint (lazy-resolver.ts).
const addAddressResolver = lazyZodResolver(() =>
  import('@/lib/backoffice/forms/user-forms').then((m) => m.addAddressFormSchema),
);

const ID = ADDRESS_FIELD_ID;

export interface AddAddressFormProps {
  appUserId: string;
  /** The user's name, for the recipient fields and the confirmation. */
  firstName: string;
  lastName: string;
  mobile: MobileValue;
  /** The user has no address yet: this one becomes the default whatever is chosen. */
  isFirst: boolean;
}

export function AddAddressForm({ appUserId, firstName, lastName, mobile, isFirst }: AddAddressFormProps) {
  usePreloadResolver(addAddressResolver);
  const router = useRouter();
  const [requestId] = useState(newRequestId);
  const userPath = `/users/${encodeURIComponent(appUserId)}`;
  const { form, action, handleSubmitWithAction } = useHookFormAction(addAddress, addAddressResolver, {
    formProps: {
      defaultValues: {
        appUserId,
        country: '',
        province: '',
        city: '',
        street: '',
        detailedAddress: '',
        postalCode: '',
        firstName,
        lastName,
        mobile,
        isDefault: isFirst,
        requestId,
      },
      shouldFocusError: false,
    },
    actionProps: {
      onSuccess: ({ input }) => {
        toast.success('Address added', {
          description: `${input.street.trim()}, ${input.city.trim()}, ${countryName(input.country)}${input.isDefault ? ' is now the default address' : ''}.`,
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
      aria-label="Add an address"
      className="grid gap-6"
    >
      <ActionFormIntro submitCount={submitCount} summary={summary} title="The address was not added" />

      {/* The user's values are rendered by the server as well, so they show before hydration. */}
      <AddressFields
        control={control}
        defaults={{ firstName, lastName, mobile }}
        recipientDescription="Filled in from the user; change it if someone else receives the cards."
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
              disabled={isFirst}
              aria-describedby={`${ID}-isDefault-description`}
              className="mt-0.5"
            />
            <div className="grid gap-1">
              <Label htmlFor={`${ID}-isDefault`}>Default address</Label>
              <p
                id={`${ID}-isDefault-description`}
                className="text-[0.8125rem] leading-snug text-muted-foreground"
              >
                {isFirst
                  ? 'This is the user’s first address, so it becomes their default address whatever is chosen here.'
                  : 'Cards are delivered to the default address unless another is chosen. Turn this on to make this address the default instead of the current one.'}
              </p>
            </div>
          </div>
        )}
      />

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={busy}>
          <MapPinPlus aria-hidden="true" />
          Add address
        </Button>
        <Link href={userPath} className={buttonVariants({ variant: 'ghost' })}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
