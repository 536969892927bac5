'use client';
// The KYC registration form (spec 4.1): every parameter of the operation, the required ones
// marked, checked in the browser by the same schema the server action uses. Errors appear beside
// their fields (the wallet service's too) and in a summary at the top; what was typed stays. The
// request ID is made when the form opens, so a double submit registers the user once.
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { Plus, Trash2, UserPlus } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { MobileNumberFields } from '@/components/forms/mobile-number-fields';
import { SelectField } from '@/components/forms/select-field';
import { TextField } from '@/components/forms/text-field';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { registerUser } from '@/lib/backoffice/actions/users';
import { lazyZodResolver, usePreloadResolver } from '@/lib/backoffice/forms/lazy-resolver';
import {
  DOCUMENT_TYPE_SUGGESTIONS,
  emptyRegisterUserForm,
  GENDER_LABELS,
  MAX_PHOTOS,
  OTHER_DOCUMENT_TYPE,
  SUPPORT_DOCUMENT_TYPE_LABELS,
} from '@/lib/backoffice/forms/user-forms-rules';
import { newRequestId } from '@/lib/backoffice/request-id';
import { GENDERS, SUPPORT_DOCUMENT_TYPES } from '@/lib/wallet/contract/enums';
import { ActionFormIntro, actionFormStatus } from './action-form-status';

// zod and the schema load after the first paint (lazy-resolver.ts).
const registerUserResolver = lazyZodResolver(() =>
  import('@/lib/backoffice/forms/user-forms').then((m) => m.registerUserFormSchema),
);

const ID = 'register';

/** The fields in page order, for the error summary. */
const FIELD_ORDER = [
  'appUserId',
  'email',
  'firstName',
  'lastName',
  'birthday',
  'gender',
  'mobile.regionCode',
  'mobile.number',
  'mobile',
  'region',
  'documentType',
  'documentTypeOther',
  'documentNo',
  'documentExpiryDate',
  'photos',
  'photos.*.url',
  'occupation',
  'position',
  'annualIncome',
  'detailedAddress',
  'cardUUID',
  'supportDocumentType',
  'supportDocumentUrl',
  'requestId',
] as const;

function fieldId(path: string): string | undefined {
  if (path === 'requestId') return undefined;
  if (path === 'mobile') return `${ID}-mobile-number`;
  if (path === 'photos') return `${ID}-photos-0`;
  const row = /^photos\.(\d+)\.url$/.exec(path);
  if (row) return `${ID}-photos-${row[1]}`;
  return `${ID}-${path.replace('.', '-')}`;
}

