// `npx tsx --conditions=react-server bench/profile.ts [--cards 3000] [--seconds 8] [--op assets]`:
// where the time goes for one operation. Seeds one PostgreSQL database, starts the wallet service
// alone (`npm run start:wallet`) and the floor under V8's CPU profiler, drives the benchmark's load
// at each, and prints the CPU each spends per request (from /proc) split by who spends it (the
// service's own code, zod, pino, prom-client, Drizzle, pg, GC...). `npm run bench` does the same
// for two operations in every run.
import { parseArgs } from 'node:util';
import { ensurePostgres } from '../scripts/lib/postgres';
import { cleanupAll } from './lib/processes';
import { describeProfile, profileOperation } from './lib/profile-op';
import { createDatabase, query, seed } from './lib/servers';
import { ensureSnapshot } from './lib/snapshot';
import type { OpKey, Population } from './lib/wallet-requests';

const { values } = parseArgs({
  options: {
    cards: { type: 'string', default: '3000' },
    seconds: { type: 'string', default: '8' },
    op: { type: 'string', default: 'assets' },
    connections: { type: 'string', default: '8' },
    'reuse-build': { type: 'boolean', default: false },
  },
});

process.on('SIGINT', () => void cleanupAll().finally(() => process.exit(130)));

async function main(): Promise<void> {
  const snapshot = ensureSnapshot((l) => console.log(`[profile] ${l}`), {
    reuseAny: values['reuse-build'] ?? false,
  });
  const adminUrl = await ensurePostgres();
  const db = await createDatabase(adminUrl, 'prof');
  try {
    const users = Math.round(Number(values.cards) / 3);
    await seed({
      snapshotDir: snapshot.dir,
      storage: { kind: 'postgres', url: db.url },
      users,
      cardsPerUser: 3,
      log: (l) => console.log(`[profile] ${l}`),
    });
    const [row] = await query<{ id: number; cat: number }>(
      db.url,
      `select (select id from wallet.assets where user_id is null order by id limit 1) as id,
              (select id from wallet.card_categories where type = 'VIRTUAL' order by fee, id limit 1) as cat`,
    );
    await query(
      db.url,
      `with up as (update wallet.assets set balance = balance + 1000000000 where id = $1 returning balance)
       insert into wallet.ledger_entries (asset_id, amount, balance_after, reason) select $1, 1000000000, balance, 'CREDIT' from up`,
      [row!.id],
    );
    const p: Population = { users, prefix: 'seed', agencyAssetId: row!.id, categoryId: row!.cat };
    const result = await profileOperation({
      snapshotDir: snapshot.dir,
      databaseUrl: db.url,
      key: values.op as OpKey,
      population: p,
      seconds: Number(values.seconds),
      connections: Number(values.connections),
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
    await db.drop();
    await cleanupAll();
  }
}

main().catch(async (error: unknown) => {
  console.error(error);
  await cleanupAll();
  process.exit(1);
});
