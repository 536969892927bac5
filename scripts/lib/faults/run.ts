// The fault run (issue 45; docs/reliability.md): a PostgreSQL cluster of its own (pg-cluster.ts),
// two wallet instances on it, the agency's endpoints, and for each fault in turn: the agency's load
// for a while, the fault, the load on through it and after, then the checks (checks.ts). One fault
// at a time, on the same database, so each check also covers what every earlier fault left.
// `npm run faults` (scripts/faults.ts) runs every fault; tests/system/faults-quick.test.ts a
// restart and a connection cut, with the same code.
import { randomBytes } from 'node:crypto';
import { openPostgres } from '@/lib/db/open';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import { walletDb } from '@/lib/wallet/service/db';
import { startPgCluster, type PgCluster } from '../pg-cluster';
import { startAgencyEndpoints, type AgencyEndpoints } from './agency-endpoints';
import { checkInvariants, type CheckResult } from './checks';
import { isReady, startInstance, type Instance } from './instances';
import { newWorld, startLoad, type World } from './load';
import { attempt, type App, type CallStats } from './wallet-client';

export const FAULTS = {
  'restart-fast': 'PostgreSQL stopped (fast) and started again',
  'restart-immediate': 'PostgreSQL stopped (immediate: a crash) and started again',
  terminate: 'pg_terminate_backend of every service connection, over and over for 2 s',
  stall: 'PostgreSQL stalled (every process SIGSTOPped) for 10 s',
  'kill-instance': 'one instance killed (kill -9) and started again',
  'receiver-down': 'the webhook receiver and the decision endpoint down for a (scaled) day',
  'clock-ahead': "one instance's clock 2 s ahead of the other's",
} as const;

export type FaultName = keyof typeof FAULTS;

export type FaultRow = {
  fault: FaultName;
  seconds: number;
  stats: CallStats;
  check: CheckResult;
  /** From the fault's end (the database back, the instance restarted) to both instances ready; null when they never went unready. */
  readyAgainMs: number | null;
  /** Whether /wallet/health/ready said unready while the database was away (null: not asked). */
  unreadyWhileAway: boolean | null;
  /** What went wrong that must not, from the load, the instances and the checks. */
  problems: string[];
};

