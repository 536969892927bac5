// Backing up and restoring the embedded database (`npm run db:backup`, `npm run db:restore`).
// A backup is PGlite's own dump of its data directory (a gzipped tarball), checked by loading it
// back before it is called good. A restore loads the file into memory first and checks it
// there; only then does it move the current database aside (kept, never deleted) and put the
// backup in its place. Both take the data directory's lock (data-dir-lock.ts), so neither runs
// while the server has the database open.
//
// The backup holds the database only. The generated keys beside it (master.key, secrets.json)
// stay out on purpose: a backup file alone must not hold a usable app secret (docs/security.md).
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { DataDirBusyError, dataDirHolder, lockDataDir } from './data-dir-lock';
import { openPglite, pgliteDir, type DatabaseHandle } from './open';
import { countDifferences, rowCounts, tablesInDependencyOrder } from './tables';

export class NoEmbeddedDatabaseError extends Error {
  constructor(readonly dir: string) {
    super(`There is no embedded database in ${dir}: nothing to back up or copy (is WALLET_DATA_DIR right?).`);
    this.name = 'NoEmbeddedDatabaseError';
  }
}

export class NotABackupError extends Error {
  constructor(readonly file: string) {
    super(`${file} is not a backup made by db:backup (PGlite could not open it). Nothing was changed.`);
    this.name = 'NotABackupError';
  }
}

export class BackupCheckError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'BackupCheckError';
  }
}

/** What a check of a database found wrong (none: it is good), e.g. the wallet's books. */
export type DatabaseCheck = (handle: DatabaseHandle) => Promise<string[]>;

async function countsOf(handle: DatabaseHandle): Promise<Map<string, number>> {
  return rowCounts(handle.query, await tablesInDependencyOrder(handle.query));
}

/** Opens the embedded database of `dataDir` for a tool: refused if absent or in use. */
export async function openEmbedded(dataDir: string): Promise<DatabaseHandle> {
  if (!existsSync(pgliteDir(dataDir))) throw new NoEmbeddedDatabaseError(pgliteDir(dataDir));
  return openPglite({ dataDir });
}

/** Loads a dump into a PGlite of its own in memory (migrated, as the app would open it). */
async function loadInMemory(dump: Blob, file: string): Promise<DatabaseHandle> {
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({ loadDataDir: dump });
  } catch {
    throw new NotABackupError(file);
  }
  return openPglite({ pglite });
}

export async function backupEmbedded(options: {
  dataDir: string;
  outFile: string;
  check?: DatabaseCheck;
}): Promise<{ counts: Map<string, number>; bytes: number }> {
  const { dataDir, outFile } = options;
  if (existsSync(outFile)) throw new BackupCheckError([`${outFile} exists already: choose a new file name`]);
  const handle = await openEmbedded(dataDir);
  let counts: Map<string, number>;
  let dump: Blob;
  try {
    const problems = (await options.check?.(handle)) ?? [];
    if (problems.length > 0) throw new BackupCheckError(problems);
    counts = await countsOf(handle);
    dump = await handle.pglite!.dumpDataDir('gzip');
  } finally {
    await handle.close();
  }
  const copy = await loadInMemory(dump, outFile);
  try {
    const problems = countDifferences(counts, await countsOf(copy));
    if (problems.length > 0) throw new BackupCheckError(problems);
  } finally {
    await copy.close();
  }
  const bytes = Buffer.from(await dump.arrayBuffer());
  const partial = `${outFile}.partial`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, outFile);
  return { counts, bytes: bytes.length };
}

export async function restoreEmbedded(options: {
  dataDir: string;
  inFile: string;
  check?: DatabaseCheck;
}): Promise<{ counts: Map<string, number>; replacedDir: string | null }> {
  const { dataDir, inFile } = options;
  const dir = pgliteDir(dataDir);
  // Refused at once while the server runs, rather than after checking the backup.
  const holder = dataDirHolder(dir);
  if (holder !== null) throw new DataDirBusyError(dir, holder);
  const dump = new Blob([readFileSync(inFile)]);

  // The backup is checked in memory before the current database is touched.
  const staged = await loadInMemory(dump, inFile);
  let counts: Map<string, number>;
  try {
    const problems = (await options.check?.(staged)) ?? [];
    if (problems.length > 0) throw new BackupCheckError(problems);
    counts = await countsOf(staged);
  } finally {
    await staged.close();
  }

  const release = lockDataDir(dir);
  try {
    let replacedDir: string | null = null;
    if (existsSync(dir)) {
      replacedDir = `${dir}.replaced-${new Date().toISOString().replaceAll(':', '-')}`;
      renameSync(dir, replacedDir);
    }
    const restored = await openPglite({ pglite: await PGlite.create({ dataDir: dir, loadDataDir: dump }) });
    try {
      const problems = countDifferences(counts, await countsOf(restored));
      if (problems.length > 0) throw new BackupCheckError(problems);
    } finally {
      await restored.close();
    }
    return { counts, replacedDir };
  } finally {
    release();
  }
}
