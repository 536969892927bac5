import { describe, expect, it } from 'vitest';
import { formatAddress, withFieldLabel } from './card-issue-format';

describe('withFieldLabel', () => {
  it("puts the field's name before a wallet rule, and leaves sentences alone", () => {
    expect(withFieldLabel('Name on the card', 'must be 1-20 upper-case letters')).toBe(
      'Name on the card must be 1-20 upper-case letters.',
    );
    expect(withFieldLabel('City', 'Choose the city.')).toBe('Choose the city.');
    expect(withFieldLabel('City', undefined)).toBeUndefined();
  });
});

describe('formatAddress', () => {
  it('writes an address on one line, leaving out what is not given', () => {
    const base = {
      addressId: 1,
      agencyCode: 'DEMO',
      appId: 'demo-app',
      appUserId: 'u-1',
      firstName: 'Jane',
      lastName: 'Doe',
      mobile: '49-3012345678',
      country: 'DE',
      city: 'Berlin',
      street: 'Unter den Linden 1',
      province: null,
      postalCode: '10117',
      detailedAddress: null,
      isDefault: true,
      createTime: '2026-01-01T00:00:00.000Z',
    };
    expect(formatAddress(base)).toBe('Jane Doe, Unter den Linden 1, 10117 Berlin, Germany');
    expect(
      formatAddress({
        ...base,
        country: 'US',
        city: 'Springfield',
        province: 'IL',
        postalCode: null,
        detailedAddress: 'Apt 4',
      }),
    ).toBe('Jane Doe, Unter den Linden 1, Apt 4, Springfield, IL, United States');
  });
});
