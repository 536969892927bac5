// Running the operator scripts (create staff, credit an asset) against the e2e database, the
// way an operator would, so tests seed their own data without a back door in the app.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { e2eDatabaseUrl } from './env';

// Playwright runs from the repository root (and loads these files as CommonJS: no import.meta).
const root = process.cwd();

function runScript(script: string, args: string[]): string {
  return execFileSync(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    ['--conditions=react-server', path.join(root, 'scripts', script), ...args],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: e2eDatabaseUrl(),
        WALLET_APP_ID: 'demo-app',
        WALLET_AGENCY_CODE: 'DEMO',
      },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
}

export function createStaff(
  email: string,
  role: 'admin' | 'operator' | 'support',
  password: string,
  name?: string,
): void {
  runScript('create-staff.ts', [
    '--email',
    email,
    '--role',
    role,
    '--password',
    password,
    '--name',
    name ?? email,
  ]);
}

/** Credits a user's USD wallet asset, e.g. creditUserWallet('u-1', '25.00'). */
export function creditUserWallet(appUserId: string, amount: string): void {
  runScript('credit-asset.ts', ['--app-user-id', appUserId, '--amount', amount]);
}
