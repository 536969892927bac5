'use client';
// The KYC registration form (spec 4.1): every parameter of the operation, the required ones
// marked. A posted form (useActionForm) checked by the action's own schema: before its scripts
// load the browser posts it and gets the new user's page, or this page again with the errors
// and what was typed; once hydrated the same action runs in place and what was typed stays.
// Errors appear beside their fields (the wallet service's too) and in a summary at the top; a
// field's error clears as it is corrected. The request ID comes from the page, made when the
// form opened, so a double submit or a retry registers the user once.
import { Plus, Trash2, UserPlus } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { ActionFormIntro } from '@/components/forms/action-form-intro';
import { MobileNumberInputs } from '@/components/forms/mobile-number-inputs';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { toast } from '@/components/ui/toaster';
import { registerUser } from '@/lib/backoffice/users/actions';
import { typedValuesOf } from '@/lib/backoffice/shared/action-form-data';
import { countryChoices } from '@/lib/backoffice/shared/format';
import {
  DOCUMENT_TYPE_SUGGESTIONS,
  GENDER_LABELS,
  MAX_PHOTOS,
  OTHER_DOCUMENT_TYPE,
  SUPPORT_DOCUMENT_TYPE_LABELS,
} from '@/lib/backoffice/users/form-rules';
import { GENDERS, SUPPORT_DOCUMENT_TYPES } from '@/lib/wallet/contract/kyc-values';

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

type InputProps = Omit<ComponentProps<typeof Input>, 'id' | 'name'>;

/** The photo rows' keys: one per row, new rows get the next number (a removed row's never returns). */
function usePhotoRows(initial: number) {
  const [rows, setRows] = useState(() => Array.from({ length: Math.max(1, initial) }, (_, i) => i));
  const [added, setAdded] = useState<number | null>(null);
  const inputs = useRef(new Map<number, HTMLInputElement>());
  useEffect(() => {
    // A row added by the button takes focus, so the URL can be typed at once.
    if (added !== null) inputs.current.get(added)?.focus();
  }, [added]);
  return {
    rows,
    add: () => {
      const key = Math.max(...rows) + 1;
      setRows([...rows, key]);
      setAdded(key);
    },
    remove: (key: number) => setRows(rows.filter((row) => row !== key)),
    ref: (key: number) => (element: HTMLInputElement | null) => {
      if (element) inputs.current.set(key, element);
      else inputs.current.delete(key);
    },
  };
}

