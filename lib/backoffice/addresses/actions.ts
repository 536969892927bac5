'use server';
// Server actions for users' delivery addresses: adding one (spec 4.7), editing one, making one the
// default and deleting one (address/update, address/delete, docs/wallet-api.md "Address changes").
// Checked, validated, audited and mapped to form fields the same way as every wallet-changing
// action (authActionClient + runWalletMutation). Every one also runs as a form posted without
// JavaScript: their schemas read FormData, such a post ends on the user's page, and the add and
// edit forms' state actions answer a refused post with its errors and what was typed.
import { returnValidationErrors } from 'next-safe-action';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { authActionClient, keepTypedValues } from '@/lib/backoffice/shared/action-client';
import { runWalletMutation } from '@/lib/backoffice/shared/wallet-mutation';
import { postedWithoutScript } from '@/lib/backoffice/shared/action-form-data';
import { getWalletClient } from '@/lib/backoffice/wallet-client';
import {
  addAddressFormSchema,
  addAddressPostSchema,
  addressRefFormSchema,
  addressRefSchema,
  emptiedOptionalFields,
  OPTIONAL_ADDRESS_LABELS,
  toAddAddressInput,
  toUpdateAddressInput,
  updateAddressFormSchema,
  updateAddressPostSchema,
} from '@/lib/backoffice/users/forms';

const userPath = (appUserId: string) => `/users/${encodeURIComponent(appUserId)}`;

/** What the add and edit forms say once an address is saved. */
export type AddressSavedData = {
  appUserId: string;
  addressId: number;
  isDefault: boolean;
  street: string;
  city: string;
  country: string;
};

function savedData(
  saved: { appUserId: string; addressId: number; isDefault: boolean },
  input: { street: string; city: string; country: string },
): AddressSavedData {
  const { appUserId, addressId, isDefault } = saved;
  return { appUserId, addressId, isDefault, street: input.street, city: input.city, country: input.country };
}

export const addAddress = authActionClient
  .metadata({ name: 'address.add', permission: 'addresses.add' })
  .inputSchema(addAddressPostSchema, keepTypedValues)
  .stateAction<AddressSavedData>(async ({ parsedInput, clientInput, ctx }) => {
    const input = toAddAddressInput(parsedInput);
    const created = await runWalletMutation({
      staff: ctx.staff,
      schema: addAddressFormSchema,
      action: 'address.add',
      targetType: 'user',
      targetId: input.appUserId,
      summary: `Add a ${input.isDefault ? 'default ' : ''}delivery address in ${input.country} for user ${input.appUserId}`,
      call: () => getWalletClient().addAddress(input),
      describe: (result) => ({
        summary: `Added delivery address ${result.addressId} in ${input.country} for user ${input.appUserId}`,
      }),
    });
    revalidatePath(userPath(input.appUserId));
    if (postedWithoutScript(clientInput)) redirect(userPath(input.appUserId));
    return savedData({ ...created, isDefault: parsedInput.isDefault }, parsedInput);
  });

export const updateAddress = authActionClient
  .metadata({ name: 'address.update', permission: 'addresses.manage' })
  .inputSchema(updateAddressPostSchema, keepTypedValues)
  .stateAction<AddressSavedData>(async ({ parsedInput, clientInput, ctx }) => {
    const wallet = getWalletClient();
    // address/update cannot empty a stored optional field (it keeps an omitted one): say so beside
    // the field instead of saving an address that still holds what staff removed.
    const stored = (await wallet.addressList({ appUserId: parsedInput.appUserId })).find(
      (a) => a.addressId === parsedInput.addressId,
    );
    if (stored) {
      const emptied = emptiedOptionalFields(parsedInput, stored);
      if (emptied.length > 0) {
        returnValidationErrors(
          updateAddressFormSchema,
          Object.fromEntries(
            emptied.map((field) => [
              field,
              {
                _errors: [
                  `${OPTIONAL_ADDRESS_LABELS[field]} cannot be removed once stored; enter the new value`,
                ],
              },
            ]),
          ) as never,
        );
      }
    }
    const input = toUpdateAddressInput(parsedInput);
    const updated = await runWalletMutation({
      staff: ctx.staff,
      schema: updateAddressFormSchema,
      action: 'address.update',
      targetType: 'address',
      targetId: String(input.addressId),
      subjectUser: input.appUserId,
      summary: `Update delivery address ${input.addressId} (${input.country})${input.isDefault ? ', made the default' : ''} of user ${input.appUserId}`,
      call: () => wallet.addressUpdate(input),
    });
    revalidatePath(userPath(input.appUserId));
    if (postedWithoutScript(clientInput)) redirect(userPath(input.appUserId));
    return savedData(updated, parsedInput);
  });

export const makeDefaultAddress = authActionClient
  .metadata({ name: 'address.update', permission: 'addresses.manage' })
  .inputSchema(addressRefFormSchema)
  .action(async ({ parsedInput, clientInput, ctx }) => {
    const { appUserId, addressId, requestId } = parsedInput;
    const updated = await runWalletMutation({
      staff: ctx.staff,
      schema: addressRefSchema,
      action: 'address.update',
      targetType: 'address',
      targetId: String(addressId),
      subjectUser: appUserId,
      summary: `Make delivery address ${addressId} the default of user ${appUserId}`,
      call: () => getWalletClient().addressUpdate({ appUserId, addressId, isDefault: true, requestId }),
    });
    revalidatePath(userPath(appUserId));
    if (postedWithoutScript(clientInput)) redirect(userPath(appUserId));
    return { appUserId, addressId: updated.addressId, isDefault: updated.isDefault };
  });

export const deleteAddress = authActionClient
  .metadata({ name: 'address.delete', permission: 'addresses.manage' })
  .inputSchema(addressRefFormSchema)
  .action(async ({ parsedInput, clientInput, ctx }) => {
    const { appUserId, addressId, requestId } = parsedInput;
    const deleted = await runWalletMutation({
      staff: ctx.staff,
      schema: addressRefSchema,
      action: 'address.delete',
      targetType: 'address',
      targetId: String(addressId),
      subjectUser: appUserId,
      summary: `Delete delivery address ${addressId} of user ${appUserId}`,
      call: () => getWalletClient().addressDelete({ appUserId, addressId, requestId }),
    });
    revalidatePath(userPath(appUserId));
    if (postedWithoutScript(clientInput)) redirect(userPath(appUserId));
    return { appUserId, addressId: deleted.addressId };
  });
