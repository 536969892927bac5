import { describe, expect, it } from 'vitest';
import { prefixEnd, searchKeys } from './search-users';

describe('prefixEnd', () => {
  it('is the prefix with its last character moved one code point up', () => {
    expect(prefixEnd('abc')).toBe('abd');
    expect(prefixEnd('jo')).toBe('jp');
    expect(prefixEnd('a@')).toBe('aA');
    expect(prefixEnd('zé')).toBe('zê');
    expect(prefixEnd('x😀')).toBe('x😁');
  });
});

describe('searchKeys', () => {
  it('a last four is also a card id and a name prefix, but no mobile of 4 digits is too short to miss', () => {
    expect(searchKeys(7, '3771', 20)).toEqual([
      7,
      3771,
      '3771',
      '3771',
      '3771',
      '3771',
      '3771',
      '3772',
      '3771',
      '3772',
      '3771',
      '3772',
      20,
    ]);
  });

  it('a mobile number with its region code and punctuation is matched by its digits', () => {
    const keys = searchKeys(1, '+1 415-555-0100', 5);
    expect(keys[1]).toBeNull();
    expect(keys[4]).toBeNull();
    expect(keys[5]).toBe('14155550100');
  });

  it('prefixes need three characters; names and exact keys do not', () => {
    const keys = searchKeys(1, 'Jo', 20);
    expect(keys.slice(6, 10)).toEqual([null, null, null, null]);
    expect(keys.slice(10, 12)).toEqual(['jo', 'jp']);
    expect(keys[2]).toBe('Jo');
    expect(keys[3]).toBe('jo');
  });

  it('an e-mail is matched whole and as a prefix, case-insensitively', () => {
    const keys = searchKeys(1, ' Jane@Example.com ', 20);
    expect(keys[3]).toBe('jane@example.com');
    expect(keys[8]).toBe('jane@example.com');
    expect(keys[1]).toBeNull();
  });
});
