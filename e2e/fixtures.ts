// Playwright fixtures: a page signed in as a given role (`test.use({ role: 'support' })`, or
// 'signed-out'), with one account per role per worker created the way an operator would, and
// signed in once per worker (storage state reused by every test). Signing out ends every
// session of an account, so a test that signs out or changes its own account must use an
// account of its own (`newAccount`).
//
// Every test also comes from an address of its own (`clientAddress`, sent as X-Forwarded-For to a
// server that trusts one proxy hop): the sign-in throttle counts failures per address across
// accounts, and from one shared 127.0.0.1 the suite's deliberate failures would add up until a
// later test's right password had to wait.
import { test as base, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { STAFF_PASSWORD } from './support/env';
import { createStaff } from './support/scripts';

export type Role = 'admin' | 'operator' | 'support';
export type StaffAccount = { email: string; password: string; role: Role; name: string };

type TestFixtures = {
  role: Role | 'signed-out';
  account: StaffAccount;
  newAccount: (role: Role) => StaffAccount;
  /** The address this test's requests come from, for the server's per-address limits. */
  clientAddress: string;
};
type WorkerFixtures = { accounts: Record<Role, StaffAccount>; storageStates: Record<Role, string> };

export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Generous: a sign-in hashes with scrypt, and the machine runs builds and browsers at once.
  await expect(page.getByTestId('signed-in-name')).toBeVisible({ timeout: 30_000 });
}

/**
 * A worker's sign-in of one role, before its first test. Once, in a full run, the first worker's
 * first sign-in never showed the signed-in page (the same spec passed alone, and the other worker
 * signed in at the same moment): it is tried a second time, and the page the first attempt was
 * left on is kept as `<file>-first-attempt.png` so that the cause can be found.
 */
async function signInForWorker(
  page: Page,
  account: { email: string; password: string },
  file: string,
): Promise<void> {
  try {
    await signIn(page, account);
  } catch (error) {
    await page.screenshot({ path: `${file}-first-attempt.png`, fullPage: true }).catch(() => undefined);
    console.warn(
      `[e2e] ${account.email}: the first sign-in did not land (${String(error).split('\n')[0]}); again`,
    );
    await signIn(page, account);
  }
}

/** Addresses handed out in this worker so far: each test gets the next one. */
let addressesHandedOut = 0;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  role: ['operator', { option: true }],
  accounts: [
    async ({}, use, workerInfo) => {
      const run = `${Date.now().toString(36)}w${workerInfo.workerIndex}`;
      const names: Record<Role, string> = {
        admin: 'Ada Admin',
        operator: 'Olga Operator',
        support: 'Sam Support',
      };
      const accounts = {} as Record<Role, StaffAccount>;
      for (const role of ['admin', 'operator', 'support'] as const) {
        const account = {
          email: `${role}-${run}@e2e.example.com`,
          password: STAFF_PASSWORD,
          role,
          name: names[role],
        };
        createStaff(account.email, role, account.password, account.name);
        accounts[role] = account;
      }
      await use(accounts);
    },
    { scope: 'worker' },
  ],
  storageStates: [
    async ({ browser, accounts }, use, workerInfo) => {
      const dir = path.join(workerInfo.project.outputDir, '.auth');
      mkdirSync(dir, { recursive: true });
      const states = {} as Record<Role, string>;
      for (const role of ['admin', 'operator', 'support'] as const) {
        const page = await browser.newPage({ baseURL: workerInfo.project.use.baseURL });
        await signInForWorker(page, accounts[role], path.join(dir, `${role}-${workerInfo.workerIndex}`));
        states[role] = path.join(dir, `${role}-${workerInfo.workerIndex}.json`);
        await page.context().storageState({ path: states[role] });
        await page.close();
      }
      await use(states);
    },
    { scope: 'worker' },
  ],
  account: async ({ accounts, role }, use) => use(accounts[role === 'signed-out' ? 'operator' : role]),
  newAccount: async ({}, use, testInfo) => {
    let n = 0;
    await use((role) => {
      const email = `${role}-own-${Date.now().toString(36)}-${testInfo.workerIndex}-${n++}@e2e.example.com`;
      createStaff(email, role, STAFF_PASSWORD, `Own ${role}`);
      return { email, password: STAFF_PASSWORD, role, name: `Own ${role}` };
    });
  },
  clientAddress: async ({}, use, testInfo) => {
    const n = addressesHandedOut++;
    await use(`10.${testInfo.workerIndex % 256}.${(n >> 8) % 256}.${n % 256}`);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientAddress }, use) =>
    use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientAddress }),
  storageState: async ({ storageStates, role }, use) =>
    use(role === 'signed-out' ? { cookies: [], origins: [] } : storageStates[role]),
});

export { expect };
