// The build the benchmark runs: a private snapshot of the working tree with its own production
// build, so that other people editing sources or rebuilding `.next` in the shared tree during a
// run cannot change or break the server under measurement (a `next build` deletes the files a
// running `next start` still loads). Keyed by scripts/lib/build.ts's source fingerprint: the
// snapshot is rebuilt only when a build of the tree would be. node_modules is hard-linked
// (same file system), because Turbopack refuses a node_modules symlinked from outside its root.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, sourceFingerprint } from '../../scripts/lib/build';

export const SNAPSHOT_PARENT = path.join(tmpdir(), 'card-wallet-bench');

/** What a build reads (scripts/lib/build.ts's SOURCES), plus what the harness runs from there. */
const BUILD_INPUTS = [
  'app',
  'lib',
  'components',
  'public',
  'drizzle',
  'types',
  'instrumentation.ts',
  'proxy.ts',
  'next.config.mjs',
  'tailwind.config.ts',
  'postcss.config.mjs',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'next-env.d.ts',
];
/** Copied afresh on every run (they do not affect the build). */
const RUN_INPUTS = ['scripts', 'bench'];

export type Snapshot = {
  dir: string;
  fingerprint: string;
  /** 'reused' | 'built' | 'stale' (the tree did not build; an older snapshot is used). */
  state: 'reused' | 'built' | 'stale';
  buildSeconds?: number;
  note?: string;
};

const STAMP = 'bench-build-fingerprint';

function copyInputs(dir: string, inputs: readonly string[]): void {
  for (const name of inputs) {
    const from = path.join(ROOT, name);
    if (!existsSync(from)) continue;
    rmSync(path.join(dir, name), { recursive: true, force: true });
    cpSync(from, path.join(dir, name), {
      recursive: true,
      filter: (src) => !src.includes(`${path.sep}.data`) && !src.endsWith('.tsbuildinfo'),
    });
  }
}

function stampOf(dir: string): string | undefined {
  const file = path.join(dir, STAMP);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

function builtSnapshots(): { dir: string; fingerprint: string }[] {
  if (!existsSync(SNAPSHOT_PARENT)) return [];
  return readdirSync(SNAPSHOT_PARENT)
    .filter((name) => name.startsWith('build-'))
    .map((name) => path.join(SNAPSHOT_PARENT, name))
    .flatMap((dir) => {
      const fingerprint = stampOf(dir);
      return fingerprint && existsSync(path.join(dir, '.next', 'BUILD_ID')) ? [{ dir, fingerprint }] : [];
    });
}

/** A production build of the working tree as it is now, in a snapshot directory of its own. */
export function ensureSnapshot(log: (line: string) => void, options: { reuseAny?: boolean } = {}): Snapshot {
  mkdirSync(SNAPSHOT_PARENT, { recursive: true });
  const fingerprint = sourceFingerprint();
  const dir = path.join(SNAPSHOT_PARENT, `build-${fingerprint.slice(0, 16)}`);
  if (stampOf(dir) === fingerprint && existsSync(path.join(dir, '.next', 'BUILD_ID'))) {
    log(`reusing the snapshot build ${dir}`);
    copyInputs(dir, RUN_INPUTS);
    return { dir, fingerprint, state: 'reused' };
  }
  const latest = builtSnapshots()[0];
  if (options.reuseAny && latest) {
    const note = `--reuse-build: measured the last snapshot built (fingerprint ${latest.fingerprint.slice(0, 16)}), not the working tree as it is now`;
    log(note);
    copyInputs(latest.dir, RUN_INPUTS);
    return { dir: latest.dir, fingerprint: latest.fingerprint, state: 'stale', note };
  }

  log(`sources changed since the last snapshot: building a fresh snapshot in ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  copyInputs(dir, [...BUILD_INPUTS, ...RUN_INPUTS]);
  const linked = spawnSync('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules')]);
  if (linked.status !== 0) throw new Error(`cp -al node_modules failed: ${linked.stderr.toString()}`);

  const started = performance.now();
  const build = spawnSync(path.join(dir, 'node_modules', '.bin', 'next'), ['build'], {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    encoding: 'utf8',
    timeout: 10 * 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const buildSeconds = (performance.now() - started) / 1000;
  if (build.status === 0) {
    writeFileSync(path.join(dir, STAMP), fingerprint);
    for (const old of builtSnapshots())
      if (old.dir !== dir) rmSync(old.dir, { recursive: true, force: true });
    log(`built in ${buildSeconds.toFixed(0)} s`);
    return { dir, fingerprint, state: 'built', buildSeconds };
  }

  const tail = `${build.stdout ?? ''}${build.stderr ?? ''}`.trim().split('\n').slice(-25).join('\n');
  rmSync(dir, { recursive: true, force: true });
  const previous = builtSnapshots()[0];
  if (!previous) throw new Error(`next build of the working tree failed:\n${tail}`);
  const note = `the working tree did not build (someone is mid-edit?); measured the last snapshot that did (fingerprint ${previous.fingerprint.slice(0, 16)})`;
  log(`WARNING: ${note}\n${tail}`);
  copyInputs(previous.dir, RUN_INPUTS);
  return { dir: previous.dir, fingerprint: previous.fingerprint, state: 'stale', note };
}
