// Stoplight Prism in proxy mode in front of a test's wallet server (docs/testing.md "What
// integrators are given"): every request and reply is validated against the OpenAPI document
// the service serves, and forwarded unchanged. On with WALLET_TEST_VIA_PRISM=1 for any API test
// file (`WALLET_TEST_VIA_PRISM=1 npx vitest run --project api <files>`): startWalletServer then
// answers Prism's address, and closing it counts the violations Prism logged, appends them to
// WALLET_TEST_PRISM_REPORT (default <tmp>/wallet-prism-report.jsonl) and fails on any reply that
// breaks the document. Request violations are counted, not failed: many tests send invalid
// requests on purpose, and Prism forwards them to the service, which refuses them.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { buildOpenApiDocument } from '@/lib/wallet/contract/openapi';

const ROOT = path.resolve(import.meta.dirname, '../..');

export const prismWanted = () => process.env.WALLET_TEST_VIA_PRISM === '1';

export type PrismCount = {
  calls: number;
  requestViolations: number;
  responseViolations: number;
  responses: string[];
  /**
   * Requests Prism found in violation of the document that the service nevertheless accepted
   * (code 0): the document refuses what the service does. Counted from the replies' sl-violations
   * header, for the calls this process sent with fetch.
   */
  acceptedViolations: string[];
};

/** Prism's base URLs in this process, and the accepted-but-violating requests seen through each. */
const observed = new Map<string, string[]>();

/**
 * Watches this process's fetch for Prism's replies: a request violation (sl-violations) on a reply
 * whose code is 0 is noted against its Prism. Replies pass through unchanged.
 */
function observeFetch(): void {
  const key = Symbol.for('card-wallet.prismFetchObserver');
  const g = globalThis as Record<symbol, unknown>;
  if (g[key]) return;
  g[key] = true;
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await original(input, init);
    const header = response.headers.get('sl-violations');
    if (header === null) return response;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const base = [...observed.keys()].find((b) => url.startsWith(`${b}/`));
    if (base === undefined) return response;
    let violations: { location?: string[]; message?: string }[] = [];
    try {
      violations = JSON.parse(header) as typeof violations;
    } catch {
      violations = [{ location: ['request'], message: header }];
    }
    const requests = violations.filter((v) => v.location?.[0] === 'request');
    if (requests.length === 0) return response;
    const code = await response
      .clone()
      .json()
      .then((b: { code?: unknown }) => b.code)
      .catch(() => undefined);
    if (code === 0) {
      observed
        .get(base)!
        .push(
          `${new URL(url).pathname}: ${requests.map((v) => `${v.location?.join('.')} ${v.message}`).join('; ')}`,
        );
    }
    return response;
  };
}

/** Counts what Prism logged: the requests it forwarded, and the violations of each kind. */
export function countPrismLog(log: string): PrismCount {
  const lines = log.split('\n');
  const violations = lines.filter((l) => /Violation: /.test(l));
  const responses = violations.filter((l) => /Violation: response/.test(l));
  return {
    calls: lines.filter((l) => /Request received/.test(l)).length,
    // A path or method the document has not (the document itself, a 404 or 405 on purpose) is no
    // request of the document's.
    requestViolations: violations.filter(
      (l) => /Violation: request/.test(l) && !/Selected route not found|Route not resolved/.test(l),
    ).length,
    responseViolations: responses.length,
    responses,
    acceptedViolations: [],
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Prism proxying to `upstream`: its base URL, and `stop` which answers its counts. */
export async function startPrismProxy(
  upstream: string,
): Promise<{ baseUrl: string; stop(): Promise<PrismCount> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-prism-'));
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(buildOpenApiDocument()));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const prism = spawn(
    path.join(ROOT, 'node_modules/.bin/prism'),
    ['proxy', file, upstream, '--host', '127.0.0.1', '--port', String(port)],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        SCARF_ANALYTICS: 'false',
        // Prism's server keeps idle connections open, as the test's own server does (the file says why).
        NODE_OPTIONS: `--import ${path.join(ROOT, 'tests/helpers/prism-keep-alive.mjs')}`,
      } as unknown as NodeJS.ProcessEnv,
    },
  );
  prism.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  prism.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  observeFetch();
  observed.set(baseUrl, []);
  for (let i = 0; !log.includes('Prism is listening'); i++) {
    if (prism.exitCode !== null || i > 400) throw new Error(`prism did not start: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    async stop() {
      const exited = new Promise<void>((resolve) => prism.once('exit', () => resolve()));
      prism.kill();
      await exited;
      rmSync(dir, { recursive: true, force: true });
      const count = { ...countPrismLog(log), acceptedViolations: observed.get(baseUrl) ?? [] };
      observed.delete(baseUrl);
      const report =
        process.env.WALLET_TEST_PRISM_REPORT ?? path.join(os.tmpdir(), 'wallet-prism-report.jsonl');
      appendFileSync(
        report,
        `${JSON.stringify({ file: path.relative(ROOT, expect.getState().testPath ?? ''), ...count, responses: count.responses.slice(0, 20), acceptedViolations: count.acceptedViolations.slice(0, 20) })}\n`,
      );
      return count;
    },
  };
}
