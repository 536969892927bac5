import { describe, expect, it } from 'vitest';
import {
  nextStep,
  previousStep,
  resumeWizard,
  startWizard,
  stepOfField,
  toWizardValues,
  type Preselect,
} from './card-issue-wizard-state';

const jane = {
  appUserId: 'u-jane',
  email: 'jane@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  mobile: '1-4155550100',
  cardCount: 0,
};
const ids = () => {
  let n = 0;
  return () => `request-${++n}`;
};

describe('steps', () => {
  it('passes over delivery for a virtual card, both ways', () => {
    expect(nextStep('category', false)).toBe('name');
    expect(previousStep('name', false)).toBe('category');
    expect(nextStep('category', true)).toBe('delivery');
    expect(previousStep('name', true)).toBe('delivery');
    expect(nextStep('review', true)).toBe('review');
    expect(previousStep('user', true)).toBe('user');
  });

  it('knows which step asks for a field', () => {
    expect(stepOfField('addressId')).toBe('delivery');
    expect(stepOfField('paymentAssetId')).toBe('payment');
    expect(stepOfField('requestId')).toBeUndefined();
  });
});

describe('resumeWizard', () => {
  const preselect: Preselect = { appUserId: jane.appUserId, user: jane, problem: null };

  it('starts a new issue with a new requestId when nothing is stored', () => {
    expect(resumeWizard(null, null, ids())).toEqual(startWizard(null, 'request-1'));
    expect(resumeWizard(null, preselect, ids())).toMatchObject({
      requestId: 'request-1',
      step: 'user',
      user: jane,
      values: { appUserId: 'u-jane' },
    });
  });

  it('resumes the stored issue with its requestId after a reload', () => {
    const stored = { ...startWizard(preselect, 'kept-request-id'), step: 'review' as const };
    expect(resumeWizard(JSON.stringify(stored), preselect, ids())).toEqual(stored);
    expect(resumeWizard(JSON.stringify(stored), null, ids())).toEqual(stored);
  });

  it('starts afresh for another preselected user, and on anything unreadable', () => {
    const stored = startWizard(preselect, 'kept-request-id');
    const other: Preselect = { appUserId: 'u-other', user: { ...jane, appUserId: 'u-other' }, problem: null };
    expect(resumeWizard(JSON.stringify(stored), other, ids()).requestId).toBe('request-1');
    expect(resumeWizard('{not json', null, ids()).requestId).toBe('request-1');
    expect(resumeWizard(JSON.stringify({ ...stored, version: 2 }), null, ids()).requestId).toBe('request-1');
  });
});

describe('toWizardValues', () => {
  it('keeps ids as numbers and drops the address of a card that is not delivered', () => {
    expect(
      toWizardValues({
        appUserId: 'u-jane',
        payer: 'user',
        paymentAssetId: '7',
        categoryId: 3,
        needDelivery: false,
        addressId: 9,
        embossedName: 'JANE',
      }),
    ).toEqual({
      appUserId: 'u-jane',
      payer: 'user',
      paymentAssetId: 7,
      categoryId: 3,
      needDelivery: false,
      embossedName: 'JANE',
    });
    expect(toWizardValues({ needDelivery: true, addressId: 9 })).toMatchObject({ addressId: 9 });
  });
});