export type FaultRunOptions = {
  faults: readonly FaultName[];
  clients: number;
  /** Load before the fault, and after it ends. */
  beforeMs: number;
  afterMs: number;
  /** How long PostgreSQL stays down in a restart. */
  downMs: number;
  /** How long the stall lasts. */
  stallMs: number;
  /** The scaled day: the webhook retry schedule is scaled so that a day lasts this long. */
  dayMs: number;
  /** How long a hold lives (WALLET_AUTH_EXPIRY_HOURS, scaled). */
  holdExpiryMs: number;
  log?: (line: string) => void;
  /**
   * Given, as soon as there is something to clean up, what ends it all (the instances, the
   * endpoints, the cluster and its directory): a test calls it in afterAll too, so that a run cut
   * short by a timeout leaves nothing behind. Safe to call more than once.
   */
  onDispose?: (dispose: () => Promise<void>) => void;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DAY_MS = 86_400_000;

/** Polls until every instance says ready; how long it took from `since`, or throws after `ms`. */
async function readyAgain(instances: () => Instance[], since: number, ms = 60_000): Promise<number> {
  for (const deadline = Date.now() + ms; ;) {
    const ready = await Promise.all(instances().map((i) => isReady(i.baseUrl)));
    if (ready.every(Boolean)) return Date.now() - since;
    if (Date.now() > deadline) throw new Error(`the instances were not ready ${ms} ms after the fault`);
    await pause(100);
  }
}

/** Whether every instance says unready now. */
async function allUnready(instances: Instance[]): Promise<boolean> {
  return (await Promise.all(instances.map((i) => isReady(i.baseUrl)))).every((ready) => !ready);
}

export async function runFaults(options: FaultRunOptions): Promise<{ rows: FaultRow[]; postgres: string }> {
  const log = options.log ?? (() => undefined);
  let cluster: PgCluster | undefined;
  let endpoints: AgencyEndpoints | undefined;
  const instances: Instance[] = [];
  let disposed: Promise<void> | undefined;
  const dispose = () =>
    (disposed ??= (async () => {
      await Promise.all(instances.map((i) => i.kill()));
      await endpoints?.close();
      await cluster?.destroy();
    })());
  options.onDispose?.(dispose);
  try {
    cluster = await startPgCluster();
    const [{ postgres } = { postgres: '' }] = await cluster.query<{ postgres: string }>(
      `select split_part(version(), ' on ', 1) as postgres`,
    );
    log(`${postgres} of its own on port ${cluster.port}`);
    const databaseUrl = await cluster.createDatabase('wallet_faults');
    endpoints = await startAgencyEndpoints();
    const app: App = {
      agencyCode: 'FAULTS',
      appId: 'faults-app',
      secret: `faults-${randomBytes(16).toString('hex')}`,
    };
    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      WALLET_AGENCY_CODE: app.agencyCode,
      WALLET_APP_ID: app.appId,
      WALLET_APP_SECRET: app.secret,
      // One master key for both instances, as an operator sets it.
      WALLET_MASTER_KEY: randomBytes(32).toString('base64url'),
      WALLET_BACKOFFICE_SECRET: `faults-office-${randomBytes(16).toString('hex')}`,
      WALLET_SIMULATION: 'true',
      WALLET_WEBHOOK_ALLOW_PRIVATE: 'true',
      WALLET_WEBHOOK_RETRY_SCALE: String(options.dayMs / DAY_MS),
      WALLET_AUTH_EXPIRY_HOURS: String(options.holdExpiryMs / 3_600_000),
      WALLET_AUTH_EXPIRY_POLL_MS: '250',
      // Low enough that the load meets it now and then (429, Retry-After), on both clocks.
      WALLET_RATE_LIMIT_RPS: '80',
      WALLET_BACKOFFICE_RATE_LIMIT_RPS: '0',
    };
    // One first (it migrates and provisions), then the other.
    instances.push(await startInstance('faults-a', env));
    instances.push(await startInstance('faults-b', env));
    log(`two instances: ${instances.map((i) => i.baseUrl).join(', ')}`);
    const world = await setUp(app, databaseUrl, instances[0]!.baseUrl, endpoints);
    const baseUrls = () => instances.map((i) => i.baseUrl);

    const rows: FaultRow[] = [];
    for (const fault of options.faults) {
      log(`${fault}: ${FAULTS[fault]}`);
      const started = Date.now();
      const since = world.mutations.length;
      const load = startLoad({ world, clients: options.clients, baseUrls });
      await pause(options.beforeMs);
      const injected = await inject(fault, { cluster, endpoints, instances, env, options });
      await pause(options.afterMs);
      await load.stop();
      const problems = [...load.stats.failures];
      for (const instance of instances) {
        if (!instance.alive())
          problems.push(`instance ${instance.name} died:\n${instance.output().slice(-2000)}`);
      }
      // Both answer again without a restart: a signed read on each.
      for (const instance of instances) {
        const read = await attempt(instance.baseUrl, app, 'agencyAssetList', {});
        if (read?.body.code !== 0)
          problems.push(`instance ${instance.name} does not answer: ${read?.text ?? 'no answer'}`);
      }
      if (injected.unreadyWhileAway === false)
        problems.push('/wallet/health/ready said ready while the database was away');
      const check = await checkInvariants({
        databaseUrl,
        world,
        since,
        baseUrls: baseUrls(),
        endpoints,
        holdExpiryMs: options.holdExpiryMs,
        settleMs: 5_000 + options.dayMs,
      });
      problems.push(...check.problems.slice(0, 5));
      if (check.problems.length > 5) problems.push(`and ${check.problems.length - 5} more of the checks'`);
      const row: FaultRow = {
        fault,
        seconds: Math.round((Date.now() - started) / 1000),
        stats: load.stats,
        check,
        readyAgainMs: injected.readyAgainMs,
        unreadyWhileAway: injected.unreadyWhileAway,
        problems,
      };
      rows.push(row);
      log(
        `${fault}: ${row.stats.sent} sent, ${row.stats.answered} answered, ${row.stats.retried} retried, ` +
          `${row.check.effects} effects, ${row.check.duplicates} duplicates, ${row.check.lost} lost, ` +
          `ready again ${row.readyAgainMs ?? '-'} ms; result codes ${JSON.stringify(row.stats.codes)}${problems.length ? `; PROBLEMS: ${problems.join(' | ')}` : ''}`,
      );
    }
    return { rows, postgres };
  } finally {
    await dispose();
  }
}

