// The wallet API's version (docs/changelog.md): the OpenAPI document's info.version, and the
// Wallet-Api-Version header of every reply under /wallet/api/. A minor version adds (an operation,
// an optional parameter, a field, a code an operation may answer); a major one would remove or
// change, and would be served beside the previous one (docs/changelog.md "Deprecation policy").
export const WALLET_API_VERSION = '2.3';
export const WALLET_API_VERSION_HEADER = 'Wallet-Api-Version';

/**
 * Every reply says whether the instance that answered is a sandbox (its simulate/* operations on)
 * or live: a key alone cannot tell (docs/integrator-guide.md "Sandbox and live").
 */
export const WALLET_MODE_HEADER = 'Wallet-Mode';

/**
 * On a reply that repeats the stored answer of an earlier call with the same requestId (nothing
 * was done again), `true`; absent on a first answer (docs/integrator-guide.md "Idempotency").
 */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
