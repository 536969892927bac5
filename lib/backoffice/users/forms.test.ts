import { describe, expect, it } from 'vitest';
import {
  addAddressContract,
  addAddressFormSchema,
  addAddressPostSchema,
  addressRefFormSchema,
  deleteAddressContract,
  emptiedOptionalFields,
  toUpdateAddressInput,
  updateAddressContract,
  updateAddressFormSchema,
  emptyRegisterUserForm,
  parseUserSearch,
  USER_SEARCH_RULE,
  registerUserContract,
  registerUserFormSchema,
  registerUserPostSchema,
  splitMobile,
  toAddAddressInput,
  toRegisterAndKycInput,
  type AddAddressFormInput,
  type RegisterUserFormInput,
} from './forms';

const REQUEST_ID = '6f1d2c9e-5b7a-4c1e-9d3f-2a8b7c6d5e4f';

function filled(overrides: Partial<RegisterUserFormInput> = {}): RegisterUserFormInput {
  return {
    ...emptyRegisterUserForm(REQUEST_ID),
    appUserId: 'jane-1',
    email: 'jane@example.com',
    firstName: 'Jane',
    lastName: "O'Neil-Smith",
    birthday: '1990-04-12',
    mobile: { regionCode: '+852', number: '9123 4567' },
    region: 'HK',
    documentType: 'PASSPORT',
    documentNo: 'X1234567',
    photos: [{ url: 'https://files.example.com/a.png' }, { url: 'https://files.example.com/b.png' }],
    ...overrides,
  };
}