/** The agency as it starts: its asset funded, its webhook receiver and decision endpoint set. */
async function setUp(
  app: App,
  databaseUrl: string,
  baseUrl: string,
  endpoints: AgencyEndpoints,
): Promise<World> {
  const assets = await attempt<{ assetId: number }[]>(baseUrl, app, 'agencyAssetList', {});
  const agencyAssetId = assets?.body.data?.[0]?.assetId;
  if (!agencyAssetId) throw new Error(`no agency asset: ${assets?.text}`);
  const handle = await openPostgres(databaseUrl, 2);
  try {
    await creditAsset({ db: walletDb(handle), assetId: agencyAssetId, amountMinor: 1_000_000_000 });
  } finally {
    await handle.close();
  }
  const hook = await attempt(baseUrl, app, 'webhookAdd', { url: endpoints.hooksUrl, events: '*' });
  if (hook?.body.code !== 0) throw new Error(`webhook/add: ${hook?.text}`);
  const decide = await attempt(baseUrl, app, 'decisionSet', {
    url: endpoints.decideUrl,
    fallback: 'APPROVE',
    timeoutMs: 1000,
  });
  if (decide?.body.code !== 0) throw new Error(`decision/set: ${decide?.text}`);
  return newWorld(app, agencyAssetId);
}

type Injected = { readyAgainMs: number | null; unreadyWhileAway: boolean | null };

async function inject(
  fault: FaultName,
  ctx: {
    cluster: PgCluster;
    endpoints: AgencyEndpoints;
    instances: Instance[];
    env: Record<string, string>;
    options: FaultRunOptions;
  },
): Promise<Injected> {
  const { cluster, endpoints, instances, env, options } = ctx;
  const all = () => instances;
  switch (fault) {
    case 'restart-fast':
    case 'restart-immediate': {
      await cluster.stop(fault === 'restart-fast' ? 'fast' : 'immediate');
      await pause(Math.min(1_000, options.downMs));
      const unreadyWhileAway = await allUnready(instances);
      await pause(Math.max(0, options.downMs - 1_000));
      await cluster.start();
      return { readyAgainMs: await readyAgain(all, Date.now()), unreadyWhileAway };
    }
    case 'terminate': {
      let terminated = 0;
      for (const end = Date.now() + 2_000; Date.now() < end;) {
        terminated += await cluster.terminateBackends('wallet_faults');
        await pause(150);
      }
      options.log?.(`terminate: ${terminated} connections terminated`);
      return { readyAgainMs: await readyAgain(all, Date.now()), unreadyWhileAway: null };
    }
    case 'stall': {
      const stalled = cluster.stall(options.stallMs);
      // Readiness asks with a 2 s query timeout: unready within seconds of the stall.
      await pause(Math.min(3_000, options.stallMs / 2));
      const unreadyWhileAway = await allUnready(instances);
      await stalled;
      return { readyAgainMs: await readyAgain(all, Date.now()), unreadyWhileAway };
    }
    case 'kill-instance': {
      const victim = instances[1]!;
      await victim.kill();
      const killedAt = Date.now();
      await pause(1_000);
      instances[1] = await startInstance(victim.name, env);
      return { readyAgainMs: await readyAgain(all, killedAt), unreadyWhileAway: null };
    }
    case 'receiver-down': {
      await endpoints.down();
      await pause(options.dayMs);
      await endpoints.up();
      return { readyAgainMs: null, unreadyWhileAway: null };
    }
    case 'clock-ahead': {
      // The second instance again, its clock 2 s ahead, serving beside the first for the rest of
      // the load: signed calls, the rate limit and hold expiry on two clocks.
      const victim = instances[1]!;
      const replacement = await startInstance(victim.name, { ...env, WALLET_TEST_CLOCK_OFFSET_MS: '2000' });
      instances[1] = replacement;
      await victim.stop();
      await pause(options.beforeMs);
      return { readyAgainMs: null, unreadyWhileAway: null };
    }
  }
}
