// The sandbox switch (docs/architecture.md "Embedded default", WALLET_SIMULATION): with simulation
// off, the simulate/* operations are not served at all: their paths answer like any unknown path,
// HTTP 404 with code 1005 (docs/deposits-and-kyt.md "Chains"). One rule for every simulate/*
// operation, whichever area defines it: its path is under SIMULATE_PREFIX.
import type { WalletRouter } from './router';

export const SIMULATE_PREFIX = '/wallet/api/simulate/';

/** Whether an operation's path is a sandbox one. */
export function isSimulationPath(path: string): boolean {
  return path.startsWith(SIMULATE_PREFIX);
}

/** The router as served: without the simulate/* routes when simulation is off. */
export function servedRouter(router: WalletRouter, simulation: boolean): WalletRouter {
  if (simulation) return router;
  return new Map([...router].filter(([path]) => !isSimulationPath(path)));
}
