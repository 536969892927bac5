// Turns a form's nested errors into the FormErrorSummary's list, in the order the fields appear
// on the page, each linked to the control that holds it. Reads both shapes the forms have:
// react-hook-form's errors (`{ message }` per field) and a server action's formatted validation
// errors (`{ _errors: [...] }` per field). Shared by the user and address forms, whose values
// nest (mobile number parts, photo rows).
import type { FormErrorSummaryItem } from '@/components/ui/form-error-summary';
import { TYPED_VALUES } from '@/lib/backoffice/shared/action-form-data';

type Found = { path: string; message: string };

const META = new Set(['ref', 'type', 'types', 'message', '_errors', TYPED_VALUES]);

function collect(node: unknown, path: string[], out: Found[]): void {
  if (node === null || typeof node !== 'object') return;
  const message = (node as { message?: unknown }).message;
  const messages = (node as { _errors?: unknown })._errors;
  const first = Array.isArray(messages) ? (messages as unknown[])[0] : undefined;
  if (typeof message === 'string' && message !== '') out.push({ path: path.join('.'), message });
  else if (typeof first === 'string' && first !== '') out.push({ path: path.join('.'), message: first });
  for (const [key, child] of Object.entries(node)) {
    if (META.has(key)) continue;
    // A field array's own error sits under `root`; it belongs to the array's path.
    collect(child, key === 'root' ? path : [...path, key], out);
  }
}

/**
 * `order` lists the paths as they appear on the page; array rows are written with `*`
 * (`photos.*.url`). `fieldId` gives the control to focus for a path, or undefined for an error
 * that belongs to the whole form.
 */
export function formErrorItems(
  errors: unknown,
  order: readonly string[],
  fieldId: (path: string) => string | undefined,
): FormErrorSummaryItem[] {
  const found: Found[] = [];
  collect(errors, [], found);
  const rank = (path: string) => {
    const index = order.indexOf(path.replace(/\.\d+(?=\.|$)/g, '.*'));
    return index === -1 ? order.length : index;
  };
  const row = (path: string) => Number(/\.(\d+)(?=\.|$)/.exec(path)?.[1] ?? -1);
  return found
    .sort((a, b) => rank(a.path) - rank(b.path) || row(a.path) - row(b.path))
    .map(({ path, message }) => {
      const id = fieldId(path);
      return id === undefined ? { message } : { fieldId: id, message };
    });
}
