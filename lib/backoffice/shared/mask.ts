// What the back-office shows of card and document numbers (docs/back-office.md "Data protection"):
// never the whole card number, never the whole document number. Masking happens on the server,
// before anything is rendered or sent to the browser, so neither the HTML nor the RSC payload
// carries them. The wallet API answers card numbers masked already (411111******1234: docs/wallet-api.md
// "Card numbers"); these masks read only its first six and last four.

/** "•••• 1234" */
export function maskCardLast4(cardNumber: string): string {
  return `•••• ${cardNumber.slice(-4)}`;
}

/** "453201 •••••• 1234": the issuer BIN and the last four, as card support tools show them. */
export function maskCardNumber(cardNumber: string): string {
  if (cardNumber.length < 10) return maskCardLast4(cardNumber);
  return `${cardNumber.slice(0, 6)} ${'•'.repeat(cardNumber.length - 10)} ${cardNumber.slice(-4)}`;
}

/**
 * "••••4567": the last four characters of a document number, enough to confirm it on a call (three
 * of a 7-character one, at most two of a shorter one: never more than half of it).
 */
export function maskDocumentNo(documentNo: string): string {
  const n = documentNo.length;
  const visible = n >= 8 ? 4 : n > 6 ? 3 : Math.min(2, Math.max(0, n - 2));
  return `${'•'.repeat(Math.max(4, documentNo.length - visible))}${documentNo.slice(documentNo.length - visible)}`;
}
