'use client';
// The ISO 3166-1 countries as combobox options, loaded after the first paint (country-options.ts
// is a long list): until then the list is empty and a trigger shows the chosen country's name.
import { useEffect, useState } from 'react';
import type { ComboboxOption } from '@/components/ui/combobox';

export function useCountryOptions(): ComboboxOption[] {
  const [options, setOptions] = useState<ComboboxOption[]>([]);
  useEffect(() => {
    let live = true;
    void import('./country-options').then((m) => {
      if (live) setOptions(m.countryOptions());
    });
    return () => {
      live = false;
    };
  }, []);
  return options;
}
