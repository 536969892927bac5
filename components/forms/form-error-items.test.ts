import { describe, expect, it } from 'vitest';
import { TYPED_VALUES } from '@/lib/backoffice/shared/action-form-data';
import { formErrorItems } from './form-error-items';

const order = ['country', 'city', 'mobile.regionCode', 'mobile.number', 'mobile', 'requestId'];
const fieldId = (path: string) => (path === 'requestId' ? undefined : `f-${path.replace('.', '-')}`);

describe('formErrorItems', () => {
  it('lists react-hook-form errors in page order, linked to their fields', () => {
    const errors = {
      mobile: { number: { type: 'custom', message: 'Enter the mobile number' } },
      city: { type: 'custom', message: 'Enter the city' },
    };
    expect(formErrorItems(errors, order, fieldId)).toEqual([
      { fieldId: 'f-city', message: 'Enter the city' },
      { fieldId: 'f-mobile-number', message: 'Enter the mobile number' },
    ]);
  });

  it('lists a server action’s formatted errors the same way, without the typed values', () => {
    const errors = {
      _errors: [],
      mobile: {
        _errors: ['Mobile number is already used'],
        regionCode: { _errors: ['Enter the region code'] },
      },
      requestId: { _errors: ['Request ID is invalid'] },
      country: { _errors: ['Choose the country', 'second'] },
      [TYPED_VALUES]: { city: 'Paris', mobile: { number: '1' } },
    };
    expect(formErrorItems(errors, order, fieldId)).toEqual([
      { fieldId: 'f-country', message: 'Choose the country' },
      { fieldId: 'f-mobile-regionCode', message: 'Enter the region code' },
      { fieldId: 'f-mobile', message: 'Mobile number is already used' },
      { message: 'Request ID is invalid' },
    ]);
    expect(formErrorItems(undefined, order, fieldId)).toEqual([]);
  });
});
