// The back-office forms for users and addresses (spec 4.1 and 4.7): one schema per form, shared
// by the browser's resolver and the server action, and the mapping of its values onto the wallet
// contract. Every rule comes from lib/wallet/contract/schemas.ts, so the form, the client and the
// service refuse the same values; the form only adds friendlier shapes (a mobile number as region
// code + number, photo URLs one per row, a document type picked from suggestions) and words each
// message with the field's label.
import { z } from 'zod';
import { explainingIssue } from '@/lib/wallet/contract/param-issues';
import {
  addAddressParams,
  addressDeleteParams,
  addressUpdateParams,
  countryParam,
  httpUrlParam,
  registerAndKycParams,
} from '@/lib/wallet/contract/schemas';
import { fromFormData } from '../shared/action-form-data';
import { optionalAmountField } from '../shared/amount-field';
import {
  joinMobile,
  joinPhotos,
  MAX_PHOTOS,
  normalizeMobileNumber,
  normalizeRegionCode,
  OTHER_DOCUMENT_TYPE,
} from './form-rules';

// The pure parts live beside, without zod, for the client components; server code may import
// them from here.
export * from './form-rules';

/**
 * The five signing parameters of docs/wallet-api.md "Signature": the wallet client adds them, never
 * a form.
 */
const SIGNING = { agencyCode: true, appId: true, timestamp: true, nonce: true, sign: true } as const;

/** 4.1 as the back-office sends it (the wallet client's input). */
export const registerUserContract = registerAndKycParams.omit(SIGNING);
/** 4.7 as the back-office sends it. */
export const addAddressContract = addAddressParams.omit(SIGNING);
/** address/update and address/delete (docs/wallet-api.md "Address changes") as the back-office sends them. */
export const updateAddressContract = addressUpdateParams.omit(SIGNING);
export const deleteAddressContract = addressDeleteParams.omit(SIGNING);

const kyc = registerUserContract.shape;
const address = addAddressContract.shape;

// ---------------------------------------------------------------- building blocks

/** The contract's own rule for a value, worded after the field's label, or undefined if it passes. */
function ruleMessage(label: string, rule: z.ZodType, value: unknown): string | undefined {
  const result = rule.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return `${label} ${issue ? explainingIssue(issue).message : 'is not valid'}`;
}

type FieldRule = { label: string; rule: z.ZodType; missing?: string };

/**
 * A text field checked by a contract rule. Surrounding spaces are dropped first (the contract
 * refuses them, and nobody means them); an empty value is allowed only without `missing`.
 */
function textField({ label, rule, missing }: FieldRule) {
  return z
    .string(missing ?? `${label} must be text`)
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') {
        if (missing) ctx.addIssue({ code: 'custom', message: missing });
        return;
      }
      const message = ruleMessage(label, rule, value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}

const requestIdField = z.string().pipe(kyc.requestId.unwrap());

// ---------------------------------------------------------------- mobile number

const REGION_CODE = /^\d{1,4}$/;
const SUBSCRIBER_NUMBER = /^\d{4,14}$/;

/**
 * `<region code>-<number>` (docs/wallet-api.md "Values") typed as two inputs. A leading "+" on the
 * code and the spaces, brackets, dashes and dots inside the number are dropped, as people write
 * them that way ("(202) 555-0199").
 */
const mobileField = z
  .object({
    regionCode: z
      .string('Enter the region code of the mobile number')
      .transform(normalizeRegionCode)
      .superRefine((value, ctx) => {
        if (value === '')
          ctx.addIssue({ code: 'custom', message: 'Enter the region code of the mobile number' });
        else if (!REGION_CODE.test(value))
          ctx.addIssue({ code: 'custom', message: 'Region code must be 1-4 digits, e.g. 1 or 852' });
      }),
    number: z
      .string('Enter the mobile number')
      .transform(normalizeMobileNumber)
      .superRefine((value, ctx) => {
        if (value === '') ctx.addIssue({ code: 'custom', message: 'Enter the mobile number' });
        else if (!SUBSCRIBER_NUMBER.test(value))
          ctx.addIssue({
            code: 'custom',
            message: 'Mobile number must be 4-14 digits, without the region code',
          });
      }),
  })
  .superRefine((value, ctx) => {
    // Both parts well-formed, so the whole must pass the contract's rule; checked all the same.
    if (!REGION_CODE.test(value.regionCode) || !SUBSCRIBER_NUMBER.test(value.number)) return;
    const message = ruleMessage('Mobile number', kyc.mobile, joinMobile(value));
    if (message) ctx.addIssue({ code: 'custom', message });
  });

