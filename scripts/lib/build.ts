// The production build's freshness: a fingerprint of every source a build reads, stamped into
// .next after each build, so `npm start` rebuilds only when something changed and a build made
// by the test runner counts for the `npm start` that the system tests drive.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
const stampFile = path.join(ROOT, '.next', 'source-fingerprint');

const SOURCES = [
  'app',
  'lib',
  'components',
  'public',
  'drizzle',
  'instrumentation.ts',
  'proxy.ts',
  'next.config.mjs',
  'tailwind.config.ts',
  'postcss.config.mjs',
  'tsconfig.json',
  'package-lock.json',
];

/** Paths, sizes and mtimes of every source file: cheap, and changes whenever a build would. */
export function sourceFingerprint(): string {
  const hash = createHash('sha256');
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p).sort()) if (!entry.endsWith('.test.ts')) visit(path.join(p, entry));
    } else {
      hash.update(`${path.relative(ROOT, p)}:${st.size}:${st.mtimeMs}\n`);
    }
  };
  for (const s of SOURCES) visit(path.join(ROOT, s));
  return hash.digest('hex');
}

export function buildIsCurrent(): boolean {
  return (
    existsSync(path.join(ROOT, '.next', 'BUILD_ID')) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === sourceFingerprint()
  );
}

/** Records that .next was built from the sources as they are now. */
export function stampBuild(fingerprint = sourceFingerprint()): void {
  writeFileSync(stampFile, fingerprint);
}

/** Runs `next build` (synchronously, output inherited) and stamps it; returns the exit status. */
export function runBuild(env: NodeJS.ProcessEnv = process.env): number {
  const fingerprint = sourceFingerprint();
  const result = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'next'), ['build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status === 0) stampBuild(fingerprint);
  return result.status ?? 1;
}
