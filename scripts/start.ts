// `npm start`: build the production app if the sources changed since the last build, then
// serve it with `next start`. The server migrates and provisions its database at boot
// (instrumentation.ts), so a fresh clone needs no environment and no other step.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const nextBin = path.join(root, 'node_modules', '.bin', 'next');
const stampFile = path.join(root, '.next', 'source-fingerprint');

const SOURCES = ['app', 'lib', 'components', 'public', 'drizzle', 'instrumentation.ts', 'proxy.ts', 'next.config.mjs', 'tailwind.config.ts', 'postcss.config.mjs', 'tsconfig.json', 'package-lock.json'];

/** Paths, sizes and mtimes of every source file: cheap, and changes whenever a build would. */
function sourceFingerprint(): string {
  const hash = createHash('sha256');
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p).sort()) if (!entry.endsWith('.test.ts')) visit(path.join(p, entry));
    } else {
      hash.update(`${path.relative(root, p)}:${st.size}:${st.mtimeMs}\n`);
    }
  };
  for (const s of SOURCES) visit(path.join(root, s));
  return hash.digest('hex');
}

function buildIfNeeded(): void {
  const fingerprint = sourceFingerprint();
  const built = existsSync(path.join(root, '.next', 'BUILD_ID'));
  if (built && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === fingerprint) return;
  console.log('[card-wallet] building the production app (first start, or the sources changed)...');
  const result = spawnSync(nextBin, ['build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) {
    console.error('[card-wallet] the build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, fingerprint);
}

buildIfNeeded();

const port = process.env.PORT ?? '3000';
const server = spawn(nextBin, ['start', '-p', port], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
