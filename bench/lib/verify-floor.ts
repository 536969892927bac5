// Proof that the floor is a fair floor, made on every run against the snapshot being measured:
// 1. SQL: bench/capture-sql.ts records the statements the service's own functions run for each
//    operation; the floor's trace of the same calls must list the same statements, in order
//    (compared with whitespace collapsed).
// 2. Answers: the same call to the app and to the floor must return the same `data` (reads:
//    deep-equal; issuance: the same fields of the same types, the card itself being new).
import { isDeepStrictEqual } from 'node:util';
import path from 'node:path';
import { runToEnd } from './processes';
import { BENCH_APP, type Server } from './servers';
import { signedPath, type Population } from './wallet-requests';
import type { WalletOperationName } from '@/lib/wallet/contract/operations';

export type FloorCheck = {
  ok: boolean;
  sql: { operation: string; ok: boolean; service: string[]; floor: string[] }[];
  output: { operation: string; ok: boolean; detail: string }[];
};

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

type Call = { key: string; operation: WalletOperationName; params: Record<string, string | number> };

export async function verifyFloor(options: {
  snapshotDir: string;
  databaseUrl: string;
  population: Population;
  app: Server;
  floor: Server;
}): Promise<FloorCheck> {
  const { population: p, app, floor } = options;
  const user = `${p.prefix}-1`;
  const { output } = await runToEnd({
    name: 'capture-sql',
    command: path.join(options.snapshotDir, 'node_modules', '.bin', 'tsx'),
    args: [
      '--conditions=react-server',
      'bench/capture-sql.ts',
      options.databaseUrl,
      BENCH_APP.agencyCode,
      BENCH_APP.appId,
      user,
      `${user}@seed.example.com`,
      String(p.agencyAssetId),
    ],
    cwd: options.snapshotDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      WALLET_AGENCY_CODE: BENCH_APP.agencyCode,
      WALLET_APP_ID: BENCH_APP.appId,
      WALLET_APP_SECRET: BENCH_APP.secret,
    },
    timeoutMs: 120_000,
  });
  const start = output.indexOf('{');
  const service = JSON.parse(output.slice(start)) as Record<string, string[]>;

  const issue = (requestId: string): Call['params'] => ({
    appUserId: user,
    paymentAssetId: p.agencyAssetId,
    categoryId: p.categoryId,
    embossedName: 'BENCH USER',
    requestId,
  });
  const calls: Call[] = [
    { key: 'warm-up (with nonce pruning)', operation: 'agencyAssetList', params: {} },
    { key: 'cardListAllByUser', operation: 'cardListAllByUser', params: { pageNum: 1, pageSize: 20 } },
    { key: 'cardListAllByUser (deep)', operation: 'cardListAllByUser', params: { pageNum: 3, pageSize: 20 } },
    {
      key: 'cardListAllByUser (email)',
      operation: 'cardListAllByUser',
      params: { email: `${user}@seed.example.com`, pageNum: 1, pageSize: 20 },
    },
    { key: 'agencyAssetList', operation: 'agencyAssetList', params: {} },
    { key: 'userCardList', operation: 'userCardList', params: { appUserId: user } },
    {
      key: 'agencyApplyUserCard',
      operation: 'agencyApplyUserCard',
      params: issue(`bench-check-floor-${Date.now()}`),
    },
  ];

  const call = async (server: Server, c: Call, params = c.params) => {
    const { method, path: target } = signedPath(BENCH_APP, c.operation, params);
    const response = await fetch(`${server.baseUrl}${target}`, { method });
    return (await response.json()) as { code: number; data?: unknown };
  };

  const sql: FloorCheck['sql'] = [];
  for (const c of calls) {
    await fetch(`${floor.baseUrl}/__trace/start`);
    await call(floor, c);
    // The nonce prune runs after the answer, off the request's path.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const traced = (await (await fetch(`${floor.baseUrl}/__trace/stop`)).json()) as string[];
    const expected = (service[c.key] ?? []).map(squash);
    const actual = traced.map(squash);
    sql.push({ operation: c.key, ok: isDeepStrictEqual(expected, actual), service: expected, floor: actual });
  }

  const outputs: FloorCheck['output'] = [];
  for (const c of calls.slice(1)) {
    const isIssue = c.operation === 'agencyApplyUserCard';
    const [a, f] = await Promise.all([
      call(app, c, isIssue ? issue(`bench-check-app-${Date.now()}`) : c.params),
      call(floor, c, isIssue ? issue(`bench-check-fl-${Date.now()}`) : c.params),
    ]);
    let ok: boolean;
    let detail: string;
    if (a.code !== 0 || f.code !== 0) {
      ok = false;
      detail = `codes: app ${a.code}, floor ${f.code}`;
    } else if (isIssue) {
      const shape = (d: unknown) =>
        Object.entries(d as Record<string, unknown>).map(([k, v]) => `${k}:${typeof v}`);
      ok = isDeepStrictEqual(shape(a.data), shape(f.data));
      detail = ok
        ? 'same fields and types'
        : `app ${shape(a.data).join(',')} / floor ${shape(f.data).join(',')}`;
    } else {
      ok = isDeepStrictEqual(a.data, f.data);
      detail = ok
        ? 'identical'
        : `app ${JSON.stringify(a.data).slice(0, 300)} / floor ${JSON.stringify(f.data).slice(0, 300)}`;
    }
    outputs.push({ operation: c.key, ok, detail });
  }
  return { ok: sql.every((s) => s.ok) && outputs.every((o) => o.ok), sql, output: outputs };
}
