// The back-office's one maker of request IDs: the requestId that makes a wallet write idempotent
// (docs/wallet-api.md "requestId (idempotency)"), so that a double click, a retry or a reload sends
// the same request and the wallet acts on it once. Who keeps the id decides how long "the same
// request" lasts:
// - a form (registration, an address) makes one when it opens: `useState(newRequestId)`;
// - the card-issue wizard makes one when an issue starts and keeps it with its state in the
//   tab's sessionStorage (card-issue-wizard-state.ts), so that it survives a reload too.
// crypto.randomUUID exists only in secure contexts (HTTPS or localhost); a back-office served over
// plain HTTP on a LAN name still needs an id, so it falls back to getRandomValues, which every
// context has, and makes the same kind of UUID by hand.

type RandomSource = { getRandomValues(array: Uint8Array): Uint8Array; randomUUID?: () => string };

/** A fresh random (version 4) UUID, e.g. "0b6f3f4e-3f1e-4d8a-9a53-2d7c1c1f9e10". */
export function newRequestId(source: RandomSource = crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  // RFC 9562 version 4, variant 10.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
