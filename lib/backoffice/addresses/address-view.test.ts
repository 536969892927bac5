import { describe, expect, it } from 'vitest';
import { addressLabel, defaultAfterDelete, deleteDefaultNote } from './address-view';

const a = (addressId: number, street: string, isDefault = false) => ({
  addressId,
  street,
  city: 'Austin',
  isDefault,
});

describe('address-view', () => {
  it('labels an address by street and city', () => {
    expect(addressLabel({ street: '1 Market St', city: 'San Francisco' })).toBe('1 Market St, San Francisco');
  });

  it('deleting the default makes the newest remaining address (highest id) the default', () => {
    const list = [a(7, '7 Elm', true), a(12, '12 Oak'), a(9, '9 Pine')];
    expect(defaultAfterDelete(list, 7)?.addressId).toBe(12);
    expect(deleteDefaultNote(list, 7)).toBe(
      'This is the default address: 12 Oak, Austin becomes the default instead.',
    );
  });

  it('deleting another address changes no default', () => {
    const list = [a(7, '7 Elm', true), a(12, '12 Oak')];
    expect(defaultAfterDelete(list, 12)).toBeNull();
    expect(deleteDefaultNote(list, 12)).toBeNull();
  });

  it('deleting the only address leaves none', () => {
    expect(defaultAfterDelete([a(7, '7 Elm', true)], 7)).toBeNull();
    expect(deleteDefaultNote([a(7, '7 Elm', true)], 7)).toBe(
      'This is the default and only address: the user will have no delivery address until one is added.',
    );
    expect(defaultAfterDelete([], 7)).toBeNull();
  });
});
