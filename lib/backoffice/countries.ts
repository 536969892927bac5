// ISO 3166-1 countries for the back-office: the options of the address form's country picker and
// the names shown for stored country codes. Built on the server, so the names (all 250 of them)
// travel to the browser only as the options of the one form that needs them.
import 'server-only';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(en);

export type CountryOption = { value: string; label: string; keywords: string[] };

function nameOf(code: string): string {
  // The short common name ("United States") where the official one is long-winded.
  return countries.getName(code, 'en', { select: 'alias' }) ?? code;
}

let cached: CountryOption[] | undefined;

/** Every country, sorted by name; searchable by any of its names and by its alpha-2 and alpha-3 codes. */
export function countryOptions(): CountryOption[] {
  cached ??= Object.keys(countries.getAlpha2Codes())
    .map((code) => {
      const names = countries.getName(code, 'en', { select: 'all' }) ?? [];
      const alpha3 = countries.alpha2ToAlpha3(code);
      return {
        value: code,
        label: nameOf(code),
        keywords: [...names, code, ...(alpha3 ? [alpha3] : [])],
      };
    })
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return cached;
}

/** "DE" -> "Germany"; an unknown code is shown as it is. */
export function countryName(code: string): string {
  return countries.isValid(code) ? nameOf(code) : code;
}
