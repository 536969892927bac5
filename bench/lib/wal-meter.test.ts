// The disk side of a write window (wal-meter.ts): whole disks only, per-write figures, medians.
import { describe, expect, it } from 'vitest';
import { describeWal, diskWrites, medianWal, walFigure, type WalSample } from './wal-meter';

const DISKSTATS = [
  ' 253       0 vda 1000 0 8000 100 2000 50 64000 900 0 1000 1000 0 0 0 0',
  ' 253       1 vda1 999 0 7990 100 1990 50 63000 900 0 1000 1000 0 0 0 0',
  '   7       0 loop0 5 0 10 0 7 0 99 0 0 0 0 0 0 0 0',
  ' 259       0 nvme0n1 10 0 80 1 20 0 160 2 0 3 3 0 0 0 0',
  ' 259       1 nvme0n1p1 10 0 80 1 20 0 160 2 0 3 3 0 0 0 0',
].join('\n');

const sample = (at: number, x: Partial<WalSample>): WalSample => ({
  walBytes: 0,
  walRecords: 0,
  walFpi: 0,
  diskSectorsWritten: 0,
  diskWrites: 0,
  at,
  ...x,
});

describe('wal-meter', () => {
  it('counts the writes of whole disks, not of their partitions or loop devices', () => {
    expect(diskWrites(DISKSTATS)).toEqual({ writes: 2020, sectors: 64160 });
  });

  it('gives WAL, images and records per write, and the disks per second of the window', () => {
    const before = sample(1000, {
      walBytes: 1_000_000,
      walRecords: 50,
      walFpi: 3,
      diskSectorsWritten: 100,
      diskWrites: 10,
    });
    const after = sample(3000, {
      walBytes: 1_000_000 + 400 * 2048,
      walRecords: 50 + 400 * 12,
      walFpi: 3 + 400 * 3,
      diskSectorsWritten: 100 + 8_000_000,
      diskWrites: 10 + 2000,
    });
    const f = walFigure(before, after, 400);
    expect(f).toEqual({
      walKbPerWrite: 2,
      fpiPerWrite: 3,
      recordsPerWrite: 12,
      diskMBps: 2048,
      diskWritesPerSecond: 1000,
    });
    expect(describeWal(f)).toBe(
      '2.0 kB of WAL (3.0 full-page images) a transfer; the disks wrote 2048.0 MB/s in 1,000 requests/s',
    );
    expect(Number.isNaN(walFigure(before, after, 0).walKbPerWrite)).toBe(true);
  });

  it('takes the median of each field over the rounds', () => {
    const f = (kb: number, mbps: number) => ({
      walKbPerWrite: kb,
      fpiPerWrite: kb / 10,
      recordsPerWrite: 12,
      diskMBps: mbps,
      diskWritesPerSecond: 100,
    });
    expect(medianWal([f(3, 30), f(1, 10), f(2, 50)])).toEqual(f(2, 30));
    expect(medianWal([f(1, 10), f(3, 30)])).toEqual(f(2, 20));
    expect(medianWal([])).toBeUndefined();
  });
});