/** The messages of a failed parse, keyed by dotted path. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('registerUserFormSchema', () => {
  it('names every empty required field with its own message', () => {
    const errors = errorsOf(registerUserFormSchema.safeParse(emptyRegisterUserForm(REQUEST_ID)));
    expect(errors).toEqual({
      appUserId: 'Enter the app user ID',
      email: 'Enter the e-mail address',
      firstName: 'Enter the first name',
      lastName: 'Enter the last name',
      birthday: 'Enter the date of birth',
      'mobile.regionCode': 'Enter the region code of the mobile number',
      'mobile.number': 'Enter the mobile number',
      region: 'Choose the region',
      documentType: 'Choose the document type',
      documentNo: 'Enter the document number',
      'photos.0.url': 'Enter the URL of a photo of the document',
    });
  });

  it('words each broken rule with the label and the contract rule', () => {
    const errors = errorsOf(
      registerUserFormSchema.safeParse(
        filled({
          email: 'jane.example.com',
          firstName: 'Jane2',
          birthday: '2999-01-01',
          mobile: { regionCode: '12345', number: '12' },
          photos: [{ url: 'ftp://files.example.com/a.png' }, { url: '' }],
          annualIncome: '50000.123',
          supportDocumentType: 'BANK_STATEMENT',
          supportDocumentUrl: 'not a url',
          cardUUID: 'abc',
        }),
      ),
    );
    expect(errors).toEqual({
      email: 'E-mail must be a valid e-mail address',
      firstName:
        'First name must be 1-50 English letters, spaces, hyphens or apostrophes, starting with a letter',
      birthday: 'Date of birth must not be in the future',
      'mobile.regionCode': 'Region code must be 1-4 digits, e.g. 1 or 852',
      'mobile.number': 'Mobile number must be 4-14 digits, without the region code',
      'photos.0.url': 'Photo URL 1 must be an http(s) URL',
      'photos.1.url': 'Enter photo URL 2, or remove it',
      annualIncome: 'Annual income must be an amount in USD, e.g. 50000 or 50000.00',
      supportDocumentUrl: 'Supporting document URL must be an http(s) URL',
      cardUUID: 'Card account UUID must be a UUID',
    });
  });

  it('takes a mobile number as people write it, brackets, dashes, dots and spaces aside', () => {
    for (const number of ['(202) 555-0199', '202.555.0199', ' 202 555 0199 ', '202-555-0199']) {
      const parsed = registerUserFormSchema.parse(filled({ mobile: { regionCode: '+1', number } }));
      expect(toRegisterAndKycInput(parsed).mobile).toBe('1-2025550199');
    }
    expect(
      errorsOf(registerUserFormSchema.safeParse(filled({ mobile: { regionCode: '1', number: '202/555' } }))),
    ).toEqual({
      'mobile.number': 'Mobile number must be 4-14 digits, without the region code',
    });
  });

  it('takes the region as a country chosen from the list, by its ISO code', () => {
    expect(toRegisterAndKycInput(registerUserFormSchema.parse(filled({ region: 'US' }))).region).toBe('US');
    for (const region of ['USA', 'United States', 'us', 'XX']) {
      expect(errorsOf(registerUserFormSchema.safeParse(filled({ region })))).toEqual({
        region: 'Region must be an ISO 3166-1 alpha-2 country code, e.g. US',
      });
    }
  });

  it('asks for the type of an "other" document, checked by the contract rule', () => {
    expect(errorsOf(registerUserFormSchema.safeParse(filled({ documentType: 'OTHER' })))).toEqual({
      documentTypeOther: 'Enter the document type',
    });
    expect(
      errorsOf(
        registerUserFormSchema.safeParse(
          filled({ documentType: 'OTHER', documentTypeOther: 'Seaman book!' }),
        ),
      ),
    ).toEqual({
      documentTypeOther:
        "Document type must be 1-32 letters or digits, words separated by a single space, '_' or '-'",
    });
  });

  it('names the other document type and a broken annual income at once', () => {
    expect(
      errorsOf(
        registerUserFormSchema.safeParse(
          filled({ documentType: 'OTHER', documentTypeOther: 'Seaman book!', annualIncome: '50000.123' }),
        ),
      ),
    ).toEqual({
      annualIncome: 'Annual income must be an amount in USD, e.g. 50000 or 50000.00',
      documentTypeOther:
        "Document type must be 1-32 letters or digits, words separated by a single space, '_' or '-'",
    });
  });

  // A server action may be posted nothing at all (tests/system/authorization-matrix.test.ts): the
  // check that runs whatever else failed must refuse it, never throw (a TypeError was a 500).
  it('refuses no input at all with issues, never a throw', async () => {
    for (const input of [undefined, null, {}, 'text']) {
      const result = await registerUserPostSchema['~standard'].validate(input);
      expect('issues' in result && result.issues !== undefined && result.issues.length > 0).toBe(true);
    }
  });

  it('wants a supporting document as type and URL together', () => {
    expect(errorsOf(registerUserFormSchema.safeParse(filled({ supportDocumentType: 'WORK_VISA' })))).toEqual({
      supportDocumentUrl: 'Enter the URL of the supporting document, or clear its type',
    });
    expect(
      errorsOf(
        registerUserFormSchema.safeParse(filled({ supportDocumentUrl: 'https://files.example.com/v.pdf' })),
      ),
    ).toEqual({ supportDocumentType: 'Choose the type of the supporting document, or clear its URL' });
  });

  it('maps onto the 4.1 contract exactly: helpers joined, empty optional fields left out', () => {
    const parsed = registerUserFormSchema.parse(
      filled({
        firstName: '  Jane ',
        gender: 'FEMALE',
        documentType: 'OTHER',
        documentTypeOther: 'SEAMAN_BOOK',
        annualIncome: '50000.50',
        supportDocumentType: 'WORK_VISA',
        supportDocumentUrl: 'https://files.example.com/v.pdf',
      }),
    );
    const input = toRegisterAndKycInput(parsed);
    expect(input).toEqual({
      appUserId: 'jane-1',
      email: 'jane@example.com',
      firstName: 'Jane',
      lastName: "O'Neil-Smith",
      birthday: '1990-04-12',
      gender: 'FEMALE',
      mobile: '852-91234567',
      region: 'HK',
      documentType: 'SEAMAN_BOOK',
      documentNo: 'X1234567',
      documentExpiryDate: undefined,
      photos: 'https://files.example.com/a.png,https://files.example.com/b.png',
      occupation: undefined,
      position: undefined,
      annualIncome: '50000.50',
      detailedAddress: undefined,
      cardUUID: undefined,
      supportDocumentType: 'WORK_VISA',
      supportDocumentUrl: 'https://files.example.com/v.pdf',
      requestId: REQUEST_ID,
    });
    expect(registerUserContract.safeParse(input).success).toBe(true);
    // The action parses what the browser's resolver produced: that must pass again unchanged.
    expect(registerUserFormSchema.parse(parsed)).toEqual(parsed);
  });

  it('covers every parameter of the contract', () => {
    const input = toRegisterAndKycInput(registerUserFormSchema.parse(filled()));
    expect(Object.keys(input).sort()).toEqual(Object.keys(registerUserContract.shape).sort());
  });
});

describe('addAddressFormSchema', () => {
  const base: AddAddressFormInput = {
    appUserId: 'jane-1',
    country: 'DE',
    province: '',
    city: 'Berlin',
    street: 'Unter den Linden 1',
    detailedAddress: '',
    postalCode: '10117',
    firstName: 'Jane',
    lastName: 'Doe',
    mobile: { regionCode: '49', number: '30123456' },
    isDefault: false,
    requestId: REQUEST_ID,
  };

  it('names the empty required fields', () => {
    const errors = errorsOf(
      addAddressFormSchema.safeParse({
        ...base,
        country: '',
        city: '',
        street: '',
        firstName: '',
        lastName: '',
        mobile: { regionCode: '', number: '' },
      }),
    );
    expect(errors).toEqual({
      country: 'Choose the country',
      city: 'Enter the city',
      street: 'Enter the street',
      firstName: 'Enter the first name',
      lastName: 'Enter the last name',
      'mobile.regionCode': 'Enter the region code of the mobile number',
      'mobile.number': 'Enter the mobile number',
    });
  });

  it('refuses what the contract refuses', () => {
    expect(
      errorsOf(addAddressFormSchema.safeParse({ ...base, country: 'XX', postalCode: '10117!' })),
    ).toEqual({
      country: 'Country must be an ISO 3166-1 alpha-2 country code, e.g. US',
      postalCode: "Postal code must be 1-12 letters, digits, spaces or '-'",
    });
  });

  it('maps onto the 4.7 contract exactly', () => {
    const input = toAddAddressInput(addAddressFormSchema.parse({ ...base, isDefault: true }));
    expect(input).toMatchObject({
      country: 'DE',
      mobile: '49-30123456',
      isDefault: true,
      province: undefined,
    });
    expect(Object.keys(input).sort()).toEqual(Object.keys(addAddressContract.shape).sort());
    expect(addAddressContract.safeParse(input).success).toBe(true);
  });

  it('reads the form as the browser posts it: dotted names, the switch as "false" then "true"', () => {
    const posted = new FormData();
    for (const [name, value] of Object.entries({ ...base, mobile: undefined, isDefault: 'false' })) {
      if (typeof value === 'string') posted.append(name, value);
    }
    posted.append('mobile.regionCode', '49');
    posted.append('mobile.number', '30123456');
    const off = addAddressPostSchema.parse(posted);
    expect(off).toEqual(addAddressFormSchema.parse(base));
    posted.append('isDefault', 'true');
    expect(addAddressPostSchema.parse(posted).isDefault).toBe(true);
    posted.set('isDefault', 'maybe');
    expect(errorsOf(addAddressPostSchema.safeParse(posted))).toEqual({
      isDefault: 'Default address must be on or off',
    });
  });
});

describe('updateAddressFormSchema', () => {
  const base = {
    appUserId: 'jane-1',
    addressId: 12,
    country: 'DE',
    province: '',
    city: 'Berlin',
    street: 'Unter den Linden 1',
    detailedAddress: '',
    postalCode: '10117',
    firstName: 'Jane',
    lastName: 'Doe',
    mobile: { regionCode: '49', number: '30123456' },
    isDefault: false,
    requestId: REQUEST_ID,
  };

  it('maps onto address/update, sending isDefault only to make it the default', () => {
    const input = toUpdateAddressInput(updateAddressFormSchema.parse(base));
    expect(input).toEqual({
      appUserId: 'jane-1',
      addressId: 12,
      country: 'DE',
      province: undefined,
      city: 'Berlin',
      street: 'Unter den Linden 1',
      detailedAddress: undefined,
      postalCode: '10117',
      firstName: 'Jane',
      lastName: 'Doe',
      mobile: '49-30123456',
      requestId: REQUEST_ID,
    });
    expect(updateAddressContract.safeParse(input).success).toBe(true);
    expect(toUpdateAddressInput(updateAddressFormSchema.parse({ ...base, isDefault: true })).isDefault).toBe(
      true,
    );
  });

  it('refuses a missing address and words field errors as the add form does', () => {
    expect(errorsOf(updateAddressFormSchema.safeParse({ ...base, addressId: undefined, city: '' }))).toEqual({
      addressId: 'Choose the address',
      city: 'Enter the city',
    });
    expect(errorsOf(updateAddressFormSchema.safeParse({ ...base, addressId: 0 }))).toEqual({
      addressId: 'must be a positive whole number',
    });
  });

  it('names the stored optional fields the form empties', () => {
    const stored = { province: 'Berlin', detailedAddress: null, postalCode: '10117' };
    expect(emptiedOptionalFields({ province: '', detailedAddress: '', postalCode: '10117' }, stored)).toEqual(
      ['province'],
    );
    expect(
      emptiedOptionalFields({ province: 'Brandenburg', detailedAddress: '', postalCode: '1' }, stored),
    ).toEqual([]);
  });
});

describe('addressRefFormSchema', () => {
  it("reads the browser's object and a form posted without JavaScript alike", () => {
    const expected = { appUserId: 'jane-1', addressId: 12, requestId: REQUEST_ID };
    expect(addressRefFormSchema.parse({ appUserId: 'jane-1', addressId: 12, requestId: REQUEST_ID })).toEqual(
      expected,
    );
    const posted = new FormData();
    posted.set('appUserId', 'jane-1');
    posted.set('addressId', '12');
    posted.set('requestId', REQUEST_ID);
    posted.set('$ACTION_ID_abc', '');
    expect(addressRefFormSchema.parse(posted)).toEqual(expected);
    expect(deleteAddressContract.safeParse(expected).success).toBe(true);
  });

  it('refuses a form without its fields', () => {
    expect(Object.keys(errorsOf(addressRefFormSchema.safeParse(new FormData()))).sort()).toEqual([
      'addressId',
      'appUserId',
      'requestId',
    ]);
  });
});

describe('lookup helpers', () => {
  it('reads the search box as a user/search query of 2-64 characters', () => {
    expect(parseUserSearch('')).toEqual({ kind: 'all' });
    expect(parseUserSearch(' jane@example.com ')).toEqual({ kind: 'search', q: 'jane@example.com' });
    expect(parseUserSearch('jane doe')).toEqual({ kind: 'search', q: 'jane doe' });
    expect(parseUserSearch('j')).toEqual({ kind: 'invalid', message: USER_SEARCH_RULE });
    expect(parseUserSearch('x'.repeat(65))).toEqual({ kind: 'invalid', message: USER_SEARCH_RULE });
  });

  it('splits a stored mobile number for a form', () => {
    expect(splitMobile('852-91234567')).toEqual({ regionCode: '852', number: '91234567' });
    expect(splitMobile('91234567')).toEqual({ regionCode: '', number: '91234567' });
  });
});
