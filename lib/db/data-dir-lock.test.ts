import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirBusyError, dataDirHolder, lockDataDir } from './data-dir-lock';

let root: string;
let dir: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'lock-'));
  dir = path.join(root, 'pglite');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

describe('lockDataDir', () => {
  it('writes this process id, and a second open is refused naming it, until released', () => {
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.pid`, 'utf8')).toBe(`${process.pid}\n`);
    expect(dataDirHolder(dir)).toBe(process.pid);
    expect(() => lockDataDir(dir)).toThrow(DataDirBusyError);
    expect(() => lockDataDir(dir)).toThrow(
      `The embedded database in ${dir} is open in process ${process.pid}`,
    );
    release();
    expect(existsSync(`${dir}.pid`)).toBe(false);
    expect(dataDirHolder(dir)).toBeNull();
    lockDataDir(dir)();
  });

  it('takes over a lock left by a process that died', () => {
    const pid = deadPid();
    writeFileSync(`${dir}.pid`, `${pid}\n`);
    expect(dataDirHolder(dir)).toBeNull();
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.pid`, 'utf8')).toBe(`${process.pid}\n`);
    release();
  });

  it('a release does not remove a lock another process holds now', () => {
    const release = lockDataDir(dir);
    writeFileSync(`${dir}.pid`, '1\n');
    release();
    expect(readFileSync(`${dir}.pid`, 'utf8')).toBe('1\n');
  });
});
