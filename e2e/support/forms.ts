// Working with the back-office's forms as a user does: controls found by their accessible name,
// a form opened only once React has hydrated it, and the error shown beside a field.
import { expect, type Locator, type Page } from '@playwright/test';

/** A form control by its accessible name (the label as assistive technology reads it). */
export const control = (page: Page, name: string): Locator =>
  page.getByRole('textbox', { name, exact: true }).or(page.getByRole('combobox', { name, exact: true }));

/** Resolves once React has hydrated `element`: until then, its event handlers are not attached. */
export async function waitForHydration(page: Page, element: Locator): Promise<void> {
  const handle = await element.elementHandle();
  await page.waitForFunction(
    (node) => Object.keys(node ?? {}).some((key) => key.startsWith('__reactProps')),
    handle,
  );
}

/**
 * Opens a page with a form and waits until React has hydrated it: a value typed into the server
 * rendered inputs before that would be reset to the form's defaults.
 */
export async function openForm(page: Page, path: string, formName: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page, page.getByRole('form', { name: formName }));
}

/** The error shown beside a field, and the field marked invalid and described by it. */
export async function expectFieldError(page: Page, id: string, message: string): Promise<void> {
  await expect(page.locator(`#${id}-error`)).toHaveText(message);
  await expect(page.locator(`#${id}`)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`#${id}`)).toHaveAttribute('aria-describedby', new RegExp(`${id}-error`));
}
