// The Python client (sdk/python/wallet_client.py) knows every operation of the catalogue as it is
// today (else run `npm run docs:reference`), as Python itself reads the file, and signs the guide's
// test vectors; tests/api/python-client.test.ts runs its journey against the service.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { walletOperationList } from '@/lib/wallet/contract/operations';
import { PYTHON_CLIENT_FILE, pythonClientText } from './python-client';

const run = promisify(execFile);

describe('sdk/python/wallet_client.py', () => {
  it("has today's operation table (else run `npm run docs:reference`)", () => {
    const onDisk = readFileSync(PYTHON_CLIENT_FILE, 'utf8');
    expect(onDisk === pythonClientText(onDisk), 'the Python client is stale: npm run docs:reference').toBe(
      true,
    );
  });

  it('reads, in Python, every operation with its method, path and clearable parameters', async () => {
    const { stdout } = await run('python3', [PYTHON_CLIENT_FILE, '--operations'], { timeout: 60_000 });
    const expected = Object.fromEntries(
      walletOperationList.map((op) => [op.name, [op.method, op.path, [...(op.clearable ?? [])]]]),
    );
    expect(JSON.parse(stdout)).toEqual(expected);
  }, 60_000);

  it('signs the test vectors and verifies deliveries, offline', async () => {
    const { stdout } = await run('python3', [PYTHON_CLIENT_FILE, '--self-test'], {
      timeout: 60_000,
      env: { PATH: process.env.PATH ?? '' } as unknown as NodeJS.ProcessEnv,
    });
    expect(stdout.trim().split('\n').at(-1)).toBe('6 passed, 0 failed');
  }, 60_000);
});
