import { describe, expect, it } from 'vitest';
import { deliveryAddressSchema, issueCardSchema } from './forms';

const valid = {
  requestId: '0b6f3f4e-3f1e-4d8a-9a53-2d7c1c1f9e10',
  appUserId: 'u-1',
  payer: 'agency',
  paymentAssetId: 1,
  categoryId: 2,
  needDelivery: false,
  embossedName: 'JANE DOE',
} as const;

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('issueCardSchema', () => {
  it('accepts a complete issue and applies the wallet rules', () => {
    expect(issueCardSchema.parse({ ...valid, paymentAssetId: '1' })).toMatchObject({ paymentAssetId: 1 });
  });

  it('asks for each choice not made yet in a sentence', () => {
    const result = issueCardSchema.safeParse({
      requestId: valid.requestId,
      appUserId: '',
      needDelivery: false,
    });
    expect(messages(result)).toEqual({
      appUserId: 'Choose the user who gets the card.',
      payer: 'Choose who pays for the card: the agency or the user.',
      paymentAssetId: 'Choose the asset that pays the card fee.',
      categoryId: 'Choose a card type.',
      embossedName: 'Enter the name on the card.',
    });
  });

  it("keeps the wallet's rule for the embossed name", () => {
    expect(messages(issueCardSchema.safeParse({ ...valid, embossedName: 'Jane' }))).toEqual({
      embossedName: 'must be 1-20 upper-case letters A-Z with single spaces between words',
    });
  });

  it('needs an address for a delivered card, even while other steps are incomplete', () => {
    expect(messages(issueCardSchema.safeParse({ ...valid, needDelivery: true }))).toEqual({
      addressId: 'Choose the address the physical card is delivered to, or add one.',
    });
    expect(
      messages(issueCardSchema.safeParse({ ...valid, embossedName: '', needDelivery: true })),
    ).toMatchObject({ addressId: 'Choose the address the physical card is delivered to, or add one.' });
    expect(issueCardSchema.safeParse({ ...valid, needDelivery: true, addressId: 4 }).success).toBe(true);
  });
});

describe('deliveryAddressSchema', () => {
  const address = {
    requestId: '0b6f3f4e-3f1e-4d8a-9a53-2d7c1c1f9e11',
    appUserId: 'u-1',
    firstName: 'Jane',
    lastName: 'Doe',
    mobile: '49-3012345678',
    country: 'DE',
    province: '',
    city: 'Berlin',
    postalCode: '',
    street: 'Unter den Linden 1',
    detailedAddress: '',
    isDefault: false,
  };

  it('treats blank optional fields as absent', () => {
    const parsed = deliveryAddressSchema.parse(address);
    expect(parsed).not.toHaveProperty('province', '');
    expect(parsed.province).toBeUndefined();
    expect(parsed.postalCode).toBeUndefined();
  });

  it("applies the wallet's rules and asks for a country", () => {
    expect(
      messages(
        deliveryAddressSchema.safeParse({ ...address, country: '', mobile: '030 123', postalCode: '#1' }),
      ),
    ).toEqual({
      country: 'Choose the country.',
      mobile: 'must be <region code>-<digits>, e.g. 1-4155550100 or 852-91234567',
      postalCode: "must be 1-12 letters, digits, spaces or '-'",
    });
  });
});
