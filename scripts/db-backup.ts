// `npm run db:backup -- --out FILE`: a backup of the embedded database (WALLET_DATA_DIR) into a
// new file, checked by loading it back before it is called good. Refused while the server has
// the database open (stop it first), or when FILE exists. On PostgreSQL, use pg_dump
// (README: Moving to PostgreSQL, backups). The file holds the database only: keep WALLET_DATA_DIR/master.key (or
// WALLET_MASTER_KEY) and secrets.json safe on their own, a restore needs the same key.
import path from 'node:path';
import { backupEmbedded } from '@/lib/db/backup';
import { dataDir, env } from '@/lib/env';
import { backupFileArgument, countsTable, totalRows, walletChecks } from './lib/data-tools';
import { exitOnError } from './lib/exit-on-error';

const outFile = backupFileArgument('db:backup', 'out', 'pg_dump');

async function main(): Promise<void> {
  const { counts, bytes } = await backupEmbedded({ dataDir, outFile, check: walletChecks });
  console.log(
    `db:backup: wrote ${outFile} (${(bytes / 1e6).toFixed(1)} MB, ${totalRows(counts).toLocaleString('en-US')} rows), loaded it back and found every row:`,
  );
  console.log(countsTable(counts));
  console.log(
    env.WALLET_MASTER_KEY
      ? '\nA restore needs the same WALLET_MASTER_KEY.'
      : `\nKeep ${path.join(dataDir, 'master.key')} and secrets.json safe too (not in the backup, on purpose): a restore needs that key.`,
  );
}

main().catch((error: unknown) => exitOnError('db:backup', error));
