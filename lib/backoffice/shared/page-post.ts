// The page of its own behind a dialog (docs/back-office.md "Without JavaScript"): its form is
// posted by the browser to a server action, which answers with a page, not data. Success goes to
// the page the change is seen on; a refusal comes back to the form's page with what went wrong as
// a word in its address (`problem`: the field, or `code`: the wallet's result code), never the
// typed values or free text, so nobody can make the page say what they like. A call made from
// code (a hydrated form, the tests) gets the action's usual answer instead. Server-only.
import 'server-only';
import { isNavigationError } from 'next-safe-action';
import { redirect } from 'next/navigation';
import { postedWithoutScript } from '@/lib/backoffice/shared/action-form-data';
import { StaffFacingError } from '@/lib/backoffice/shared/errors';
import { isWalletClientError } from '@/lib/backoffice/wallet-client';
import type { PagePostProblem } from './page-post-problems';

/**
 * The validation errors of a refusal thrown with next-safe-action's returnValidationErrors: it
 * carries them in the error's digest ("NEXT_SAFE_ACTION_SERVER_VALIDATION_ERROR;<json>").
 */
function validationErrorsOf(error: unknown): unknown {
  const digest = (error as { digest?: unknown } | null)?.digest;
  if (typeof digest !== 'string') return undefined;
  const marker = 'NEXT_SAFE_ACTION_SERVER_VALIDATION_ERROR;';
  if (!digest.startsWith(marker)) return undefined;
  try {
    return JSON.parse(digest.slice(marker.length)) as unknown;
  } catch {
    return undefined;
  }
}

/** The first field a validation error names ("amount"), or null for a form-wide one. */
function fieldOf(errors: unknown): string | null {
  if (typeof errors !== 'object' || errors === null) return null;
  for (const [key, value] of Object.entries(errors)) {
    if (key === '_errors') continue;
    if (value && typeof value === 'object') return key;
  }
  return null;
}

export async function answerPagePost<T>(options: {
  clientInput: unknown;
  /** The form's own page, to come back to with the problem. */
  formPath: string;
  /** Where the change is seen once made (or once sent for approval). */
  donePath: string;
  run: () => Promise<T>;
}): Promise<T> {
  const { clientInput, formPath, donePath, run } = options;
  if (!postedWithoutScript(clientInput)) return run();
  let problem: URLSearchParams;
  try {
    await run();
  } catch (error) {
    if (isNavigationError(error)) throw error;
    const validationErrors = validationErrorsOf(error);
    if (validationErrors !== undefined) {
      problem = new URLSearchParams({ problem: fieldOf(validationErrors) ?? 'refused' });
    } else if (isWalletClientError(error)) {
      problem = new URLSearchParams(
        error.code !== null && error.code !== 0
          ? { code: String(error.code), ...(error.field ? { problem: error.field } : {}) }
          : { problem: 'unknown' },
      );
    } else if (error instanceof StaffFacingError) {
      problem = new URLSearchParams({ problem: 'refused' });
    } else {
      throw error;
    }
    redirect(`${formPath}?${problem.toString()}`);
  }
  redirect(donePath);
}

export function pagePostProblemOf(
  query: Record<string, string | string[] | undefined>,
): PagePostProblem | null {
  const one = (name: string) => {
    const value = query[name];
    return typeof value === 'string' ? value : undefined;
  };
  const field = one('problem');
  const code = one('code');
  const known = field && /^[A-Za-z]{1,32}$/.test(field) ? field : null;
  const number = code && /^\d{4}$/.test(code) ? Number(code) : null;
  return known || number ? { field: known, code: number } : null;
}
