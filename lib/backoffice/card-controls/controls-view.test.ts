import { describe, expect, it } from 'vitest';
import { blockedCategoriesText, describeControls, describeControlsChange } from './controls-view';

const none = { limits: [], blockedMcc: [], blockedCountries: [] };

describe("a card's spending controls in words", () => {
  it('says what changed, before and after, part by part', () => {
    const after = {
      limits: [
        { interval: 'DAILY' as const, amount: 50 },
        { interval: 'PER_TRANSACTION' as const, amount: 20 },
      ],
      blockedMcc: ['7800', '7801', '7802', '7995', '9406', '1520'],
      blockedCountries: ['MT', 'DE'],
    };
    expect(describeControlsChange(none, after, 'USD', 2)).toBe(
      'per purchase limit: no limit -> $20.00; daily limit: no limit -> $50.00; blocked categories: none -> Gambling, MCC 1520; blocked countries: none -> Germany, Malta',
    );
    expect(describeControlsChange(after, { ...after, limits: [after.limits[1]!] }, 'USD', 2)).toBe(
      'daily limit: $50.00 -> no limit',
    );
    expect(describeControlsChange(after, { ...after, blockedCountries: ['DE', 'MT'] }, 'USD', 2)).toBe(
      'no change',
    );
    expect(describeControls(none, 'USD', 2)).toBe(
      'limits: per purchase no limit, daily no limit, monthly no limit, all time no limit; blocked categories: none; blocked countries: none',
    );
  });

  it('reads a blocked list as whole groups, and a group partly blocked as its codes', () => {
    expect(blockedCategoriesText(['7995'])).toBe('MCC 7995');
    expect(blockedCategoriesText(['5541', '5542', '5552', '5983', '5411'])).toBe('Fuel, MCC 5411');
  });
});
