// A server action's form posted by the browser arrives as FormData; called from code (the
// hydrated form, the tests) it arrives as an object. `fromFormData` turns the first into the
// second before the action's own schema reads it, so one schema checks both, and
// `fieldErrorOf` reads next-safe-action's formatted validation errors back for a field.
// Kept free of zod: client forms import fieldErrorOf.

/** FormData as a plain object of its text fields (the last value of a repeated name); anything else as is. */
export function fromFormData(input: unknown): unknown {
  if (typeof FormData === 'undefined' || !(input instanceof FormData)) return input;
  const out: Record<string, string> = {};
  for (const [name, value] of input) {
    // React's own fields of a progressively enhanced form ($ACTION_ID_..., $ACTION_REF_...).
    if (name.startsWith('$ACTION')) continue;
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

/** The first message next-safe-action's formatted validation errors hold for `field`. */
export function fieldErrorOf(validationErrors: unknown, field: string): string | undefined {
  if (typeof validationErrors !== 'object' || validationErrors === null) return undefined;
  const messages = (validationErrors as Record<string, { _errors?: unknown } | undefined>)[field]?._errors;
  return Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : undefined;
}
