// Playwright configuration: owns the e2e browser suite under e2e/. It runs against the
// production build (`next build` first; scripts/test.ts does it) served by the one Node server of
// `npm start` (lib/app-server.ts) with a data directory of its own, so a developer's `.data/` is neither used nor changed.
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets several runs share a machine (each with its own server).
const PORT = Number(process.env.E2E_PORT ?? 3107);
const baseURL = `http://127.0.0.1:${PORT}`;

// Playwright evaluates this file again in every worker; workers inherit the runner's
// environment, so setting the variable once keeps one fresh directory per run for all of them.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `wallet-e2e-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;
// Everything the server prints, kept for the run's last check: no sentinel card or document
// number may appear in a log line (e2e/global-teardown.ts).
process.env.E2E_SERVER_LOG ??= path.join(os.tmpdir(), `wallet-e2e-server-${Date.now()}.log`);
const serverLog = process.env.E2E_SERVER_LOG;

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/global-teardown.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // E2E_REPEAT=n runs every test n times: how a suspected flake is hunted down before it lands.
  repeatEach: Number(process.env.E2E_REPEAT ?? 1),
  // Two cores run the server and two browsers at once: pages hydrate in seconds, not instantly.
  expect: { timeout: 15_000 },
  timeout: 120_000,
  workers: 2,
  reporter: [
    ['list'],
    ['html', { outputFolder: 'playwright-report', open: 'never' }],
    // scripts/test.ts reads it for the count and the slowest tests of its summary.
    ...(process.env.E2E_JSON_REPORT ? [['json', { outputFile: process.env.E2E_JSON_REPORT }] as const] : []),
  ],
  use: {
    baseURL,
    // Pages write times in the viewer's zone (components/ui/local-time.tsx): the tests read them in
    // UTC wherever the machine is, and a test of another zone says so (test.use).
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          // Debian's chromium: Playwright cannot download its own browser builds here.
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            // Root in a container has no user namespace for the sandbox.
            '--no-sandbox',
            '--disable-gpu',
            // No internet: keep the browser from waiting on Google services it cannot reach.
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `npx --no-install tsx lib/app-server.ts 2>&1 | tee '${serverLog}'`,
    // An API route that needs no session: ready means the server answers, not that `/` renders.
    url: `${baseURL}/wallet/api/openapi.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM first so the embedded database can close its files cleanly.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(PORT),
      // The back-office's public origin as the browser reaches it: the sandbox registers it as a
      // card-view origin, so the wallet's card-details page may be framed by it
      // (e2e/cardholder-channel.spec.ts), and sign-in's own URLs match the browser's.
      APP_URL: baseURL,
      WALLET_DATA_DIR: dataDir,
      // A fresh PostgreSQL database per run (scripts/test.ts makes it), so fixtures can seed staff
      // and data while the server runs. Empty counts as unset (lib/env.ts): the wallet service of
      // this same server, even when the developer's shell sets WALLET_API_BASE_URL.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      WALLET_API_BASE_URL: '',
      WALLET_APP_SECRET: 'e2e-wallet-secret-0123456789',
      WALLET_MASTER_KEY: 'e2e0'.repeat(16),
      AUTH_SECRET: 'e2e-auth-secret-0123456789abcdefghijklmn',
      ADMIN_PASSWORD: 'e2e-admin-password-1',
      // As though behind one proxy, so that each test comes from an address of its own
      // (e2e/fixtures.ts clientAddress). Reached directly, the last hop would be the socket's
      // address; that way is tested by tests/system/authorization-matrix.test.ts.
      TRUSTED_PROXY_HOPS: '1',
      // The webhook receivers of e2e/developers.spec.ts listen on 127.0.0.1; retries 1000x sooner.
      WALLET_WEBHOOK_ALLOW_PRIVATE: 'true',
      WALLET_WEBHOOK_RETRY_SCALE: '0.001',
    },
  },
});
