// `npm run db:restore -- --in FILE`: puts a backup made by db:backup in place of the embedded
// database (WALLET_DATA_DIR). The backup is loaded and checked in memory first (its books, and
// that this configuration's master key opens its app secrets); only then is the current
// database moved aside (kept beside it as pglite.replaced-<time>, never deleted) and the backup
// loaded in its place. Refused while the server has the database open. On PostgreSQL, use
// pg_restore (README: Moving to PostgreSQL, backups).
import { existsSync } from 'node:fs';
import { restoreEmbedded } from '@/lib/db/backup';
import { dataDir } from '@/lib/env';
import { backupFileArgument, countsTable, totalRows, walletChecks } from './lib/data-tools';
import { exitOnError } from './lib/exit-on-error';

const inFile = backupFileArgument('db:restore', 'in', 'pg_restore');
if (!existsSync(inFile)) {
  console.error(`db:restore: ${inFile} does not exist`);
  process.exit(2);
}

async function main(): Promise<void> {
  const { counts, replacedDir } = await restoreEmbedded({ dataDir, inFile, check: walletChecks });
  console.log(
    `db:restore: restored ${inFile} into ${dataDir} (${totalRows(counts).toLocaleString('en-US')} rows, the books balance):`,
  );
  console.log(countsTable(counts));
  if (replacedDir)
    console.log(
      `\nThe database it replaced is kept in ${replacedDir}; delete it once you no longer need it.`,
    );
}

main().catch((error: unknown) => exitOnError('db:restore', error));
