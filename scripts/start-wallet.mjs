// `npm run start:wallet`: bundle the wallet service (lib/wallet/service/main.ts and everything it
// imports from lib/, packages left to node_modules) into .wallet-build/server.cjs with esbuild,
// which takes well under a second, then run it in this process. The serving process then loads
// plain JavaScript: no TypeScript loader, a fraction of the memory (bench/RESULTS.md).
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, stop } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outfile = path.join(root, '.wallet-build', 'server.cjs');

await build({
  entryPoints: [path.join(root, 'lib/wallet/service/main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  packages: 'external',
  alias: { '@': root },
  sourcemap: 'linked',
  logLevel: 'warning',
});

stop();

// The bundle reads migrations from ./drizzle and the data directory relative to the cwd.
process.chdir(root);
process.env.NODE_ENV ??= 'production';
createRequire(import.meta.url)(outfile);
