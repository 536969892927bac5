// The zod field of every amount a person types into a back-office form (the transfers, the card
// limits, the sandbox's purchases, steps and deposits, the KYT rules, the settings' thresholds,
// the annual income): read by the one reader, amount-input.ts, so "1,500.00", "$25" and "25."
// mean the same in every field, then held to the field's own rule (the contract's amount, a
// deposit's 12 digits...). docs/back-office.md "Amounts". Apart from amount-input.ts so the
// dialogs that check as one types do not load zod.
import { z } from 'zod';
import { parseAmountInput } from './amount-input';

type AmountFieldOptions = {
  /** Said when the field is left empty (a required field). */
  missing?: string;
  /** 0 is an answer here (a threshold it turns off), not a mistake. */
  allowZero?: boolean;
  /** The field's own rule on the normalised amount: its sentence when broken, else undefined. */
  rule?: (amount: string) => string | undefined;
};

/** Reads `value` as typed; the normalised amount, or the sentence it is refused with. */
function readAmount(value: string, options: AmountFieldOptions): { amount: string } | { message: string } {
  const typed = parseAmountInput(value, { allowZero: options.allowZero });
  if (!typed.ok) return { message: typed.message };
  const broken = options.rule?.(typed.amount);
  return broken === undefined ? { amount: typed.amount } : { message: broken };
}

/** A required amount, as typed, out as the contract's decimal string ("1500.00"). */
export function amountField(options: AmountFieldOptions = {}) {
  const missing = options.missing ?? 'Enter an amount.';
  return z.string(missing).transform((value, ctx) => {
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: missing });
      return z.NEVER;
    }
    const read = readAmount(value, options);
    if ('message' in read) {
      ctx.addIssue({ code: 'custom', message: read.message });
      return z.NEVER;
    }
    return read.amount;
  });
}

/**
 * An amount that may be left empty (a limit: no limit; a step: the whole amount): empty (or not
 * posted) out as '', else as amountField.
 */
export function optionalAmountField(options: Omit<AmountFieldOptions, 'missing'> = {}) {
  return z
    .string()
    .default('')
    .transform((value, ctx) => {
      if (value.trim() === '') return '';
      const read = readAmount(value, options);
      if ('message' in read) {
        ctx.addIssue({ code: 'custom', message: read.message });
        return z.NEVER;
      }
      return read.amount;
    });
}