// ---------------------------------------------------------------- 4.1 registration

const photosField = z
  .array(z.object({ url: z.string('Enter the photo URL').trim() }))
  .superRefine((rows, ctx) => {
    if (rows.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Add at least one URL of a photo of the document' });
      return;
    }
    if (rows.length > MAX_PHOTOS) {
      ctx.addIssue({ code: 'custom', message: `Add at most ${MAX_PHOTOS} photo URLs` });
    }
    let rowsValid = true;
    rows.forEach((row, index) => {
      const message =
        row.url === ''
          ? rows.length === 1
            ? 'Enter the URL of a photo of the document'
            : `Enter photo URL ${index + 1}, or remove it`
          : ruleMessage(`Photo URL ${index + 1}`, httpUrlParam, row.url);
      if (message) {
        rowsValid = false;
        ctx.addIssue({ code: 'custom', path: [index, 'url'], message });
      }
    });
    if (rowsValid && rows.length <= MAX_PHOTOS) {
      // Each URL passes; together they must still fit the contract (its total length).
      const message = ruleMessage('Document photos', kyc.photos, joinPhotos(rows));
      if (message) ctx.addIssue({ code: 'custom', message });
    }
  });

const optionalEnum = (label: string, rule: z.ZodType) => textField({ label, rule });

/** Whether `value` carries the two strings the "Other document type" check reads. */
function readsOtherDocumentType(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { documentType, documentTypeOther } = value as Record<string, unknown>;
  return typeof documentType === 'string' && typeof documentTypeOther === 'string';
}

export const registerUserFormSchema = z
  .object({
    appUserId: textField({ label: 'App user ID', rule: kyc.appUserId, missing: 'Enter the app user ID' }),
    email: textField({ label: 'E-mail', rule: kyc.email, missing: 'Enter the e-mail address' }),
    firstName: textField({ label: 'First name', rule: kyc.firstName, missing: 'Enter the first name' }),
    lastName: textField({ label: 'Last name', rule: kyc.lastName, missing: 'Enter the last name' }),
    birthday: textField({ label: 'Date of birth', rule: kyc.birthday, missing: 'Enter the date of birth' }),
    gender: optionalEnum('Gender', kyc.gender.unwrap()),
    mobile: mobileField,
    // The country the user lives in, chosen from the list: its ISO 3166-1 alpha-2 code, which the
    // wallet keeps as the region, so every user's region reads alike ("US", never "USA").
    region: textField({ label: 'Region', rule: countryParam, missing: 'Choose the region' }),
    documentType: z.string('Choose the document type').superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: 'Choose the document type' });
      else if (value !== OTHER_DOCUMENT_TYPE) {
        const message = ruleMessage('Document type', kyc.documentType, value);
        if (message) ctx.addIssue({ code: 'custom', message });
      }
    }),
    // Shown (and posted) only when the type is "Other".
    documentTypeOther: z.string().trim().default(''),
    documentNo: textField({
      label: 'Document number',
      rule: kyc.documentNo,
      missing: 'Enter the document number',
    }),
    documentExpiryDate: textField({ label: 'Document expiry date', rule: kyc.documentExpiryDate.unwrap() }),
    photos: photosField,
    occupation: textField({ label: 'Occupation', rule: kyc.occupation.unwrap() }),
    position: textField({ label: 'Position', rule: kyc.position.unwrap() }),
    // As typed ("85,000.00", "$85000"), read as every amount is (amount-field.ts); 0 is an income.
    annualIncome: optionalAmountField({
      allowZero: true,
      rule: (v) => ruleMessage('Annual income', kyc.annualIncome.unwrap(), v),
    }),
    detailedAddress: textField({ label: 'Home address', rule: kyc.detailedAddress.unwrap() }),
    cardUUID: textField({ label: 'Card account UUID', rule: kyc.cardUUID.unwrap() }),
    supportDocumentType: optionalEnum('Supporting document type', kyc.supportDocumentType.unwrap()),
    supportDocumentUrl: textField({
      label: 'Supporting document URL',
      rule: kyc.supportDocumentUrl.unwrap(),
    }),
    requestId: requestIdField,
  })
  .superRefine(
    (value, ctx) => {
      if (value.documentType !== OTHER_DOCUMENT_TYPE) return;
      const message =
        value.documentTypeOther === ''
          ? 'Enter the document type'
          : ruleMessage('Document type', kyc.documentType, value.documentTypeOther);
      if (message) ctx.addIssue({ code: 'custom', path: ['documentTypeOther'], message });
    },
    // Also when another field failed: a refused amount (a transform's issue, which zod does not
    // continue past by default) must not hide this one. It reads two plain strings only, so it runs
    // whenever those two are strings, and never on what is not even an object (no input at all).
    { when: ({ value }) => readsOtherDocumentType(value) },
  )
  .superRefine((value, ctx) => {
    // A supporting document is a type and where to find it: one without the other says nothing.
    if (value.supportDocumentType !== '' && value.supportDocumentUrl === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['supportDocumentUrl'],
        message: 'Enter the URL of the supporting document, or clear its type',
      });
    }
    if (value.supportDocumentUrl !== '' && value.supportDocumentType === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['supportDocumentType'],
        message: 'Choose the type of the supporting document, or clear its URL',
      });
    }
  });

