// Working with the back-office's forms as a user does: controls found by their accessible name,
// a form opened only once React has hydrated it, the error shown beside a field, and a form
// posted by a browser that runs no script.
import { expect, type Browser, type Locator, type Page } from '@playwright/test';

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

/** A page in a browser that runs no script, signed in with `storageState`. Close its context after. */
export async function pageWithoutScripts(
  browser: Browser,
  storageState: string,
  baseURL: string | undefined,
) {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState, baseURL });
  return context.newPage();
}

/**
 * Sets a form's named controls to what a person would type and submits it the browser's own way,
 * resolving once the answer has loaded. For pages without scripts: a streamed page keeps its
 * segments hidden there (a script would reveal them), so the fields cannot be typed into.
 */
export async function postForm(page: Page, form: Locator, values: Record<string, string>): Promise<void> {
  await Promise.all([
    page.waitForNavigation(),
    form.evaluate((element: HTMLFormElement, typed) => {
      for (const [name, value] of Object.entries(typed)) {
        (element.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement).value = value;
      }
      element.submit();
    }, values),
  ]);
}
