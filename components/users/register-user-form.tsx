'use client';
// The KYC registration form (spec 4.1): every parameter of the operation, the required ones
// marked, checked in the browser by the same schema the server action uses. Errors appear beside
// their fields (the wallet service's too) and in a summary at the top; what was typed stays. The
// request ID is made when the form opens, so a double submit registers the user once.
import { zodResolver } from '@hookform/resolvers/zod';
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { Plus, Trash2, UserPlus } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { toast } from '@/components/ui/toaster';
import { registerUser } from '@/lib/backoffice/actions/users';
import {
  DOCUMENT_TYPE_SUGGESTIONS,
  emptyRegisterUserForm,
  GENDER_LABELS,
  MAX_PHOTOS,
  newRequestId,
  OTHER_DOCUMENT_TYPE,
  registerUserFormSchema,
  SUPPORT_DOCUMENT_TYPE_LABELS,
} from '@/lib/backoffice/forms/user-forms';
import { GENDERS, SUPPORT_DOCUMENT_TYPES } from '@/lib/wallet/contract/schemas';
import { ActionFormIntro, actionFormStatus, mobileErrors } from './action-form-status';
import { MobileNumberFields } from './mobile-number-fields';

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
  const router = useRouter();
  const [requestId] = useState(newRequestId);
  const { form, action, handleSubmitWithAction } = useHookFormAction(
    registerUser,
    zodResolver(registerUserFormSchema),
    {
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
    },
  );
  const { register, control, formState, watch } = form;
  const { errors, submitCount } = formState;
  const photos = useFieldArray({ control, name: 'photos' });
  const documentType = watch('documentType');

  const { summary, busy } = actionFormStatus(form, action, FIELD_ORDER, fieldId);

  return (
    <form onSubmit={handleSubmitWithAction} noValidate aria-label="Register a user" className="grid gap-6">
      <ActionFormIntro submitCount={submitCount} summary={summary} title="The user was not registered" />

      <Card>
        <CardHeader>
          <CardTitle>The user</CardTitle>
          <CardDescription>Who they are in your app, and how to reach them.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <Field
            id={`${ID}-appUserId`}
            label="App user ID"
            required
            description="The user's ID in your app: letters, digits, '_', '.', '@', ':', '+' or '-'."
            error={errors.appUserId?.message}
          >
            <Input autoComplete="off" spellCheck={false} {...register('appUserId')} />
          </Field>
          <Field id={`${ID}-email`} label="E-mail" required error={errors.email?.message}>
            <Input type="email" autoComplete="off" spellCheck={false} {...register('email')} />
          </Field>
          <Field
            id={`${ID}-firstName`}
            label="First name"
            required
            description="In English letters, as on the document."
            error={errors.firstName?.message}
          >
            <Input autoComplete="off" {...register('firstName')} />
          </Field>
          <Field
            id={`${ID}-lastName`}
            label="Last name"
            required
            description="In English letters, as on the document."
            error={errors.lastName?.message}
          >
            <Input autoComplete="off" {...register('lastName')} />
          </Field>
          <Field id={`${ID}-birthday`} label="Date of birth" required error={errors.birthday?.message}>
            <Input type="date" autoComplete="off" {...register('birthday')} />
          </Field>
          <Field id={`${ID}-gender`} label="Gender" error={errors.gender?.message}>
            <NativeSelect placeholder="Not given" {...register('gender')}>
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {GENDER_LABELS[gender]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <MobileNumberFields
            idPrefix={`${ID}-mobile`}
            required
            regionCode={register('mobile.regionCode')}
            number={register('mobile.number')}
            errors={mobileErrors(errors.mobile)}
          />
          <Field
            id={`${ID}-region`}
            label="Region"
            required
            description="Where the user lives, e.g. United States or Hong Kong."
            error={errors.region?.message}
          >
            <Input autoComplete="off" {...register('region')} />
          </Field>
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
          <Field
            id={`${ID}-documentType`}
            label="Document type"
            required
            error={errors.documentType?.message}
          >
            <NativeSelect placeholder="Choose a type" {...register('documentType')}>
              {DOCUMENT_TYPE_SUGGESTIONS.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
              <option value={OTHER_DOCUMENT_TYPE}>Other type…</option>
            </NativeSelect>
          </Field>
          {documentType === OTHER_DOCUMENT_TYPE ? (
            <Field
              id={`${ID}-documentTypeOther`}
              label="Other document type"
              required
              description="Letters or digits, e.g. SEAMAN_BOOK."
              error={errors.documentTypeOther?.message}
            >
              <Input autoComplete="off" {...register('documentTypeOther')} />
            </Field>
          ) : null}
          <Field id={`${ID}-documentNo`} label="Document number" required error={errors.documentNo?.message}>
            <Input autoComplete="off" spellCheck={false} {...register('documentNo')} />
          </Field>
          <Field
            id={`${ID}-documentExpiryDate`}
            label="Document expiry date"
            error={errors.documentExpiryDate?.message}
          >
            <Input type="date" autoComplete="off" {...register('documentExpiryDate')} />
          </Field>
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
                <Field
                  id={`${ID}-photos-${index}`}
                  label={`Photo URL ${index + 1}`}
                  className="flex-1"
                  error={
                    errors.photos?.[index]?.url?.message ??
                    (index === 0 ? (errors.photos?.root?.message ?? errors.photos?.message) : undefined)
                  }
                >
                  <Input
                    type="url"
                    inputMode="url"
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="https://"
                    {...register(`photos.${index}.url`)}
                  />
                </Field>
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
          <Field id={`${ID}-occupation`} label="Occupation" error={errors.occupation?.message}>
            <Input autoComplete="off" {...register('occupation')} />
          </Field>
          <Field id={`${ID}-position`} label="Position" error={errors.position?.message}>
            <Input autoComplete="off" {...register('position')} />
          </Field>
          <Field
            id={`${ID}-annualIncome`}
            label="Annual income (USD)"
            description="An amount with at most two decimals, e.g. 50000 or 50000.00."
            error={errors.annualIncome?.message}
          >
            <Input inputMode="decimal" autoComplete="off" {...register('annualIncome')} />
          </Field>
          <Field
            id={`${ID}-cardUUID`}
            label="Card account UUID"
            description="Only if the user already has a card account with the provider."
            error={errors.cardUUID?.message}
          >
            <Input autoComplete="off" spellCheck={false} {...register('cardUUID')} />
          </Field>
          <Field
            id={`${ID}-detailedAddress`}
            label="Home address"
            className="sm:col-span-2"
            error={errors.detailedAddress?.message}
          >
            <Input autoComplete="off" {...register('detailedAddress')} />
          </Field>
          <Field
            id={`${ID}-supportDocumentType`}
            label="Supporting document type"
            error={errors.supportDocumentType?.message}
          >
            <NativeSelect placeholder="None" {...register('supportDocumentType')}>
              {SUPPORT_DOCUMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {SUPPORT_DOCUMENT_TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            id={`${ID}-supportDocumentUrl`}
            label="Supporting document URL"
            error={errors.supportDocumentUrl?.message}
          >
            <Input
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://"
              {...register('supportDocumentUrl')}
            />
          </Field>
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