/** The registration form as its action reads it: posted by the browser (FormData) or an object. */
export const registerUserPostSchema = z.preprocess(fromFormData, registerUserFormSchema);

export type RegisterUserFormInput = z.input<typeof registerUserFormSchema>;
export type RegisterUserFormValues = z.output<typeof registerUserFormSchema>;
export type RegisterUserContractInput = z.input<typeof registerUserContract>;

const omitEmpty = (value: string) => (value === '' ? undefined : value);

/** The form's values as 4.1's parameters: empty optional fields are left out, helpers joined. */
export function toRegisterAndKycInput(values: RegisterUserFormValues): RegisterUserContractInput {
  return {
    appUserId: values.appUserId,
    email: values.email,
    firstName: values.firstName,
    lastName: values.lastName,
    birthday: values.birthday,
    gender: omitEmpty(values.gender) as RegisterUserContractInput['gender'],
    mobile: joinMobile(values.mobile),
    region: values.region,
    documentType:
      values.documentType === OTHER_DOCUMENT_TYPE ? values.documentTypeOther : values.documentType,
    documentNo: values.documentNo,
    documentExpiryDate: omitEmpty(values.documentExpiryDate),
    photos: joinPhotos(values.photos),
    occupation: omitEmpty(values.occupation),
    position: omitEmpty(values.position),
    annualIncome: omitEmpty(values.annualIncome),
    detailedAddress: omitEmpty(values.detailedAddress),
    cardUUID: omitEmpty(values.cardUUID),
    supportDocumentType: omitEmpty(
      values.supportDocumentType,
    ) as RegisterUserContractInput['supportDocumentType'],
    supportDocumentUrl: omitEmpty(values.supportDocumentUrl),
    requestId: values.requestId,
  };
}

// ---------------------------------------------------------------- 4.7 address

export const addAddressFormSchema = z.object({
  appUserId: z.string().pipe(address.appUserId),
  country: textField({ label: 'Country', rule: address.country, missing: 'Choose the country' }),
  province: textField({ label: 'Province or state', rule: address.province.unwrap() }),
  city: textField({ label: 'City', rule: address.city, missing: 'Enter the city' }),
  street: textField({ label: 'Street', rule: address.street, missing: 'Enter the street' }),
  detailedAddress: textField({ label: 'Detailed address', rule: address.detailedAddress.unwrap() }),
  postalCode: textField({ label: 'Postal code', rule: address.postalCode.unwrap() }),
  firstName: textField({ label: 'First name', rule: address.firstName, missing: 'Enter the first name' }),
  lastName: textField({ label: 'Last name', rule: address.lastName, missing: 'Enter the last name' }),
  mobile: mobileField,
  // A boolean from code, "true"/"false" from a posted form (the switch and its hidden "false").
  isDefault: z.union([z.boolean(), z.stringbool()], 'Default address must be on or off'),
  requestId: requestIdField,
});

/** The add form as its action reads it: posted by the browser (FormData) or sent as an object. */
export const addAddressPostSchema = z.preprocess(fromFormData, addAddressFormSchema);

export type AddAddressFormInput = z.input<typeof addAddressFormSchema>;
export type AddAddressFormValues = z.output<typeof addAddressFormSchema>;
export type AddAddressContractInput = z.input<typeof addAddressContract>;

