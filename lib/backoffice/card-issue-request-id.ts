// The requestId that makes a card issue idempotent (DESIGN §3): a random UUID made in the browser
// when the wizard opens. crypto.randomUUID exists only in secure contexts (HTTPS or localhost);
// a back-office served over plain HTTP on a LAN name still needs one, so it falls back to
// getRandomValues, which every context has.

type RandomSource = { getRandomValues(array: Uint8Array): Uint8Array; randomUUID?: () => string };

export function newRequestId(source: RandomSource = crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  // RFC 9562 version 4, variant 10.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
