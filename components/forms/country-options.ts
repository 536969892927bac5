// Every country as an option of the kit's Combobox, in countryChoices' order (by name, "The" aside), each searchable by its other
// English names and its alpha-2 and alpha-3 codes ("DEU"). Its own module, imported by
// country-field.tsx after the first paint: the alpha-3 codes come from i18n-iso-countries, whose
// code (with its diacritics table) pages need only once someone searches the list.
import { alpha2ToAlpha3 } from 'i18n-iso-countries';
import type { ComboboxOption } from '@/components/ui/combobox';
import { countryChoices, countryNames } from '@/lib/backoffice/shared/format';

let options: ComboboxOption[] | undefined;

/** Built on first use (250 of them). */
export function countryOptions(): ComboboxOption[] {
  options ??= countryChoices().map(({ code, name }) => {
    const alpha3 = alpha2ToAlpha3(code);
    return { value: code, label: name, keywords: [...countryNames(code), code, ...(alpha3 ? [alpha3] : [])] };
  });
  return options;
}
