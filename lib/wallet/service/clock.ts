// The wallet service's one clock: what the service reads as "now" where its own time decides an
// outcome: a signed call's timestamp window (request/authenticate.ts), the rate limit's second
// (http/rate-limit.ts), hold expiry (spending/expire-holds.ts) and the timestamps it signs on
// webhooks and decision requests (event/send-delivery.ts, spending/ask-agency.ts). The database's
// own now() stamps rows and is one clock for every instance; this one is each process's.
//
// Its offset is a test setting only, WALLET_TEST_CLOCK_OFFSET_MS, set once by the service as it
// starts (app.ts): `npm run faults` runs one instance 2 s ahead of the other (docs/reliability.md
// "Clocks that disagree"). Kept free of env so that the modules above stay free of it too.

let offsetMs = 0;

/** Milliseconds since the epoch, as this process's clock reads them. */
export function serviceNow(): number {
  return Date.now() + offsetMs;
}

/** Moves this process's clock by `ms` from the system's (WALLET_TEST_CLOCK_OFFSET_MS). */
export function setClockOffset(ms: number): void {
  offsetMs = ms;
}
