import { describe, expect, it } from 'vitest';
import {
  defaultPaymentAssetId,
  issueWaits,
  firstStepOf,
  loadWizard,
  LOST_ANSWER,
  nextStep,
  previousStep,
  readIssueAnswer,
  refusedFields,
  resumeWizard,
  saveWizard,
  startWizard,
  stepOfField,
  stepperSteps,
  toWizardValues,
  WIZARD_STORAGE_KEY,
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

  it('finds the first step, in wizard order, that asks for one of some fields', () => {
    expect(firstStepOf(['embossedName', 'paymentAssetId'])).toBe('payment');
    expect(firstStepOf(['addressId'])).toBe('delivery');
    expect(firstStepOf(['requestId', 'needDelivery'])).toBeUndefined();
    expect(firstStepOf([])).toBeUndefined();
  });

  it('labels the stepper, saying delivery is passed over once a virtual card is chosen', () => {
    const labels = ['User', 'Payment', 'Card type', 'Delivery', 'Name on card', 'Review'];
    expect(stepperSteps(undefined)).toEqual(labels.map((label) => ({ label })));
    expect(stepperSteps('PHYSICAL')).toEqual(labels.map((label) => ({ label })));
    expect(stepperSteps('VIRTUAL')[3]).toEqual({
      label: 'Delivery',
      description: 'Not needed for a virtual card',
    });
    expect(stepperSteps('VIRTUAL').filter((step) => 'description' in step)).toHaveLength(1);
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

describe('the tab storage', () => {
  const preselect: Preselect = { appUserId: jane.appUserId, user: jane, problem: null };

  function memory() {
    const items = new Map<string, string>();
    return {
      items,
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    };
  }

  it('saves the whole state, requestId included, and a reload resumes it', () => {
    const storage = memory();
    const state = { ...startWizard(preselect, 'kept-request-id'), step: 'name' as const };
    saveWizard(storage, state);
    expect(JSON.parse(storage.items.get(WIZARD_STORAGE_KEY) ?? '')).toEqual(state);
    expect(loadWizard(storage, preselect, ids())).toEqual(state);
  });

  it('starts a new issue where nothing is stored, or storage is blocked', () => {
    expect(loadWizard(memory(), null, ids())).toEqual(startWizard(null, 'request-1'));
    expect(loadWizard(null, null, ids()).requestId).toBe('request-1');
    const throwing = {
      getItem: (): string | null => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(loadWizard(throwing, null, ids()).requestId).toBe('request-1');
    // A full or blocked storage costs the reload, not the issue.
    expect(() => saveWizard(throwing, startWizard(null, 'kept-request-id'))).not.toThrow();
    expect(() => saveWizard(null, startWizard(null, 'kept-request-id'))).not.toThrow();
  });
});

describe("the issue action's answer", () => {
  const card = {
    cardId: 7,
    appUserId: 'u-jane',
    maskedNumber: '455676 •••••• 0005',
    last4: '0005',
    embossedName: 'JANE DOE',
    expiryMonth: '08',
    expiryYear: '2029',
    status: 'ACTIVE' as const,
    cardAccountStatus: 'APPROVED' as const,
    msg: 'Card issued and active.',
  };

  it('shows an issued card', () => {
    expect(readIssueAnswer({ data: card })).toEqual({ kind: 'issued', card });
  });

  it("reads next-safe-action's field errors, the form's own entry left out", () => {
    const errors = {
      _errors: ['The form is not valid'],
      embossedName: { _errors: ['must be 1-20 upper-case letters'] },
      addressId: { _errors: ['Choose the delivery address.', 'second'] },
      payer: { _errors: [] },
    };
    expect(refusedFields(errors)).toEqual([
      ['embossedName', 'must be 1-20 upper-case letters'],
      ['addressId', 'Choose the delivery address.'],
    ]);
    expect(refusedFields(undefined)).toEqual([]);
    expect(readIssueAnswer({ validationErrors: errors })).toEqual({
      kind: 'invalid',
      fields: [
        ['embossedName', 'must be 1-20 upper-case letters'],
        ['addressId', 'Choose the delivery address.'],
      ],
    });
  });

  it('tells a reused requestId from a refusal, whatever else was refused', () => {
    expect(
      readIssueAnswer({
        validationErrors: {
          embossedName: { _errors: ['must be 1-20 upper-case letters'] },
          requestId: { _errors: ['was already used for another issue'] },
        },
      }),
    ).toEqual({ kind: 'failed', failure: { kind: 'repeat', message: 'was already used for another issue' } });
  });

  it("keeps the wallet's words for a refusal, and says when there was no answer", () => {
    expect(readIssueAnswer({ serverError: 'The balance is too low.' })).toEqual({
      kind: 'failed',
      failure: { kind: 'refused', message: 'The balance is too low.' },
    });
    expect(readIssueAnswer(undefined)).toEqual({ kind: 'failed', failure: LOST_ANSWER });
    expect(readIssueAnswer({})).toEqual({ kind: 'failed', failure: LOST_ANSWER });
    expect(LOST_ANSWER.message).toContain('Issuing again is safe');
  });
});

describe('issueWaits: the review asks for the maker reason when the issuance will wait', () => {
  it('waits when the agency pays a fee at least the policy amount', () => {
    expect(issueWaits('10.00', 'agency', { fee: 10 })).toBe(true);
    expect(issueWaits('10.00', 'agency', { fee: 50 })).toBe(true);
    expect(issueWaits('10.00', 'agency', { fee: 9.99 })).toBe(false);
    expect(issueWaits('0', 'agency', { fee: 5 })).toBe(true);
  });

  it('never waits when the user pays, the policy is off, or nothing is chosen yet', () => {
    expect(issueWaits('10.00', 'user', { fee: 50 })).toBe(false);
    expect(issueWaits(null, 'agency', { fee: 50 })).toBe(false);
    expect(issueWaits('10.00', undefined, { fee: 50 })).toBe(false);
    expect(issueWaits('10.00', 'agency', undefined)).toBe(false);
  });
});

describe('defaultPaymentAssetId: the payment step starts on the default asset', () => {
  it("chooses the wallet's default asset, else the only one", () => {
    expect(
      defaultPaymentAssetId([
        { assetId: 1, defaultAsset: 0 },
        { assetId: 2, defaultAsset: 1 },
      ]),
    ).toBe(2);
    expect(defaultPaymentAssetId([{ assetId: 5, defaultAsset: 0 }])).toBe(5);
  });

  it('chooses none where the person must say which, or none can pay', () => {
    expect(
      defaultPaymentAssetId([
        { assetId: 1, defaultAsset: 0 },
        { assetId: 2, defaultAsset: 0 },
      ]),
    ).toBeUndefined();
    expect(defaultPaymentAssetId([])).toBeUndefined();
  });
});
