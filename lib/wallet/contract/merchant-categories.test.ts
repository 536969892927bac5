import { describe, expect, it } from 'vitest';
import {
  groupsOfMccList,
  MERCHANT_CATEGORY_GROUPS,
  mccDescription,
  mccGroupName,
  mccOfGroups,
} from './merchant-categories';

describe('merchant category groups', () => {
  it('puts each code, 4 digits, in one group at most, with unique keys', () => {
    const seen = new Set<string>();
    for (const group of MERCHANT_CATEGORY_GROUPS) {
      for (const code of Object.keys(group.codes)) {
        expect(code).toMatch(/^\d{4}$/);
        expect(seen.has(code), code).toBe(false);
        seen.add(code);
      }
    }
    expect(new Set(MERCHANT_CATEGORY_GROUPS.map((g) => g.key)).size).toBe(MERCHANT_CATEGORY_GROUPS.length);
    // card/controls/set takes at most 200 codes: every group at once fits.
    expect(seen.size).toBeLessThanOrEqual(200);
  });

  it('names a code by its group and itself', () => {
    expect(mccGroupName('7995')).toBe('Gambling');
    expect(mccGroupName('5411')).toBe('Groceries');
    expect(mccGroupName('1520')).toBe('Other');
    expect(mccDescription('5812')).toBe('Restaurants');
    expect(mccDescription('1520')).toBe('MCC 1520');
  });

  it('turns groups into codes and a blocked list back into whole groups and loose codes', () => {
    expect(mccOfGroups(['gambling'])).toEqual(['7800', '7801', '7802', '7995', '9406']);
    expect(mccOfGroups(['fuel', 'nope', 'fuel'])).toEqual(['5541', '5542', '5552', '5983']);
    const read = groupsOfMccList([...mccOfGroups(['gambling']), '5411', '1520']);
    expect(read.groups.map((g) => g.key)).toEqual(['gambling']);
    expect(read.otherCodes).toEqual(['1520', '5411']);
  });
});
