// Screenshots of a page in the light and the dark theme, attached to the test so the HTML
// report (playwright-report/) carries them: `<name>-light.png` and `<name>-dark.png`. The
// reporter empties its folder when it writes, so attaching is how files survive into it. The
// app follows the system theme until someone picks one, so emulating the scheme switches it.
import type { Page, TestInfo } from '@playwright/test';

export async function captureThemes(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains('dark') === dark,
      scheme === 'dark',
    );
    const body = await page.screenshot({ fullPage: true, animations: 'disabled' });
    await testInfo.attach(`${name}-${scheme}.png`, { body, contentType: 'image/png' });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
