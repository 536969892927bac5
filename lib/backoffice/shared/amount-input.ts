// An amount as people type it ("1,500.00", "1500", "$25", "25 USD"), read once, here, for every
// amount field of the back-office (the transfer dialogs, the settings): normalised to the
// contract's decimal string ("1500.00", "1500", "25") before any call, or refused with a sentence
// in plain words. Zod-free, so the dialogs check as one types and the server actions parse the
// same way (docs/back-office.md "Amounts").

export type AmountInput = { ok: true; amount: string } | { ok: false; message: string };

/** The largest whole part the contract takes (AMOUNT_PATTERN: 15 digits) and its decimals (6). */
const MAX_WHOLE_DIGITS = 15;
const MAX_DECIMALS = 6;

const CURRENCY_BEFORE = /^(?:US\$|\$|USD)\s*/i;
const CURRENCY_AFTER = /\s*(?:USD|US\$|\$)$/i;

export function parseAmountInput(raw: string, options: { allowZero?: boolean } = {}): AmountInput {
  let text = raw.trim();
  if (text === '') return { ok: false, message: 'Enter an amount.' };
  const negative = /^-/.test(text) || /^(?:US\$|\$|USD)\s*-/i.test(text);
  text = text
    .replace(/^-\s*/, '')
    .replace(CURRENCY_BEFORE, '')
    .replace(/^-\s*/, '')
    .replace(CURRENCY_AFTER, '');
  if (negative)
    return { ok: false, message: 'Enter the amount without a minus sign: money only moves one way here.' };
  if (text === '') return { ok: false, message: 'Enter an amount in numbers, e.g. 1,500.00.' };
  // Thousands separators: commas (or spaces) between groups of three digits, nowhere else.
  if (/[, ]/.test(text)) {
    if (/^\d{1,3}(?:([, ])\d{3})(?:\1\d{3})*(?:\.\d*)?$/.test(text)) text = text.replace(/[, ]/g, '');
    else if (/^\d+,\d{1,2}$/.test(text))
      return { ok: false, message: 'Use a point for cents, e.g. 25.50: a comma separates thousands.' };
    else return { ok: false, message: 'Put commas only between thousands, e.g. 1,500.00.' };
  }
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || !/\d/.test(text)) return { ok: false, message: 'Enter an amount in numbers, e.g. 1,500.00.' };
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const fraction = match[2] ?? '';
  if (whole.length > MAX_WHOLE_DIGITS) return { ok: false, message: 'That amount is too large.' };
  if (fraction.length > MAX_DECIMALS) return { ok: false, message: `Use at most ${MAX_DECIMALS} decimals.` };
  if (!options.allowZero && !/[1-9]/.test(whole + fraction))
    return { ok: false, message: 'Enter an amount above zero.' };
  return { ok: true, amount: fraction ? `${whole}.${fraction}` : whole };
}
