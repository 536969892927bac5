// `npm start`: build the production app if the sources changed since the last build, then
// serve it with `next start`. The server migrates and provisions its database at boot
// (instrumentation.ts), so a fresh clone needs no environment and no other step.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIsCurrent, ROOT, runBuild } from './lib/build';

if (!buildIsCurrent()) {
  console.log('[card-wallet] building the production app (first start, or the sources changed)...');
  const status = runBuild();
  if (status !== 0) {
    console.error('[card-wallet] the build failed; see the output above.');
    process.exit(status);
  }
}

const port = process.env.PORT ?? '3000';
const server = spawn(path.join(ROOT, 'node_modules', '.bin', 'next'), ['start', '-p', port], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
