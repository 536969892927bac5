// `npx tsx --conditions=react-server bench/profile.ts [--cards 3000] [--seconds 8] [--op assets]`:
// where the time goes for one operation. Seeds one PostgreSQL database, starts the wallet service
// alone (`npm run start:wallet`) and the floor under V8's CPU profiler, drives the benchmark's load
// at each, and prints the CPU each spends per request (from /proc) split by who spends it (the
// service's own code, zod, pino, prom-client, Drizzle, pg, GC...). `npm run bench` does the same
// for three operations in every run (run.ts's PROFILED). --op takes any load key of
// bench/lib/wallet-requests.ts, the writes (issue, transfer) included, or `deposit` (a credited
// simulate/deposit, bench/lib/deposits.ts's load). --webhook: the service (not the floor) has an
// endpoint subscribed to every event, a receiver in this process answering 204.
import { parseArgs } from 'node:util';
import { ensurePostgres } from '../scripts/lib/postgres';
import { cleanupAll } from './lib/processes';
import { describeProfile, profileOperation } from './lib/profile-op';
import { fund, loadPopulation } from './lib/population';
import { depositAddresses, depositCredited, depositFactory } from './lib/deposits';
import { createDatabase, seed, startWallet } from './lib/servers';
import { ensureSnapshot } from './lib/snapshot';
import type { OpKey, Population } from './lib/wallet-requests';
import { startWebhookReceiver } from '../tests/helpers/webhook-receiver';

const { values } = parseArgs({
  options: {
    cards: { type: 'string', default: '3000' },
    seconds: { type: 'string', default: '8' },
    op: { type: 'string', default: 'assets' },
    connections: { type: 'string', default: '8' },
    'reuse-build': { type: 'boolean', default: false },
    webhook: { type: 'boolean', default: false },
  },
});

process.on('SIGINT', () => void cleanupAll().finally(() => process.exit(130)));

async function main(): Promise<void> {
  const snapshot = ensureSnapshot((l) => console.log(`[profile] ${l}`), {
    reuseAny: values['reuse-build'] ?? false,
    // The wallet service bundles itself and the floor runs from source: no production build.
    withoutNext: true,
  });
  const adminUrl = await ensurePostgres();
  const db = await createDatabase(adminUrl, 'prof');
  const receiver = values.webhook ? await startWebhookReceiver({ keepAliveTimeoutMs: 5_000 }) : undefined;
  try {
    const users = Math.round(Number(values.cards) / 3);
    await seed({
      snapshotDir: snapshot.dir,
      storage: { kind: 'postgres', url: db.url },
      users,
      cardsPerUser: 3,
      log: (l) => console.log(`[profile] ${l}`),
    });
    const p = await loadPopulation(db.url, users);
    await fund(db.url, p.agencyAssetId, 1_000_000_000);
    const deposits = values.op === 'deposit' ? await depositLoad(snapshot.dir, db.url, p) : {};
    const result = await profileOperation({
      ...deposits,
      snapshotDir: snapshot.dir,
      databaseUrl: db.url,
      key: values.op as OpKey,
      population: p,
      seconds: Number(values.seconds),
      connections: Number(values.connections),
      ...(receiver ? { webhookUrl: receiver.url } : {}),
    });
    for (const side of ['app', 'floor'] as const) {
      const s = result[side];
      const name = side === 'app' ? 'wallet service' : 'floor';
      if (!s) {
        console.log(`${name}: no profile`);
        continue;
      }
      console.log(
        `\n${name} ${values.op}: p50 ${s.p50.toFixed(2)} ms, ${s.rps.toFixed(0)} req/s, ${s.cpuMsPerRequest.toFixed(2)} ms CPU per request:`,
      );
      for (const line of describeProfile(s, 14)) console.log(`  ${line}`);
    }
  } finally {
    await receiver?.close();
    await db.drop();
    await cleanupAll();
  }
}

/** The deposit load's requests and check, with deposit addresses made by a service started for it. */
async function depositLoad(snapshotDir: string, url: string, p: Population) {
  const wallet = await startWallet({ snapshotDir, storage: { kind: 'postgres', url } });
  try {
    return { next: depositFactory(await depositAddresses(wallet, p)), check: depositCredited };
  } finally {
    await wallet.stop();
  }
}

main().catch(async (error: unknown) => {
  console.error(error);
  await cleanupAll();
  process.exit(1);
});