export function RegisterUserForm() {
  usePreloadResolver(registerUserResolver);
  const router = useRouter();
  const [requestId] = useState(newRequestId);
  const { form, action, handleSubmitWithAction } = useHookFormAction(registerUser, registerUserResolver, {
    formProps: {
      defaultValues: emptyRegisterUserForm(requestId),
      // The summary takes focus after a failed submit and links to each field.
      shouldFocusError: false,
    },
    actionProps: {
      onSuccess: ({ data, input }) => {
        if (!data) return;
        toast.success('User registered', {
          description: `${input.firstName.trim()} ${input.lastName.trim()} (${data.appUserId}) is registered with the wallet.`,
        });
        router.push(`/users/${encodeURIComponent(data.appUserId)}`);
      },
    },
  });
  const { control, formState, watch } = form;
  const { errors, submitCount } = formState;
  const photos = useFieldArray({ control, name: 'photos' });
  const documentType = watch('documentType');

  const { summary, busy } = actionFormStatus(form, action, FIELD_ORDER, fieldId);

  return (
    <form
      method="post"
      onSubmit={handleSubmitWithAction}
      noValidate
      aria-label="Register a user"
      className="grid gap-6"
    >
      <ActionFormIntro submitCount={submitCount} summary={summary} title="The user was not registered" />

      <Card>
        <CardHeader>
          <CardTitle>The user</CardTitle>
          <CardDescription>Who they are in your app, and how to reach them.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <TextField
            control={control}
            name="appUserId"
            id={`${ID}-appUserId`}
            label="App user ID"
            required
            description="The user's ID in your app: letters, digits, '_', '.', '@', ':', '+' or '-'."
            spellCheck={false}
          />
          <TextField
            control={control}
            name="email"
            id={`${ID}-email`}
            label="E-mail"
            required
            type="email"
            spellCheck={false}
          />
          <TextField
            control={control}
            name="firstName"
            id={`${ID}-firstName`}
            label="First name"
            required
            description="In English letters, as on the document."
          />
          <TextField
            control={control}
            name="lastName"
            id={`${ID}-lastName`}
            label="Last name"
            required
            description="In English letters, as on the document."
          />
          <TextField
            control={control}
            name="birthday"
            id={`${ID}-birthday`}
            label="Date of birth"
            required
            type="date"
          />
          <SelectField
            control={control}
            name="gender"
            id={`${ID}-gender`}
            label="Gender"
            placeholder="Not given"
          >
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {GENDER_LABELS[gender]}
              </option>
            ))}
          </SelectField>
          <MobileNumberFields control={control} name="mobile" idPrefix={`${ID}-mobile`} required />
          <TextField
            control={control}
            name="region"
            id={`${ID}-region`}
            label="Region"
            required
            description="Where the user lives, e.g. United States or Hong Kong."
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Identity document</CardTitle>
          <CardDescription>
            The document the user proves their identity with. Its number is stored by the wallet and shown
            masked in the back-office.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <SelectField
            control={control}
            name="documentType"
            id={`${ID}-documentType`}
            label="Document type"
            required
            placeholder="Choose a type"
          >
            {DOCUMENT_TYPE_SUGGESTIONS.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
            <option value={OTHER_DOCUMENT_TYPE}>Other type…</option>
          </SelectField>
          {documentType === OTHER_DOCUMENT_TYPE ? (
            <TextField
              control={control}
              name="documentTypeOther"
              id={`${ID}-documentTypeOther`}
              label="Other document type"
              required
              description="Letters or digits, e.g. SEAMAN_BOOK."
            />
          ) : null}
          <TextField
            control={control}
            name="documentNo"
            id={`${ID}-documentNo`}
            label="Document number"
            required
            spellCheck={false}
          />
          <TextField
            control={control}
            name="documentExpiryDate"
            id={`${ID}-documentExpiryDate`}
            label="Document expiry date"
            type="date"
          />
          <fieldset className="grid content-start gap-3 sm:col-span-2" aria-describedby={`${ID}-photos-hint`}>
            <legend className="mb-1 text-sm leading-none font-medium text-foreground">
              Document photos
              <span aria-hidden="true" className="ml-0.5 text-danger-fg">
                *
              </span>
              <span className="sr-only"> (required)</span>
            </legend>
            <p id={`${ID}-photos-hint`} className="text-[0.8125rem] leading-snug text-muted-foreground">
              Where the wallet can fetch each photo of the document: one http(s) URL per row, up to{' '}
              {MAX_PHOTOS}.
            </p>
            {photos.fields.map((row, index) => (
              <div key={row.id} className="flex items-start gap-2">
                <TextField
                  control={control}
                  name={`photos.${index}.url`}
                  id={`${ID}-photos-${index}`}
                  label={`Photo URL ${index + 1}`}
                  className="flex-1"
                  // The first row also carries what is wrong with the list as a whole.
                  formatError={(message) =>
                    message ??
                    (index === 0 ? (errors.photos?.root?.message ?? errors.photos?.message) : undefined)
                  }
                  type="url"
                  inputMode="url"
                  spellCheck={false}
                  placeholder="https://"
                />
                {photos.fields.length > 1 ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="mt-6"
                    aria-label={`Remove photo URL ${index + 1}`}
                    onClick={() => photos.remove(index)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
            ))}
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={photos.fields.length >= MAX_PHOTOS}
                onClick={() => photos.append({ url: '' })}
              >
                <Plus aria-hidden="true" />
                Add another photo URL
              </Button>
            </div>
          </fieldset>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>More about the user</CardTitle>
          <CardDescription>Optional. Give what the user&apos;s KYC level asks for.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <TextField control={control} name="occupation" id={`${ID}-occupation`} label="Occupation" />
          <TextField control={control} name="position" id={`${ID}-position`} label="Position" />
          <TextField
            control={control}
            name="annualIncome"
            id={`${ID}-annualIncome`}
            label="Annual income (USD)"
            description="An amount with at most two decimals, e.g. 50000 or 50000.00."
            inputMode="decimal"
          />
          <TextField
            control={control}
            name="cardUUID"
            id={`${ID}-cardUUID`}
            label="Card account UUID"
            description="Only if the user already has a card account with the provider."
            spellCheck={false}
          />
          <TextField
            control={control}
            name="detailedAddress"
            id={`${ID}-detailedAddress`}
            label="Home address"
            className="sm:col-span-2"
          />
          <SelectField
            control={control}
            name="supportDocumentType"
            id={`${ID}-supportDocumentType`}
            label="Supporting document type"
            placeholder="None"
          >
            {SUPPORT_DOCUMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {SUPPORT_DOCUMENT_TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <TextField
            control={control}
            name="supportDocumentUrl"
            id={`${ID}-supportDocumentUrl`}
            label="Supporting document URL"
            type="url"
            inputMode="url"
            spellCheck={false}
            placeholder="https://"
          />
        </CardContent>
      </Card>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={busy}>
          <UserPlus aria-hidden="true" />
          Register user
        </Button>
        <Link href="/users" className={buttonVariants({ variant: 'ghost' })}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
