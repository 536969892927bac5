// Screenshots of a page in the light and the dark theme, written into the Playwright report
// folder (playwright-report/screenshots/<name>-light.png, -dark.png). The app follows the
// system theme until someone picks one, so emulating the colour scheme switches it.
import path from 'node:path';
import type { Page } from '@playwright/test';

const DIR = path.join(process.cwd(), 'playwright-report', 'screenshots');

export async function captureThemes(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains('dark') === dark,
      scheme === 'dark',
    );
    await page.screenshot({ path: path.join(DIR, `${name}-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
