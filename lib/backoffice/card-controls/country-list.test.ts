import { describe, expect, it } from 'vitest';
import { parseCountryList, unknownCountriesMessage } from './country-list';

describe('several countries typed at once', () => {
  it('finds each by a name or its code, in any case, once, in the order typed', () => {
    expect(parseCountryList('Malta, CY; the gambia,  United Kingdom ,mt')).toEqual({
      ok: true,
      codes: ['MT', 'CY', 'GM', 'GB'],
    });
    expect(parseCountryList("UK, Great Britain, USA, us, Cote d’Ivoire, Côte d'Ivoire, DR Congo")).toEqual({
      ok: true,
      codes: ['GB', 'US', 'CI', 'CD'],
    });
    expect(parseCountryList('Aland Islands, Åland Islands')).toEqual({ ok: true, codes: ['AX'] });
  });

  it('is nothing for an empty list', () => {
    expect(parseCountryList('')).toEqual({ ok: true, codes: [] });
    expect(parseCountryList(' , ; ')).toEqual({ ok: true, codes: [] });
  });

  it('names the entries that are no country', () => {
    expect(parseCountryList('Malta, Atlantis, XX')).toEqual({ ok: false, unknown: ['Atlantis', 'XX'] });
    expect(unknownCountriesMessage(['Atlantis'])).toBe(
      '"Atlantis" is not a country the back-office knows: type names or ISO codes separated by commas, e.g. Malta, CY.',
    );
    expect(unknownCountriesMessage(['Atlantis', 'XX'])).toBe(
      '"Atlantis", "XX" are not countries the back-office knows: type names or ISO codes separated by commas, e.g. Malta, CY.',
    );
  });
});
