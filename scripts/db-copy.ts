// `npm run db:copy -- --to postgres://user:password@host:5432/database`: copies the embedded
// database (WALLET_DATA_DIR) into an empty PostgreSQL database, for moving to PostgreSQL. The
// target is migrated, every row and sequence copied in one transaction with a progress bar, and
// the copy verified (row counts per table, every ledger summing to its balance) before it
// commits. Refused if the target holds any row, or while the server has the embedded database
// open. Afterwards start the app with DATABASE_URL set and the same master key.
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { copyDatabase } from '@/lib/db/copy-database';
import { openEmbedded } from '@/lib/db/backup';
import { dataDir, env } from '@/lib/env';
import { booksProblems, countsTable, totalRows, walletChecks } from './lib/data-tools';
import { exitOnError } from './lib/exit-on-error';

const { values } = parseArgs({ options: { to: { type: 'string' } } });

function usage(message: string): never {
  console.error(
    `db:copy: ${message}\nusage: npm run db:copy -- --to postgres://user:password@host:5432/database`,
  );
  process.exit(2);
}

const target = values.to ?? usage('--to is required');
let targetUrl: URL;
try {
  targetUrl = new URL(target);
} catch {
  usage('--to must be a PostgreSQL URL');
}
if (!['postgres:', 'postgresql:'].includes(targetUrl.protocol)) usage('--to must be a postgres:// URL');
/** The URL as shown: never its password. */
const shown = (() => {
  const u = new URL(targetUrl);
  if (u.password) u.password = '***';
  return u.toString();
})();

// CommonJS under tsx: no top-level await.
async function main(): Promise<void> {
  const source = await openEmbedded(dataDir);
  console.log(`db:copy: from the embedded database in ${dataDir} to ${shown}`);
  const sourceProblems = await walletChecks(source);
  if (sourceProblems.length > 0)
    throw new Error(`the source is not sound, nothing was copied: ${sourceProblems.join('; ')}`);
  const bar = new SingleBar({
    format: '  {bar} {percentage}% | {value}/{total} rows | {table}',
    hideCursor: true,
    // In a terminal only: a log (CI, a pipe) gets the per-table summary below instead.
    noTTYOutput: false,
  });
  let started = false;
  try {
    const result = await copyDatabase({
      source,
      targetUrl: target,
      onProgress: ({ table, copiedRows, totalRows: total }) => {
        if (!started) {
          bar.start(total, 0, { table });
          started = true;
        }
        bar.update(copiedRows, { table });
      },
      verify: booksProblems,
    });
    if (started) bar.stop();
    console.log(
      `db:copy: copied ${totalRows(result.counts).toLocaleString('en-US')} rows and ${result.sequences} sequences; every table's count matches and the books balance:`,
    );
    console.log(countsTable(result.counts));
    console.log(
      `\nNext: stop using the embedded database and start the app on PostgreSQL:\n  DATABASE_URL=<the --to URL> npm start\n` +
        (env.WALLET_MASTER_KEY
          ? 'with the same WALLET_MASTER_KEY (the app secrets are sealed with it).'
          : `with the same WALLET_DATA_DIR (${dataDir}): its master.key opens the app secrets and its secrets.json holds the generated signing and session secrets.`),
    );
  } finally {
    if (started) bar.stop();
    await source.close();
  }
}

main().catch((error: unknown) => exitOnError('db:copy', error));