/** The address's own fields as address/add and address/update take them: an empty optional one omitted. */
function addressFields(values: AddAddressFormValues) {
  return {
    country: values.country,
    province: omitEmpty(values.province),
    city: values.city,
    street: values.street,
    detailedAddress: omitEmpty(values.detailedAddress),
    postalCode: omitEmpty(values.postalCode),
    firstName: values.firstName,
    lastName: values.lastName,
    mobile: joinMobile(values.mobile),
  };
}

export function toAddAddressInput(values: AddAddressFormValues): AddAddressContractInput {
  return {
    appUserId: values.appUserId,
    ...addressFields(values),
    isDefault: values.isDefault,
    requestId: values.requestId,
  };
}

// ---------------------------------------------------------------- address/update, address/delete

// A number from the browser's JSON, a string from a posted form: the contract's rule takes both.
const addressIdField = z
  .union([z.number(), z.string()], 'Choose the address')
  .pipe(updateAddressContract.shape.addressId);

/**
 * The edit form: the add form's fields (every 4.7 field may change), plus the address. The
 * default switch can only make an address the default (the wallet never leaves a user without
 * one), so the form sends isDefault only when it is on.
 */
export const updateAddressFormSchema = addAddressFormSchema.extend({ addressId: addressIdField });

/** The edit form as its action reads it: posted by the browser (FormData) or sent as an object. */
export const updateAddressPostSchema = z.preprocess(fromFormData, updateAddressFormSchema);

export type UpdateAddressFormInput = z.input<typeof updateAddressFormSchema>;
export type UpdateAddressFormValues = z.output<typeof updateAddressFormSchema>;
export type UpdateAddressContractInput = z.input<typeof updateAddressContract>;

/** The optional 4.7 fields: once stored, address/update can change them but not empty them. */
export const OPTIONAL_ADDRESS_FIELDS = ['province', 'detailedAddress', 'postalCode'] as const;

export const OPTIONAL_ADDRESS_LABELS: Record<(typeof OPTIONAL_ADDRESS_FIELDS)[number], string> = {
  province: 'Province or state',
  detailedAddress: 'Detailed address',
  postalCode: 'Postal code',
};

/**
 * The stored optional fields the form empties: address/update leaves an omitted field as it is and
 * refuses an empty one, so emptying cannot be done and must be said rather than silently ignored.
 */
export function emptiedOptionalFields(
  values: Pick<UpdateAddressFormValues, (typeof OPTIONAL_ADDRESS_FIELDS)[number]>,
  stored: Readonly<Record<(typeof OPTIONAL_ADDRESS_FIELDS)[number], string | null>>,
): (typeof OPTIONAL_ADDRESS_FIELDS)[number][] {
  return OPTIONAL_ADDRESS_FIELDS.filter((field) => values[field] === '' && (stored[field] ?? '') !== '');
}

/** The edit form's values as address/update's parameters: every field, isDefault only when on. */
export function toUpdateAddressInput(values: UpdateAddressFormValues): UpdateAddressContractInput {
  return {
    appUserId: values.appUserId,
    addressId: values.addressId,
    ...addressFields(values),
    ...(values.isDefault ? { isDefault: true } : {}),
    requestId: values.requestId,
  };
}

/** One address of one user, for a one-click change (make default, delete). */
export const addressRefSchema = z.object({
  appUserId: z.string('The user is missing').pipe(deleteAddressContract.shape.appUserId),
  addressId: addressIdField,
  requestId: requestIdField,
});

/**
 * The same, also read from a form posted without JavaScript (`<form action={serverAction}>`), so
 * "Make default" and "Delete" work as plain posted forms before or without hydration.
 */
export const addressRefFormSchema = z.preprocess(fromFormData, addressRefSchema);

export type AddressRefInput = z.input<typeof addressRefSchema>;

// ---------------------------------------------------------------- user lookup (4.2)

export type UserSearch =
  { kind: 'all' } | { kind: 'search'; q: string } | { kind: 'invalid'; message: string };

export const USER_SEARCH_RULE =
  "Type 2-64 characters: a name, an e-mail or app user ID (or their start), a phone number or a card's last four digits";

/**
 * The directory's search box: empty lists everyone; anything else goes to user/search
 * (docs/wallet-api.md "Finding a user").
 */
export function parseUserSearch(raw: string | undefined): UserSearch {
  const q = (raw ?? '').trim();
  if (q === '') return { kind: 'all' };
  if (q.length < 2 || q.length > 64) return { kind: 'invalid', message: USER_SEARCH_RULE };
  return { kind: 'search', q };
}
