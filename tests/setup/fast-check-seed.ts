// One fixed fast-check seed for every property test (vitest setup file), so a run is repeatable:
// the same inputs on every machine and every retry, and a failure in CI replays locally as is.
// FC_SEED=<integer> explores other inputs; fast-check prints the seed and path of any failure.
import fc from 'fast-check';

const DEFAULT_SEED = 20_261_124;

const fromEnv = process.env.FC_SEED;
const seed = fromEnv === undefined || fromEnv === '' ? DEFAULT_SEED : Number(fromEnv);
if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, got "${fromEnv}"`);

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
