// A server action's form posted by the browser arrives as FormData; called from code (the
// hydrated form, the tests) it arrives as an object. `fromFormData` turns the first into the
// second before the action's own schema reads it, so one schema checks both;
// `postedWithoutScript` tells an action which it got (a browser's post awaits a page, so it
// gets a redirect where a hydrated form gets data); `fieldErrorOf` reads next-safe-action's
// formatted validation errors back for a field, and `typedValuesOf` the values a refused post
// carried back (TYPED_VALUES), so a page answering a post made without scripts shows what was
// typed. Kept free of zod: client forms import it.

/** A form posted by the browser itself (no script ran): it awaits a page, not data. */
export function postedWithoutScript(clientInput: unknown): boolean {
  return typeof FormData !== 'undefined' && clientInput instanceof FormData;
}

type FormNode = { [name: string]: string | FormNode } | (string | FormNode)[];

const isIndex = (key: string) => /^\d{1,3}$/.test(key);

/**
 * FormData as a plain object of its text fields (the last value of a repeated name, so a hidden
 * "false" before a checkbox is its value when unchecked). A dotted name nests, and a number in it
 * makes a list: "mobile.number" is `{ mobile: { number } }`, "photos.0.url" `{ photos: [{ url }] }`.
 * Anything else is returned as it is.
 */
export function fromFormData(input: unknown): unknown {
  if (!postedWithoutScript(input)) return input;
  const out: FormNode = {};
  for (const [name, value] of input as FormData) {
    // React's own fields of a progressively enhanced form ($ACTION_ID_..., $ACTION_REF_...).
    if (name.startsWith('$ACTION') || typeof value !== 'string') continue;
    const path = name.split('.');
    let node: FormNode = out;
    path.forEach((key, depth) => {
      const slots = node as Record<string, string | FormNode>;
      if (depth === path.length - 1) {
        slots[key] = value;
        return;
      }
      const next = slots[key];
      node = typeof next === 'object' ? next : (slots[key] = isIndex(path[depth + 1]!) ? [] : {});
    });
  }
  return out;
}

function at(tree: unknown, path: string): unknown {
  let node = tree;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The first message next-safe-action's formatted validation errors hold for `path` ("mobile.number"). */
export function fieldErrorOf(validationErrors: unknown, path: string): string | undefined {
  const messages = (at(validationErrors, path) as { _errors?: unknown } | undefined)?._errors;
  return Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : undefined;
}

/** Where a refused post's own values travel inside its validation errors (not a field name). */
export const TYPED_VALUES = '$typed';

/** The values a refused post carried back, by field path; empty when there are none. */
export function typedValuesOf(validationErrors: unknown): (path: string) => string | undefined {
  const typed = at(validationErrors, TYPED_VALUES);
  return (path) => {
    const value = at(typed, path);
    return typeof value === 'string' ? value : undefined;
  };
}
