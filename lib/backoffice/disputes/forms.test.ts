import { describe, expect, it } from 'vitest';
import {
  openDisputePostSchema,
  openDisputeSchema,
  submitDisputeSchema,
  withdrawDisputeSchema,
} from './forms';

const base = {
  appUserId: 'grace',
  cardId: '7',
  authorizationId: '41',
  transactionId: '12',
  reason: 'FRAUDULENT',
  requestId: 'req-00000001',
};

describe('the dispute forms', () => {
  it('reads the amount as people type it, and empty as what is left', () => {
    const typed = openDisputeSchema.parse({ ...base, amount: '1,250.50', explanation: '  Not me.  ' });
    expect(typed).toMatchObject({ transactionId: 12, amount: '1250.50', explanation: 'Not me.' });
    const empty = openDisputeSchema.parse({ ...base, amount: '', explanation: '' });
    expect(empty.amount).toBe('');
    expect(empty.explanation).toBeUndefined();
  });

  it('names the field of each mistake', () => {
    const result = openDisputeSchema.safeParse({ ...base, reason: 'MAYBE', amount: '12,50' });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(['reason', 'amount']);
    expect(result.error?.issues[0]?.message).toBe('Choose what happened, as the caller tells it.');
  });

  it('reads a form posted without JavaScript', () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...base, amount: '$25' })) form.set(k, v);
    expect(openDisputePostSchema.parse(form)).toMatchObject({
      cardId: 7,
      amount: '25',
      reason: 'FRAUDULENT',
    });
  });

  it('holds explanation and evidence to the wallet’s limits, and wants evidence and a withdrawal’s why', () => {
    expect(
      openDisputeSchema.safeParse({ ...base, explanation: 'x'.repeat(2_001) }).error?.issues[0]?.message,
    ).toBe('The explanation must be at most 2,000 characters.');
    const submit = { disputeId: '3', requestId: 'req-00000002' };
    expect(submitDisputeSchema.safeParse({ ...submit, evidence: ' ' }).error?.issues[0]?.path).toEqual([
      'evidence',
    ]);
    expect(
      submitDisputeSchema.safeParse({ ...submit, evidence: 'x'.repeat(5_001) }).error?.issues[0]?.message,
    ).toBe('The evidence must be at most 5,000 characters.');
    expect(withdrawDisputeSchema.safeParse({ ...submit, note: '' }).error?.issues[0]?.path).toEqual(['note']);
  });
});
