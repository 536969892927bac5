// What a write load costs the disk (issue 46's transfers from one agency asset): the WAL
// PostgreSQL wrote over a window (pg_stat_wal: bytes, records, full-page images) per write made,
// and what the machine's disks wrote meanwhile (/proc/diskstats: MB/s, write requests/s). A
// transfer commits while it holds the agency asset's row lock, so when the disk slows (its burst
// spent after a bulk load, another process writing), every transfer from that asset waits for the
// commit's flush, whatever the statements: these figures say how much of a window's rate was the
// disk's. A full-page image is written the first time a page changes after a checkpoint; the bench
// checkpoints before each window, so at 1M cards (random users, random ledger index pages) nearly
// every transfer writes some, while at 1k the few pages are imaged once.
import { readFileSync } from 'node:fs';
import { median } from './format';
import { query } from './servers';

export type WalSample = {
  walBytes: number;
  walRecords: number;
  walFpi: number;
  diskSectorsWritten: number;
  diskWrites: number;
  /** performance.now() when read. */
  at: number;
};

export type WalFigure = {
  /** WAL per write made (kB), full-page images and records per write. */
  walKbPerWrite: number;
  fpiPerWrite: number;
  recordsPerWrite: number;
  /** What the disks wrote over the window (MB/s) and their write requests per second. */
  diskMBps: number;
  diskWritesPerSecond: number;
};

/** Whole disks of /proc/diskstats (not partitions, loop or ram devices): their written sectors and writes. */
export function diskWrites(text: string): { sectors: number; writes: number } {
  let sectors = 0;
  let writes = 0;
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/);
    const name = f[2] ?? '';
    if (!/^(?:[sv]d[a-z]+|xvd[a-z]+|nvme\d+n\d+)$/.test(name)) continue;
    // Fields (1-based, after major, minor, name): 5 writes completed, 7 sectors written.
    writes += Number(f[7]) || 0;
    sectors += Number(f[9]) || 0;
  }
  return { sectors, writes };
}

function readDiskstats(): { sectors: number; writes: number } {
  try {
    return diskWrites(readFileSync('/proc/diskstats', 'utf8'));
  } catch {
    return { sectors: NaN, writes: NaN };
  }
}

export async function walSample(url: string): Promise<WalSample> {
  const [row] = await query<{ b: string; r: string; f: string }>(
    url,
    'select wal_bytes::text as b, wal_records::text as r, wal_fpi::text as f from pg_stat_wal',
  );
  const disk = readDiskstats();
  return {
    walBytes: Number(row?.b),
    walRecords: Number(row?.r),
    walFpi: Number(row?.f),
    diskSectorsWritten: disk.sectors,
    diskWrites: disk.writes,
    at: performance.now(),
  };
}

/** The window between two samples, per write made in it (`writes`: successes, warm-up included). */
export function walFigure(before: WalSample, after: WalSample, writes: number): WalFigure {
  const seconds = (after.at - before.at) / 1000;
  const per = (x: number) => (writes > 0 ? x / writes : NaN);
  return {
    walKbPerWrite: per(after.walBytes - before.walBytes) / 1024,
    fpiPerWrite: per(after.walFpi - before.walFpi),
    recordsPerWrite: per(after.walRecords - before.walRecords),
    diskMBps: ((after.diskSectorsWritten - before.diskSectorsWritten) * 512) / 1e6 / seconds,
    diskWritesPerSecond: (after.diskWrites - before.diskWrites) / seconds,
  };
}

/** The median of each field over the windows (a round's noise is not the figure's). */
export function medianWal(figures: WalFigure[]): WalFigure | undefined {
  if (figures.length === 0) return undefined;
  const of = (pick: (f: WalFigure) => number) => median(figures.map(pick));
  return {
    walKbPerWrite: of((f) => f.walKbPerWrite),
    fpiPerWrite: of((f) => f.fpiPerWrite),
    recordsPerWrite: of((f) => f.recordsPerWrite),
    diskMBps: of((f) => f.diskMBps),
    diskWritesPerSecond: of((f) => f.diskWritesPerSecond),
  };
}

/** "3.1 kB of WAL (0.4 full-page images) a transfer; the disks wrote 12.0 MB/s in 950 requests/s". */
export function describeWal(f: WalFigure, what = 'a transfer'): string {
  return `${f.walKbPerWrite.toFixed(1)} kB of WAL (${f.fpiPerWrite.toFixed(1)} full-page images) ${what}; the disks wrote ${f.diskMBps.toFixed(1)} MB/s in ${Math.round(f.diskWritesPerSecond).toLocaleString('en-US')} requests/s`;
}
