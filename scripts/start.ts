// `npm start`: build the production app if the sources changed since the last build, then run
// the one Node server (lib/app-server.ts) in this process: the wallet API and the back-office on
// one port. The server migrates and provisions its database at start, so a fresh clone needs no
// environment and no other step. `npm run start:wallet` runs the wallet service alone.
import { buildIsCurrent, runBuild } from './lib/build';

if (!buildIsCurrent()) {
  console.log('[card-wallet] building the production app (first start, or the sources changed)...');
  const status = runBuild();
  if (status !== 0) {
    console.error('[card-wallet] the build failed; see the output above.');
    process.exit(status);
  }
}

// Read by Next and by lib/env.ts when they load, so set before importing the server.
Object.assign(process.env, { NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' });
// CommonJS under tsx: no top-level await.
void import('../lib/app-server').then(({ startAppServer }) =>
  startAppServer().catch((error: unknown) => {
    console.error('[card-wallet] could not start:', error instanceof Error ? error.stack : error);
    process.exit(1);
  }),
);
