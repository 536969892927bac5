// One process at a time on an embedded database. PGlite takes no lock of its own, and two
// processes on one data directory silently lose writes, so whoever opens it (the server, an
// operator script, db:backup or db:restore) first writes its pid to `<dir>.pid`. A second
// process finds a live pid there and is refused with a message naming it; a pid left by a
// process that died (kill -9, a crash) is taken over.
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

export class DataDirBusyError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is open in process ${pid} (the server, or another script). ` +
        'Stop that process first: two processes on one embedded database lose writes.',
    );
    this.name = 'DataDirBusyError';
  }
}

const pidFile = (dir: string) => `${dir}.pid`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The pid of the live process holding `dir`, or null when none does. */
export function dataDirHolder(dir: string): number | null {
  const pid = readHolder(pidFile(dir));
  return pid !== null && alive(pid) ? pid : null;
}

/**
 * Takes `dir` for this process, or throws DataDirBusyError. Returns the release, which is also
 * run at exit (a lock outliving its process would only be taken over, but a clean exit leaves
 * nothing behind).
 */
export function lockDataDir(dir: string): () => void {
  const file = pidFile(dir);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = readHolder(file);
      // This very process holding it means a second open in one process: as unsafe as two.
      if (holder !== null && alive(holder)) throw new DataDirBusyError(dir, holder);
      unlinkSync(file);
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readHolder(file) === process.pid) unlinkSync(file);
  };
  process.on('exit', release);
  return release;
}
