// The build the benchmark runs: a private snapshot of the working tree with its own production
// build, so that other people editing sources or rebuilding `.next` in the shared tree during a
// run cannot change or break the servers under measurement (a `next build` deletes the files a
// running server still loads). Keyed by scripts/lib/build.ts's source fingerprint: the snapshot
// is rebuilt only when a build of the tree would be; when the tree's own `.next` is stamped as
// built from the sources as they are now, it is copied instead of building again. The snapshot
// holds everything the servers run: lib/ (the wallet service and app-server run from source under
// `node --import tsx`), drizzle/ (migrations), scripts/ (the seed), bench/, and node_modules,
// hard-linked (same file system), because Turbopack refuses a node_modules symlinked from outside
// its root (when the tree's own node_modules is such a symlink, its target is what is linked).
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
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
// package.json too: `npm run start:wallet`'s node options are read from it (servers.ts).
const RUN_INPUTS = ['scripts', 'bench', 'package.json'];

export type Snapshot = {
  dir: string;
  fingerprint: string;
  /** 'reused' | 'built' | 'stale' (the tree did not build; an older snapshot is used). */
  state: 'reused' | 'built' | 'stale';
  buildSeconds?: number;
  note?: string;
};

const STAMP = 'bench-build-fingerprint';
/** Where scripts/lib/build.ts records the fingerprint the tree's `.next` was built from. */
const TREE_STAMP = path.join(ROOT, '.next', 'source-fingerprint');
/** What a copy of a build needs (.next/cache only speeds up the next build). */
const skipNextCache = (src: string) => !src.startsWith(path.join(ROOT, '.next', 'cache'));

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

/** Snapshots with a finished build, newest first. */
function builtSnapshots(): { dir: string; fingerprint: string; at: number }[] {
  if (!existsSync(SNAPSHOT_PARENT)) return [];
  return readdirSync(SNAPSHOT_PARENT)
    .filter((name) => name.startsWith('build-'))
    .map((name) => path.join(SNAPSHOT_PARENT, name))
    .flatMap((dir) => {
      const fingerprint = stampOf(dir);
      return fingerprint && existsSync(path.join(dir, '.next', 'BUILD_ID'))
        ? [{ dir, fingerprint, at: statSync(path.join(dir, STAMP)).mtimeMs }]
        : [];
    })
    .sort((a, b) => b.at - a.at);
}

function treeBuild(): { buildId: string; stamp?: string } | undefined {
  const file = path.join(ROOT, '.next', 'BUILD_ID');
  if (!existsSync(file)) return undefined;
  return {
    buildId: readFileSync(file, 'utf8'),
    ...(existsSync(TREE_STAMP) ? { stamp: readFileSync(TREE_STAMP, 'utf8') } : {}),
  };
}

/** A fresh snapshot directory with the sources and the hard-linked node_modules, but no build. */
function prepareSnapshot(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  copyInputs(dir, [...BUILD_INPUTS, ...RUN_INPUTS]);
  // The directory itself, also when the tree's node_modules is a symlink to it (a git worktree's
  // often is): cp -a would copy the symlink, which Turbopack refuses.
  const modules = realpathSync(path.join(ROOT, 'node_modules'));
  const linked = spawnSync('cp', ['-al', modules, path.join(dir, 'node_modules')]);
  if (linked.status !== 0) throw new Error(`cp -al node_modules failed: ${linked.stderr.toString()}`);
}

/**
 * The tree's own `.next`, copied into a snapshot, if it stays the same build while copied (someone
 * may be rebuilding it): false when it changed under the copy.
 */
function copyTreeBuild(dir: string): boolean {
  const before = treeBuild();
  if (!before) return false;
  rmSync(path.join(dir, '.next'), { recursive: true, force: true });
  cpSync(path.join(ROOT, '.next'), path.join(dir, '.next'), { recursive: true, filter: skipNextCache });
  const after = treeBuild();
  return after?.buildId === before.buildId && after.stamp === before.stamp;
}

