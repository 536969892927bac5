// A server action's form posted by the browser arrives as FormData; called from code (the
// hydrated form, the tests) it arrives as an object. `fromFormData` turns the first into the
// second before the action's own schema reads it, so one schema checks both;
// `postedWithoutScript` tells an action which it got (a browser's post awaits a page, so it
// gets a redirect where a hydrated form gets data); `fieldErrorOf` reads next-safe-action's
// formatted validation errors back for a field. Kept free of zod: client forms import it.

/** A form posted by the browser itself (no script ran): it awaits a page, not data. */
export function postedWithoutScript(clientInput: unknown): boolean {
  return typeof FormData !== 'undefined' && clientInput instanceof FormData;
}

/** FormData as a plain object of its text fields (the last value of a repeated name); anything else as is. */
export function fromFormData(input: unknown): unknown {
  if (!postedWithoutScript(input)) return input;
  const out: Record<string, string> = {};
  for (const [name, value] of input as FormData) {
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
