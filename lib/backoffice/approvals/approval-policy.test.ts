import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@/lib/backoffice/settings/settings-schema';
import {
  addAmounts,
  cancelNeedsApproval,
  issueNeedsApproval,
  lockReasonOf,
  replaceNeedsApproval,
  transferNeedsApproval,
  unlockNeedsApproval,
} from './approval-policy';

const policy = { ...DEFAULT_SETTINGS };

describe('the approval policy of docs/back-office.md "Approvals"', () => {
  it('holds a transfer out of an agency asset from the set amount on, by default 1,000.00', () => {
    expect(transferNeedsApproval(policy, { fromAgencyAsset: true, amount: '999.99', earlier: '0' })).toBe(
      false,
    );
    expect(transferNeedsApproval(policy, { fromAgencyAsset: true, amount: '1000', earlier: '0' })).toBe(true);
    expect(
      transferNeedsApproval(policy, { fromAgencyAsset: true, amount: '1000.000001', earlier: '0' }),
    ).toBe(true);
    // A user's own wallet topping up their card moves no agency money.
    expect(transferNeedsApproval(policy, { fromAgencyAsset: false, amount: '5000.00', earlier: '0' })).toBe(
      false,
    );
    expect(
      transferNeedsApproval(
        { ...policy, transferApprovalOn: false },
        { fromAgencyAsset: true, amount: '5000', earlier: '0' },
      ),
    ).toBe(false);
  });

  it('holds the transfer that brings what its maker moved alone in 24 hours to the set amount', () => {
    const call = (amount: string, earlier: string) => ({ fromAgencyAsset: true, amount, earlier });
    expect(transferNeedsApproval(policy, call('999.99', '0.000000'))).toBe(false);
    expect(transferNeedsApproval(policy, call('0.01', '999.980000'))).toBe(false);
    expect(transferNeedsApproval(policy, call('0.01', '999.990000'))).toBe(true);
    expect(transferNeedsApproval(policy, call('999.99', '999.990000'))).toBe(true);
    const higher = { ...policy, transferApprovalMinAmount: '2500.00' };
    expect(transferNeedsApproval(higher, call('999.99', '999.990000'))).toBe(false);
    expect(transferNeedsApproval(higher, call('999.99', '1999.980000'))).toBe(true);
    expect(transferNeedsApproval(policy, call('0.000001', '999.999999'))).toBe(true);
    expect(transferNeedsApproval(policy, call('0.000001', '999.999998'))).toBe(false);
  });

  it('adds amounts exactly, at the finer precision', () => {
    expect(addAmounts('999.99', '999.990000')).toBe('1999.980000');
    expect(addAmounts('0.1', '0.2')).toBe('0.3');
    expect(addAmounts('0', '0.000001')).toBe('0.000001');
    expect(addAmounts('7', '5')).toBe('12');
    expect(addAmounts('999999999999999.999999', '0.000001')).toBe('1000000000000000.000000');
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

  it('holds the replacement of a card locked as stolen or fraud exactly when its unlock waits', () => {
    const locked = (lockReason: string | null) => ({ status: 'LOCKED', lockReason });
    expect(replaceNeedsApproval(policy, locked('FRAUD_SUSPECTED'))).toBe(true);
    expect(replaceNeedsApproval(policy, locked('STOLEN'))).toBe(true);
    expect(replaceNeedsApproval(policy, locked('LOST'))).toBe(false);
    expect(replaceNeedsApproval(policy, locked(null))).toBe(false);
    // Unlocked since: nothing to go round; and with the unlock approval off, neither waits.
    expect(replaceNeedsApproval(policy, { status: 'ACTIVE', lockReason: 'STOLEN' })).toBe(false);
    expect(replaceNeedsApproval({ ...policy, unlockApprovalOn: false }, locked('STOLEN'))).toBe(false);
  });
});
