// Calling a server action over HTTP as Next's client router does (the build's action id, the
// page's session cookie), for the checks that a refusal is the server's, not only the page's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** The id the build gave a server action (`filename` as the manifest names it, from the project root). */
export function actionId(filename: string, exportedName: string): string {
  const manifest = JSON.parse(
    readFileSync(path.join(process.cwd(), '.next', 'server', 'server-reference-manifest.json'), 'utf8'),
  ) as { node: Record<string, { filename?: string; exportedName?: string }> };
  const entry = Object.entries(manifest.node).find(
    ([, v]) => v.filename === filename && v.exportedName === exportedName,
  );
  if (!entry) throw new Error(`${exportedName} is not in the build’s server-reference manifest`);
  return entry[0];
}

/** Posts the action with the page's session; the answer's text (React's flight format). */
export async function callAction(
  page: Page,
  baseURL: string,
  id: string,
  args: unknown[],
  at = '/',
): Promise<string> {
  const response = await page.request.post(at, {
    headers: {
      'Next-Action': id,
      'Content-Type': 'text/plain;charset=UTF-8',
      Accept: 'text/x-component',
      Origin: baseURL,
    },
    data: JSON.stringify(args),
  });
  expect(response.headers()['content-type']).toContain('text/x-component');
  return response.text();
}
