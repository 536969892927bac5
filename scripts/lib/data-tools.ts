// What db:copy, db:backup and db:restore share: the wallet's own checks of a database before a
// copy of it is called good (its books, and that this configuration's master key opens its app
// secrets), the table of row counts they print, and the one file argument of db:backup and
// db:restore.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { env } from '@/lib/env';
import { booksBalance, checkBooks } from '@/lib/wallet/service/db/books';
import { walletDb } from '@/lib/wallet/service/db';
import { configuredSecretBox, unopenableAppSecrets } from '@/lib/wallet/service/secrets/app-secrets';
import type { DatabaseHandle } from '@/lib/db/open';

/** The books of a database: every ledger sums to its balance, numbered 1..n, none negative. */
export async function booksProblems(query: DatabaseHandle['query']): Promise<string[]> {
  const books = await checkBooks({ query });
  if (booksBalance(books)) return [];
  return [
    `the books do not balance: ${books.unbalanced} asset(s) whose ledger differs from the balance, ` +
      `${books.misnumbered} misnumbered, ${books.negative} negative`,
  ];
}

/** The books, and whether this configuration's master key opens every app secret there. */
export async function walletChecks(handle: DatabaseHandle): Promise<string[]> {
  const unopenable = await unopenableAppSecrets(walletDb(handle), configuredSecretBox());
  return [
    ...(await booksProblems(handle.query)),
    ...(unopenable.length > 0
      ? [
          `the master key of this configuration (WALLET_MASTER_KEY, else WALLET_DATA_DIR/master.key) does not open the secrets of app(s) ${unopenable.join(', ')}: ` +
            'use the key the data was sealed with',
        ]
      : []),
  ];
}

/** Row counts as an aligned table, non-empty tables first. */
export function countsTable(counts: Map<string, number>): string {
  const rows = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const width = Math.max(...rows.map(([t]) => t.length));
  return rows
    .map(([table, n]) => `  ${table.padEnd(width)}  ${n.toLocaleString('en-US').padStart(12)}`)
    .join('\n');
}

export const totalRows = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

/**
 * The backup file of db:backup (`--out`) or db:restore (`--in`), as an absolute path. Ends the
 * tool (exit 2) when it is missing, or when DATABASE_URL says the data is in PostgreSQL, where
 * `postgresTool` is the way.
 */
export function backupFileArgument(tool: string, option: 'out' | 'in', postgresTool: string): string {
  const { values } = parseArgs({ options: { [option]: { type: 'string' } } });
  const file = values[option];
  if (typeof file !== 'string') {
    console.error(`${tool}: --${option} is required\nusage: npm run ${tool} -- --${option} FILE`);
    process.exit(2);
  }
  if (env.DATABASE_URL) {
    console.error(
      `${tool}: DATABASE_URL is set, so the data is in PostgreSQL: use ${postgresTool} (README: Moving to PostgreSQL, backups).`,
    );
    process.exit(2);
  }
  return path.resolve(file);
}