/** A production build of the working tree as it is now, in a snapshot directory of its own. */
export function ensureSnapshot(
  log: (line: string) => void,
  options: { reuseAny?: boolean; withoutNext?: boolean } = {},
): Snapshot {
  mkdirSync(SNAPSHOT_PARENT, { recursive: true });
  const fingerprint = sourceFingerprint();
  const dir = path.join(SNAPSHOT_PARENT, `build-${fingerprint.slice(0, 16)}`);
  if (stampOf(dir) === fingerprint && existsSync(path.join(dir, '.next', 'BUILD_ID'))) {
    log(`reusing the snapshot build ${dir}`);
    copyInputs(dir, RUN_INPUTS);
    return { dir, fingerprint, state: 'reused' };
  }
  if (options.withoutNext) return sourcesOnly(log, fingerprint);

  // The tree's own build is of the sources as they are now (stamped by scripts/lib/build.ts).
  if (treeBuild()?.stamp === fingerprint) {
    log(`the working tree's .next is a build of the current sources: copying it into ${dir}`);
    prepareSnapshot(dir);
    if (copyTreeBuild(dir) && sourceFingerprint() === fingerprint) {
      writeFileSync(path.join(dir, STAMP), fingerprint);
      for (const old of builtSnapshots())
        if (old.dir !== dir) rmSync(old.dir, { recursive: true, force: true });
      return { dir, fingerprint, state: 'reused', note: "copied from the working tree's current build" };
    }
    log('the working tree was rebuilt or edited while being copied: building in the snapshot instead');
  }

  const latest = builtSnapshots()[0];
  if (options.reuseAny && latest) {
    const note = `--reuse-build: measured the last snapshot built (fingerprint ${latest.fingerprint.slice(0, 16)}), not the working tree as it is now`;
    log(note);
    copyInputs(latest.dir, RUN_INPUTS);
    return { dir: latest.dir, fingerprint: latest.fingerprint, state: 'stale', note };
  }
  if (options.reuseAny && treeBuild()) {
    // No snapshot yet: the tree's .next as it is (of unknown sources), with today's sources beside
    // it. The wallet service and the floor run from those sources; only the back-office pages come
    // from the build. Stamped so that it is never taken for a build of any fingerprint.
    const treeDir = path.join(SNAPSHOT_PARENT, `build-tree-${Date.now().toString(36)}`);
    prepareSnapshot(treeDir);
    if (copyTreeBuild(treeDir)) {
      const built = statSync(path.join(ROOT, '.next', 'BUILD_ID')).mtime.toISOString();
      writeFileSync(path.join(treeDir, STAMP), `unknown: the working tree's .next of ${built}`);
      const note = `--reuse-build with no snapshot: measured the working tree's .next (built ${built}, sources it was built from unknown) with the sources as they are now`;
      log(note);
      return { dir: treeDir, fingerprint: 'working-tree-.next', state: 'stale', note };
    }
    rmSync(treeDir, { recursive: true, force: true });
  }

  log(`sources changed since the last snapshot: building a fresh snapshot in ${dir}`);
  prepareSnapshot(dir);

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

/**
 * A snapshot of the sources without a production build (run.ts --only, when no measured figure
 * needs `npm start`'s server): the wallet service bundles itself and the floor runs from source,
 * so neither needs `.next`. Its own directory (`src-…`), never taken for a build.
 */
function sourcesOnly(log: (line: string) => void, fingerprint: string): Snapshot {
  const dir = path.join(SNAPSHOT_PARENT, `src-${fingerprint.slice(0, 16)}`);
  for (const name of readdirSync(SNAPSHOT_PARENT))
    if (name.startsWith('src-') && path.join(SNAPSHOT_PARENT, name) !== dir)
      rmSync(path.join(SNAPSHOT_PARENT, name), { recursive: true, force: true });
  if (stampOf(dir) === fingerprint) {
    log(`reusing the sources-only snapshot ${dir} (no production build: not needed by --only)`);
    copyInputs(dir, RUN_INPUTS);
  } else {
    log(`sources-only snapshot in ${dir} (no production build: not needed by --only)`);
    prepareSnapshot(dir);
    writeFileSync(path.join(dir, STAMP), fingerprint);
  }
  return { dir, fingerprint, state: 'reused', note: 'sources only, without a production build (--only)' };
}
