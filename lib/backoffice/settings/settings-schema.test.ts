import { describe, expect, it } from 'vitest';
import { agencySettingsPostSchema, agencySettingsSchema, DEFAULT_SETTINGS } from './settings-schema';

describe('agency settings', () => {
  it('has the defaults of docs/back-office.md "Approvals"', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      issueApprovalOn: false,
      transferApprovalOn: true,
      transferApprovalMinAmount: '1000.00',
      unlockApprovalOn: true,
      cancelApprovalOn: false,
    });
    expect(agencySettingsSchema.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
  });

  it('reads a form posted without scripts: unticked boxes are off', () => {
    const form = new FormData();
    form.set('transferApprovalOn', 'on');
    form.set('issueApprovalMinFee', '5');
    form.set('transferApprovalMinAmount', ' 250.50 ');
    form.set('lowBalanceThreshold', '0');
    form.set('twoFactorRequiredFor', 'admins');
    expect(agencySettingsPostSchema.parse(form)).toEqual({
      issueApprovalOn: false,
      issueApprovalMinFee: '5',
      transferApprovalOn: true,
      transferApprovalMinAmount: '250.50',
      unlockApprovalOn: false,
      cancelApprovalOn: false,
      lowBalanceThreshold: '0',
      twoFactorRequiredFor: 'admins',
    });
  });

  it('names the field of who must sign in with two factors when it is not one of the choices', () => {
    for (const value of [undefined, '', 'everyone', 'ADMINS']) {
      const result = agencySettingsSchema.safeParse({ ...DEFAULT_SETTINGS, twoFactorRequiredFor: value });
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({
          path: ['twoFactorRequiredFor'],
          message: 'Choose who must sign in with two factors.',
        }),
      ]);
    }
  });

  it('reads an amount as typed, and names the field and the rule of a bad one', () => {
    expect(
      agencySettingsSchema.parse({ ...DEFAULT_SETTINGS, transferApprovalMinAmount: '$1,000.00' })
        .transferApprovalMinAmount,
    ).toBe('1000.00');
    expect(
      agencySettingsSchema.parse({ ...DEFAULT_SETTINGS, lowBalanceThreshold: '0' }).lowBalanceThreshold,
    ).toBe('0');
    const result = agencySettingsSchema.safeParse({
      ...DEFAULT_SETTINGS,
      transferApprovalMinAmount: '1.000,00',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['transferApprovalMinAmount'],
        message: 'Put commas only between thousands, e.g. 1,500.00.',
      }),
    ]);
  });
});
