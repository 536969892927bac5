import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@/lib/backoffice/settings/settings-schema';
import {
  cancelNeedsApproval,
  issueNeedsApproval,
  lockReasonOf,
  transferNeedsApproval,
  unlockNeedsApproval,
} from './approval-policy';

const policy = { ...DEFAULT_SETTINGS };

describe('the approval policy of docs/back-office.md "Approvals"', () => {
  it('holds a transfer out of an agency asset from the set amount on, by default 1,000.00', () => {
    expect(transferNeedsApproval(policy, { fromAgencyAsset: true, amount: '999.99' })).toBe(false);
    expect(transferNeedsApproval(policy, { fromAgencyAsset: true, amount: '1000' })).toBe(true);
    expect(transferNeedsApproval(policy, { fromAgencyAsset: true, amount: '1000.000001' })).toBe(true);
    // A user's own wallet topping up their card moves no agency money.
    expect(transferNeedsApproval(policy, { fromAgencyAsset: false, amount: '5000.00' })).toBe(false);
    expect(
      transferNeedsApproval(
        { ...policy, transferApprovalOn: false },
        { fromAgencyAsset: true, amount: '5000' },
      ),
    ).toBe(false);
  });

  it('holds an agency-paid issuance only when on and the fee reaches the amount', () => {
    expect(issueNeedsApproval(policy, { payer: 'agency', fee: 500 })).toBe(false);
    const on = { ...policy, issueApprovalOn: true, issueApprovalMinFee: '10.00' };
    expect(issueNeedsApproval(on, { payer: 'agency', fee: 9.99 })).toBe(false);
    expect(issueNeedsApproval(on, { payer: 'agency', fee: 10 })).toBe(true);
    expect(issueNeedsApproval(on, { payer: 'user', fee: 50 })).toBe(false);
  });

  it('holds the unlock of a card locked as stolen or for fraud, and cancelling when on', () => {
    expect(unlockNeedsApproval(policy, { lockReason: 'STOLEN' })).toBe(true);
    expect(unlockNeedsApproval(policy, { lockReason: 'FRAUD_SUSPECTED' })).toBe(true);
    expect(unlockNeedsApproval(policy, { lockReason: 'LOST' })).toBe(false);
    expect(unlockNeedsApproval(policy, { lockReason: null })).toBe(false);
    expect(unlockNeedsApproval({ ...policy, unlockApprovalOn: false }, { lockReason: 'STOLEN' })).toBe(false);
    expect(cancelNeedsApproval(policy)).toBe(false);
    expect(cancelNeedsApproval({ ...policy, cancelApprovalOn: true })).toBe(true);
  });

  it('reads why a card is locked from its last change into LOCKED', () => {
    expect(
      lockReasonOf([
        { toStatus: 'ACTIVE', reason: null },
        { toStatus: 'LOCKED', reason: 'STOLEN' },
        { toStatus: 'ACTIVE', reason: null },
        { toStatus: 'LOCKED', reason: 'LOST' },
      ]),
    ).toBe('LOST');
    expect(lockReasonOf([{ toStatus: 'ACTIVE', reason: null }])).toBeNull();
  });
});
