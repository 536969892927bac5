// Proof that the floor is a fair floor, made on every run against the snapshot being measured:
// 1. SQL: bench/capture-sql.ts serves the calls of floor-calls.ts with the service's own request
//    handler and records every statement it runs (the engine's named prepared statements, and
//    Drizzle's through pg); the floor's trace of the same calls must list the same statements,
//    with the same prepared-statement names, in the same order (compared with whitespace
//    collapsed). Both start each call with no app cached; the catalogue load of a fresh process
//    is compared apart. (user/search's statement, parameters included, comes from the one
//    userSearchStatement of statements.ts on both sides.)
// 2. Answers: the same call to the measured servers (the wallet service alone, and `npm start`'s
//    server when given) and to the floor must return the same `data` (reads: deep-equal; the
//    writes, issuance and transfers: the same fields of the same types, the card or transfer
//    itself being new, and for a transfer the same assets and amount).
import { isDeepStrictEqual } from 'node:util';
import type { WalletOperationName } from '@/lib/wallet/contract/operations';
import { runToEnd } from './processes';
import { floorCalls, STARTUP_KEY, type FloorCall } from './floor-calls';
import { BENCH_APP, BENCH_BACKOFFICE_SECRET, BENCH_MASTER_KEY, type Server } from './servers';
import { signedPath, type Population } from './wallet-requests';

export type FloorCheck = {
  ok: boolean;
  sql: { operation: string; ok: boolean; service: string[]; floor: string[] }[];
  /** `server`: which server's answer was compared with the floor's (absent in older results). */
  output: { operation: string; server?: string; ok: boolean; detail: string }[];
  /** user/search's parameters, floor vs service (results before stop 20: the floor had a copy). */
  searchKeys?: { ok: boolean; queries: string[]; detail: string };
};

/** The writes: each side makes its own card or transfer, so their answers differ in ids and balances. */
const WRITES: Partial<Record<WalletOperationName, readonly string[]>> = {
  agencyApplyUserCard: [],
  assetTransfer: ['fromAssetId', 'toAssetId', 'amount'],
  simulateDeposit: ['appUserId', 'chain', 'address', 'amount', 'creditedAmount', 'status', 'risk'],
  // Each side authorizes (and clears) its own purchase on the same card.
  simulateAuthorize: ['cardId', 'appUserId', 'status', 'amount', 'heldAmount', 'merchant', 'decidedBy'],
  simulateClear: ['cardId', 'status', 'amount', 'heldAmount', 'clearedAmount', 'refundedAmount'],
};

/** A statement's shape: its text with runs of white space as one space. */
export const shape = (s: string) => s.replace(/\s+/g, ' ').trim();

type Answer = { code: number; msg?: string; data?: unknown };

export async function verifyFloor(options: {
  snapshotDir: string;
  databaseUrl: string;
  population: Population;
  deepPage: number;
  /** The servers whose answers must equal the floor's: the first is the one the SQL is of. */
  servers: Server[];
  floor: Server;
}): Promise<FloorCheck> {
  const { population: p, floor } = options;
  const { output } = await runToEnd({
    name: 'capture-sql',
    command: process.execPath,
    args: [
      '--import',
      'tsx',
      'bench/capture-sql.ts',
      JSON.stringify({
        databaseUrl: options.databaseUrl,
        app: BENCH_APP,
        population: p,
        deepPage: options.deepPage,
      }),
    ],
    cwd: options.snapshotDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      WALLET_AGENCY_CODE: BENCH_APP.agencyCode,
      WALLET_APP_ID: BENCH_APP.appId,
      WALLET_APP_SECRET: BENCH_APP.secret,
      WALLET_BACKOFFICE_SECRET: BENCH_BACKOFFICE_SECRET,
      WALLET_MASTER_KEY: BENCH_MASTER_KEY,
    },
    timeoutMs: 120_000,
  });
  if (!output.includes('{"statements"'))
    throw new Error(`bench/capture-sql.ts printed no statements: ${output.slice(-1500)}`);
  const captured = JSON.parse(output.slice(output.indexOf('{"statements"'))) as {
    statements: Record<string, string[]>;
  };
  const service = captured.statements;
  const calls = floorCalls(p, options.deepPage);

  // What each server answered last: a clear names the authorization its own side just made.
  const previous = new Map<Server, unknown>();
  const call = async (server: Server, c: FloorCall, tag: string): Promise<Answer> => {
    const { method, path: target } = signedPath(BENCH_APP, c.operation, c.params(tag, previous.get(server)));
    server.requests++;
    const response = await fetch(`${server.baseUrl}${target}`, { method });
    const answer = (await response.json()) as Answer;
    previous.set(server, answer.data);
    return answer;
  };
  const compare = (operation: string, expected: string[], actual: string[]) => ({
    operation,
    ok: isDeepStrictEqual(expected.map(shape), actual.map(shape)),
    service: expected.map(shape),
    floor: actual.map(shape),
  });

  const sql: FloorCheck['sql'] = [];
  const startup = (await (await fetch(`${floor.baseUrl}/__trace/startup`)).json()) as string[];
  sql.push(compare(STARTUP_KEY, service[STARTUP_KEY] ?? [], startup));
  for (const c of calls) {
    await fetch(`${floor.baseUrl}/__trace/start`);
    const answer = await call(floor, c, 'trace');
    // The nonce prune runs after the nonce is spent, off the request's path.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const traced = (await (await fetch(`${floor.baseUrl}/__trace/stop`)).json()) as string[];
    const check = compare(c.key, service[c.key] ?? [], traced);
    if (answer.code !== 0) check.ok = false;
    sql.push(check);
  }

  const outputs: FloorCheck['output'] = [];
  for (const c of calls.slice(1)) {
    const same = WRITES[c.operation];
    const f = await call(floor, c, 'floor');
    for (const server of options.servers) {
      const a = await call(server, c, server.kind);
      let ok: boolean;
      let detail: string;
      if (a.code !== 0 || f.code !== 0) {
        ok = false;
        detail = `codes: ${server.kind} ${a.code}${a.code ? ` (${a.msg ?? ''})` : ''}, floor ${f.code}${f.code ? ` (${f.msg ?? ''})` : ''}`;
      } else if (same) {
        const shape = (d: unknown) =>
          Object.entries(d as Record<string, unknown>).map(([k, v]) => `${k}:${typeof v}`);
        const pick = (d: unknown) => same.map((k) => (d as Record<string, unknown>)[k]);
        ok = isDeepStrictEqual(shape(a.data), shape(f.data)) && isDeepStrictEqual(pick(a.data), pick(f.data));
        detail = ok
          ? `same fields and types${same.length ? `, same ${same.join(', ')}` : ''}`
          : `${server.kind} ${JSON.stringify(a.data)} / floor ${JSON.stringify(f.data)}`;
      } else {
        ok = isDeepStrictEqual(a.data, f.data);
        detail = ok
          ? 'identical'
          : `${server.kind} ${JSON.stringify(a.data).slice(0, 300)} / floor ${JSON.stringify(f.data).slice(0, 300)}`;
      }
      outputs.push({ operation: c.key, server: server.kind, ok, detail });
    }
  }
  return {
    ok: sql.every((s) => s.ok) && outputs.every((o) => o.ok),
    sql,
    output: outputs,
  };
}