export function RegisterUserForm({ requestId }: { requestId: string }) {
  const router = useRouter();
  const { result, pending, answers, formProps, markEdited, fieldError } = useActionForm(registerUser);
  const registered = result.data;
  useEffect(() => {
    if (!registered) return;
    toast.success('User registered', {
      description: `${registered.firstName} ${registered.lastName} (${registered.appUserId}) is registered with the wallet.`,
    });
    router.push(`/users/${encodeURIComponent(registered.appUserId)}`);
  }, [registered, router]);

  // After a post made before the scripts ran, the page shows what was typed.
  const typed = typedValuesOf(result.validationErrors);
  const photoCount = Array.from({ length: MAX_PHOTOS }, (_, i) => typed(`photos.${i}.url`)).filter(
    (url) => url !== undefined,
  ).length;
  const photos = usePhotoRows(photoCount);
  const [documentType, setDocumentType] = useState(typed('documentType') ?? '');

  const text = (
    name: string,
    label: string,
    options: { required?: boolean; description?: ReactNode; className?: string } & InputProps = {},
  ) => {
    const { required, description, className, ...input } = options;
    return (
      <Field
        id={fieldId(name)}
        label={label}
        required={required}
        description={description}
        error={fieldError(name)}
        className={className}
      >
        <Input name={name} autoComplete="off" defaultValue={typed(name)} {...input} />
      </Field>
    );
  };
  const select = (
    name: string,
    label: string,
    placeholder: string,
    options: { required?: boolean; description?: ReactNode; onChange?: (value: string) => void },
    children: ReactNode,
  ) => (
    <Field
      id={fieldId(name)}
      label={label}
      required={options.required}
      description={options.description}
      error={fieldError(name)}
    >
      <NativeSelect
        name={name}
        placeholder={placeholder}
        defaultValue={typed(name) ?? ''}
        onChange={(event) => options.onChange?.(event.target.value)}
      >
        {children}
      </NativeSelect>
    </Field>
  );

  return (
    // POST even before hydration: a document number never travels in a URL.
    <form {...formProps} method="post" aria-label="Register a user" className="grid gap-6">
      <input type="hidden" name="requestId" value={typed('requestId') ?? requestId} />
      <ActionFormIntro
        result={result}
        answers={answers}
        order={FIELD_ORDER}
        fieldId={fieldId}
        title="The user was not registered"
      />

      <Card>
        <CardHeader>
          <CardTitle>The user</CardTitle>
          <CardDescription>Who they are in your app, and how to reach them.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          {text('appUserId', 'App user ID', {
            required: true,
            description: "The user's ID in your app: letters, digits, '_', '.', '@', ':', '+' or '-'.",
            spellCheck: false,
          })}
          {text('email', 'E-mail', { required: true, type: 'email', spellCheck: false })}
          {text('firstName', 'First name', {
            required: true,
            description: 'In English letters, as on the document.',
          })}
          {text('lastName', 'Last name', {
            required: true,
            description: 'In English letters, as on the document.',
          })}
          {text('birthday', 'Date of birth', { required: true, type: 'date' })}
          {select(
            'gender',
            'Gender',
            'Not given',
            {},
            GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {GENDER_LABELS[gender]}
              </option>
            )),
          )}
          <MobileNumberInputs
            idPrefix={`${ID}-mobile`}
            required
            regionCode={{
              input: { name: 'mobile.regionCode', defaultValue: typed('mobile.regionCode') },
              error: fieldError('mobile.regionCode'),
            }}
            number={{
              input: { name: 'mobile.number', defaultValue: typed('mobile.number') },
              // An error about the whole number (from the wallet service) shows as the number's.
              error: fieldError('mobile.number') ?? fieldError('mobile'),
            }}
          />
          {select(
            'region',
            'Region',
            'Choose a country',
            { required: true, description: 'The country the user lives in.' },
            countryChoices().map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            )),
          )}
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
          {select(
            'documentType',
            'Document type',
            'Choose a type',
            { required: true, onChange: setDocumentType },
            <>
              {DOCUMENT_TYPE_SUGGESTIONS.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
              <option value={OTHER_DOCUMENT_TYPE}>Other type…</option>
            </>,
          )}
          {documentType === OTHER_DOCUMENT_TYPE
            ? text('documentTypeOther', 'Other document type', {
                required: true,
                description: 'Letters or digits, e.g. SEAMAN_BOOK.',
              })
            : null}
          {text('documentNo', 'Document number', { required: true, spellCheck: false })}
          {text('documentExpiryDate', 'Document expiry date', { type: 'date' })}
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
            {photos.rows.map((key, index) => (
              <div key={key} className="flex items-start gap-2">
                <Field
                  id={`${ID}-photos-${index}`}
                  label={`Photo URL ${index + 1}`}
                  className="flex-1"
                  // The first row also carries what is wrong with the list as a whole.
                  error={
                    fieldError(`photos.${index}.url`) ?? (index === 0 ? fieldError('photos') : undefined)
                  }
                >
                  <Input
                    ref={photos.ref(key)}
                    name={`photos.${index}.url`}
                    type="url"
                    inputMode="url"
                    spellCheck={false}
                    autoComplete="off"
                    placeholder="https://"
                    defaultValue={typed(`photos.${index}.url`)}
                  />
                </Field>
                {photos.rows.length > 1 ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="mt-6"
                    aria-label={`Remove photo URL ${index + 1}`}
                    onClick={() => {
                      // The rows after it move up: their errors no longer match their places.
                      markEdited('photos');
                      photos.remove(key);
                    }}
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
                disabled={photos.rows.length >= MAX_PHOTOS}
                onClick={photos.add}
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
          {text('occupation', 'Occupation')}
          {text('position', 'Position')}
          {text('annualIncome', 'Annual income (USD)', {
            description: 'An amount with at most two decimals, e.g. 50000 or 50000.00.',
            inputMode: 'decimal',
          })}
          {text('cardUUID', 'Card account UUID', {
            description: 'Only if the user already has a card account with the provider.',
            spellCheck: false,
          })}
          {text('detailedAddress', 'Home address', { className: 'sm:col-span-2' })}
          {select(
            'supportDocumentType',
            'Supporting document type',
            'None',
            {},
            SUPPORT_DOCUMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {SUPPORT_DOCUMENT_TYPE_LABELS[type]}
              </option>
            )),
          )}
          {text('supportDocumentUrl', 'Supporting document URL', {
            type: 'url',
            inputMode: 'url',
            spellCheck: false,
            placeholder: 'https://',
          })}
        </CardContent>
      </Card>

      <div className="flex flex-wrap items-center gap-3">
        {/* Busy from the click until the user's page opens, so a second click sends nothing. */}
        <Button type="submit" loading={pending || registered !== undefined}>
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
