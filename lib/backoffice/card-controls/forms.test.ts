import { describe, expect, it } from 'vitest';
import { cardControlsFormSchema } from './forms';

const base = { appUserId: 'u-1', cardId: '7', requestId: '6f1d2c9e-5b7a-4c1e-9d3f-2a8b7c6d5e4f' };

describe('the spending controls form', () => {
  it('blocks several countries in one save, typed by name or code', () => {
    const parsed = cardControlsFormSchema.parse({
      ...base,
      countries: ['FR'],
      addCountries: 'Malta, cy; United Kingdom',
    });
    expect(parsed.countries).toEqual(['FR']);
    expect(parsed.addCountries).toEqual(['MT', 'CY', 'GB']);
    expect(cardControlsFormSchema.parse({ ...base, addCountries: '' }).addCountries).toEqual([]);
    expect(cardControlsFormSchema.parse(base).addCountries).toEqual([]);
  });

  it('names what is no country, beside the field', () => {
    const result = cardControlsFormSchema.safeParse({ ...base, addCountries: 'Malta, Atlantis' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [
        'addCountries',
        '"Atlantis" is not a country the back-office knows: type names or ISO codes separated by commas, e.g. Malta, CY.',
      ],
    ]);
  });
});
