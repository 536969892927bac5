// Entry point of `npm run start:wallet`: the wallet service alone. scripts/start-wallet.mjs
// bundles this file (and what it imports) into .wallet-build/server.cjs and runs that with plain
// Node: no TypeScript compiler in the serving process, so it holds half the memory.
import { closeOnSignals, startWalletServer } from './server';

startWalletServer().then(
  ({ server, engine, service }) => closeOnSignals(server, engine, () => service.close()),
  (error: unknown) => {
    console.error('[wallet] could not start:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
