// Profiling one operation on the wallet service (`npm run start:wallet`'s process; `app` in the
// results) and on the floor: both started afresh under V8's CPU profiler on the same database,
// the same load driven at each, then the profiles read back as CPU shares per category
// (cpu-profile.ts) and scaled by the CPU the process really used per request (from /proc, which
// counts only time on a CPU).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { breakdown, type Breakdown } from './cpu-profile';
import { measure, type RequestFactory } from './load';
import { groupCpuMs } from './processes';
import { BENCH_APP, startFloor, startWallet, type Server } from './servers';
import { requestFactory, signedPath, type OpKey, type Population } from './wallet-requests';

export type SideProfile = Breakdown & { requests: number; cpuMsPerRequest: number; p50: number; rps: number };
export type OpProfile = { key: OpKey; app?: SideProfile; floor?: SideProfile };

export async function profileOperation(options: {
  snapshotDir: string;
  databaseUrl: string;
  key: OpKey;
  population: Population;
  seconds: number;
  connections: number;
  /** A receiver's URL: the service gets an endpoint subscribed to every event there (not the floor). */
  webhookUrl?: string;
  /** The requests, when they are not `key`'s of wallet-requests.ts (spending.ts's authorize). */
  next?: RequestFactory;
  /** What counts as a success (default: code 0). */
  check?: (status: number, body: string) => boolean;
}): Promise<OpProfile> {
  const root = mkdtempSync(path.join(tmpdir(), 'bench-profile-'));
  const out: OpProfile = { key: options.key };
  try {
    for (const side of ['app', 'floor'] as const) {
      const dir = path.join(root, side);
      const nodeArgs = ['--cpu-prof', `--cpu-prof-dir=${dir}`];
      let server: Server | undefined;
      try {
        server =
          side === 'app'
            ? await startWallet({
                snapshotDir: options.snapshotDir,
                storage: { kind: 'postgres', url: options.databaseUrl },
                nodeArgs,
              })
            : await startFloor({
                snapshotDir: options.snapshotDir,
                databaseUrl: options.databaseUrl,
                nodeArgs,
              });
        const pid = server.process.pid;
        if (side === 'app' && options.webhookUrl) {
          const add = signedPath(BENCH_APP, 'webhookAdd', { url: options.webhookUrl, events: '*' });
          const added = (await (
            await fetch(`${server.baseUrl}${add.path}`, { method: add.method })
          ).json()) as {
            code: number;
          };
          if (added.code !== 0) throw new Error(`webhook/add answered ${added.code}`);
        }
        // An idle gap between start-up and load, so that the profile's load window excludes start-up.
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        const r = await measure({
          url: server.baseUrl,
          connections: options.connections,
          seconds: options.seconds,
          warmupSeconds: 2,
          next: options.next ?? requestFactory(BENCH_APP, options.key, options.population),
          ...(options.check ? { check: options.check } : {}),
          serverCpuMs: () => groupCpuMs(pid),
        });
        // SIGTERM: both servers exit cleanly (process.exit), which is when V8 writes the profile.
        await server.stop();
        server = undefined;
        const b = breakdown(dir);
        if (b && r.cpuMsPerRequest !== undefined) {
          out[side] = { ...b, requests: r.total, cpuMsPerRequest: r.cpuMsPerRequest, p50: r.p50, rps: r.rps };
        }
      } finally {
        await server?.stop();
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return out;
}

/** "category: x ms/req (y%)" lines of a side's profile, its CPU per request split by shares. */
export function describeProfile(side: SideProfile, top = 8): string[] {
  return side.shares
    .slice(0, top)
    .map(
      (s) =>
        `${s.category.padEnd(30)} ${(s.share * side.cpuMsPerRequest).toFixed(3).padStart(7)} ms/req  ${(s.share * 100).toFixed(1).padStart(5)}%`,
    );
}
