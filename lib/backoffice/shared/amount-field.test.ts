import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { cardControlsFormSchema } from '@/lib/backoffice/card-controls/forms';
import { transferSchema } from '@/lib/backoffice/cards/card-programme-forms';
import { kytRulesFormSchema } from '@/lib/backoffice/deposits/forms';
import {
  merchantStepSchema,
  simulateDepositSchema,
  simulatePurchaseSchema,
} from '@/lib/backoffice/sandbox/forms';
import { agencySettingsSchema } from '@/lib/backoffice/settings/settings-schema';
import { registerUserFormSchema } from '@/lib/backoffice/users/forms';
import { amountField, optionalAmountField } from './amount-field';
import { prefixesOf, typedAmount } from './amount-typing.test-support';

// Issue 40 item 7: the spending controls refused "1,000.00", the sandbox's deposits "15,000.00",
// while Top up took them. Every amount field of the back-office, by form: one reader.
const EVERY_AMOUNT_FIELD: [string, z.ZodType][] = [
  ['Fund wallet / Top up', transferSchema.shape.amount],
  ['settings: issuance fee', agencySettingsSchema.shape.issueApprovalMinFee],
  ['settings: transfer amount', agencySettingsSchema.shape.transferApprovalMinAmount],
  ['settings: low balance', agencySettingsSchema.shape.lowBalanceThreshold],
  ['spending controls: per purchase', cardControlsFormSchema.shape.perTransaction],
  ['spending controls: daily', cardControlsFormSchema.shape.daily],
  ['spending controls: monthly', cardControlsFormSchema.shape.monthly],
  ['spending controls: all time', cardControlsFormSchema.shape.allTime],
  ['sandbox: purchase', simulatePurchaseSchema.shape.amount],
  ['sandbox: clear, reverse, refund', merchantStepSchema.shape.amount],
  ['sandbox: deposit', simulateDepositSchema.shape.amount],
  ['KYT: review amount', kytRulesFormSchema.shape.reviewAmount],
  ['KYT: severe amount', kytRulesFormSchema.shape.severeAmount],
  ['register: annual income', registerUserFormSchema.shape.annualIncome],
];

describe('every amount field of the back-office', () => {
  it.each(EVERY_AMOUNT_FIELD)('%s takes what people type', (_, field) => {
    expect(field.parse('1,000.00')).toBe('1000.00');
    expect(field.parse('15,000.00')).toBe('15000.00');
    expect(field.parse('$25')).toBe('25');
    expect(field.parse('25.')).toBe('25');
    expect(field.parse(' 0.5 USD')).toBe('0.5');
  });

  it.each(EVERY_AMOUNT_FIELD)('%s refuses what it cannot read, in the same words', (_, field) => {
    const refused = field.safeParse('25,50');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual([
      'Use a point for cents, e.g. 25.50: a comma separates thousands.',
    ]);
  });

  it('keeps each field its own rule on top', () => {
    expect(simulateDepositSchema.shape.amount.safeParse('1,000,000,000,000').error?.issues[0]?.message).toBe(
      'That amount is too large: at most 12 digits before the point.',
    );
    expect(registerUserFormSchema.shape.annualIncome.safeParse('85,000.001').error?.issues[0]?.message).toBe(
      'Annual income must be an amount in USD, e.g. 50000 or 50000.00',
    );
    expect(agencySettingsSchema.shape.lowBalanceThreshold.parse('0')).toBe('0');
    expect(cardControlsFormSchema.shape.daily.safeParse('0').error?.issues[0]?.message).toBe(
      'Enter an amount above zero.',
    );
  });

  it('leaves an optional amount empty as empty, and says what a required one lacks', () => {
    expect(cardControlsFormSchema.shape.daily.parse('  ')).toBe('');
    expect(cardControlsFormSchema.shape.daily.parse(undefined)).toBe('');
    expect(merchantStepSchema.shape.amount.parse('')).toBe('');
    expect(kytRulesFormSchema.shape.reviewAmount.safeParse(' ').error?.issues[0]?.message).toBe(
      'Enter the review amount in USDT, e.g. 1,000.00.',
    );
  });

  it('answers every prefix of every typed amount with an amount or a sentence, never a throw', () => {
    const required = amountField();
    const optional = optionalAmountField();
    fc.assert(
      fc.property(typedAmount, ({ typed }) => {
        for (const prefix of prefixesOf(typed)) {
          for (const field of [required, optional]) {
            const read = field.safeParse(prefix);
            if (!read.success) expect(read.error.issues[0]?.message).toMatch(/^[A-Z].+\.$/);
          }
        }
      }),
    );
  });
});
