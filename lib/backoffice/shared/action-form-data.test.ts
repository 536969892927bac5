import { describe, expect, it } from 'vitest';
import {
  fieldErrorOf,
  fromFormData,
  postedWithoutScript,
  TYPED_VALUES,
  typedValuesOf,
} from './action-form-data';

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe('fromFormData', () => {
  it('nests dotted names, keeps the last of a repeated name and drops React’s own fields', () => {
    const posted = form([
      ['$ACTION_ID_abc', ''],
      ['city', 'Oakland'],
      ['mobile.regionCode', '1'],
      ['mobile.number', '4155550100'],
      ['isDefault', 'false'],
      ['isDefault', 'true'],
      ['photos.0.url', 'https://a.example/1.png'],
      ['photos.1.url', 'https://a.example/2.png'],
    ]);
    expect(fromFormData(posted)).toEqual({
      city: 'Oakland',
      mobile: { regionCode: '1', number: '4155550100' },
      isDefault: 'true',
      photos: [{ url: 'https://a.example/1.png' }, { url: 'https://a.example/2.png' }],
    });
  });

  it('leaves what is not FormData as it is', () => {
    const input = { city: 'Oakland' };
    expect(fromFormData(input)).toBe(input);
    expect(postedWithoutScript(input)).toBe(false);
    expect(postedWithoutScript(form([]))).toBe(true);
  });
});

describe('fieldErrorOf and typedValuesOf', () => {
  const errors = {
    _errors: ['The wallet refused'],
    postalCode: { _errors: ['Postal code cannot be removed once stored; enter the new value'] },
    mobile: { _errors: [], number: { _errors: ['Enter the mobile number'] } },
    [TYPED_VALUES]: { postalCode: '', mobile: { number: '12' } },
  };

  it('reads the first message at a path, nested or not', () => {
    expect(fieldErrorOf(errors, 'postalCode')).toBe(
      'Postal code cannot be removed once stored; enter the new value',
    );
    expect(fieldErrorOf(errors, 'mobile.number')).toBe('Enter the mobile number');
    expect(fieldErrorOf(errors, 'mobile')).toBeUndefined();
    expect(fieldErrorOf(errors, 'city')).toBeUndefined();
    expect(fieldErrorOf(undefined, 'city')).toBeUndefined();
  });

  it('reads back the values a refused post carried', () => {
    const typed = typedValuesOf(errors);
    expect(typed('postalCode')).toBe('');
    expect(typed('mobile.number')).toBe('12');
    expect(typed('city')).toBeUndefined();
    expect(typedValuesOf(undefined)('city')).toBeUndefined();
  });
});
