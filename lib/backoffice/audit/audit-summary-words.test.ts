// Old audit summaries read in words (auditSummaryInWords): each ID the entry's own fields or the
// wallet tie to one thing becomes its name; anything else stays exactly as recorded.
import { describe, expect, it } from 'vitest';
import { auditSummaryInWords, type AuditNames, type AuditSummaryNames } from './audit-labels';

const names: AuditNames = new Map([
  [
    'review-kyc-001',
    {
      name: 'Grace Hopper',
      cards: new Map([
        ['49', 'Virtual Visa Classic ••1234'],
        ['50', 'Virtual Visa Classic ••5678'],
      ]),
      assets: new Map([['7', "Grace Hopper's Wallet (USD)"]]),
    },
  ],
  ['other.user', { name: 'Alan Turing', cards: new Map([['60', 'Physical Visa Gold ••0001']]) }],
]);
const more: AuditSummaryNames = {
  agencyAssets: new Map([['1', "the agency's Card margin (USD)"]]),
  categories: new Map([['1', 'Virtual Visa Classic']]),
};
const onCard = { targetType: 'card', targetId: '49', subjectUser: 'review-kyc-001' };
const onUser = { targetType: 'user', targetId: 'review-kyc-001', subjectUser: 'review-kyc-001' };

describe('auditSummaryInWords', () => {
  it('names the user, their cards, their assets, the agency assets and the category', () => {
    expect(
      auditSummaryInWords(
        {
          ...onCard,
          summary: 'Replaced card 49 of user review-kyc-001 (reason: Lost) by card 50; now ACTIVE',
        },
        names,
        more,
      ),
    ).toBe(
      'Replaced Virtual Visa Classic ••1234 of Grace Hopper (reason: Lost) by Virtual Visa Classic ••5678; now ACTIVE',
    );
    expect(
      auditSummaryInWords(
        {
          ...onUser,
          summary:
            'Issued card 49 (category 1, ACTIVE) to user review-kyc-001, paid by the agency from asset 1',
        },
        names,
        more,
      ),
    ).toBe(
      "Issued Virtual Visa Classic ••1234 (Virtual Visa Classic, ACTIVE) to Grace Hopper, paid by the agency from the agency's Card margin (USD)",
    );
    expect(auditSummaryInWords({ ...onUser, summary: 'Top up from asset 7 into card 50' }, names, more)).toBe(
      "Top up from Grace Hopper's Wallet (USD) into Virtual Visa Classic ••5678",
    );
  });

  it('keeps punctuation after an ID that its alphabet allows', () => {
    expect(
      auditSummaryInWords(
        { ...onUser, summary: 'Register user review-kyc-001: refused, code 3002' },
        names,
        more,
      ),
    ).toBe('Register Grace Hopper: refused, code 3002');
    expect(auditSummaryInWords({ ...onCard, summary: 'Locked card 49.' }, names, more)).toBe(
      'Locked Virtual Visa Classic ••1234.',
    );
  });

  it('leaves alone what the entry does not tie to one thing', () => {
    // Another user's ID, though the wallet knows them: not this entry's subject.
    expect(auditSummaryInWords({ ...onCard, summary: 'Moved to user other.user' }, names, more)).toBe(
      'Moved to user other.user',
    );
    // A card of another user; an asset nobody owns here; an unknown category; plain words.
    expect(
      auditSummaryInWords(
        { ...onCard, summary: 'card 60, asset 99, category 9, paid by the user from the wallet' },
        names,
        more,
      ),
    ).toBe('card 60, asset 99, category 9, paid by the user from the wallet');
    // Nobody named: the summary as recorded.
    const recorded = 'Replace card 49 of user review-kyc-001 (reason: Lost)';
    expect(auditSummaryInWords({ ...onCard, summary: recorded })).toBe(recorded);
    expect(
      auditSummaryInWords(
        { targetType: 'staff', targetId: '3', subjectUser: null, summary: recorded },
        names,
        more,
      ),
    ).toBe('Replace card 49 of user review-kyc-001 (reason: Lost)');
  });

  it('names members of staff by their e-mail, and only them (issue 40 item 5)', () => {
    const staff = new Map([
      ['ada@example.com', 'Ada Lovelace'],
      ['olga@example.com', 'Olga Operator'],
    ]);
    const withStaff = { ...more, staff };
    const approval = { targetType: 'approval', targetId: '7', subjectUser: 'review-kyc-001' };
    expect(
      auditSummaryInWords(
        {
          ...approval,
          summary:
            'Unlock card 49 of user review-kyc-001 (request 7 of Olga@Example.com, approved by ada@example.com).',
        },
        names,
        withStaff,
      ),
    ).toBe(
      'Unlock Virtual Visa Classic ••1234 of Grace Hopper (request 7 of Olga Operator, approved by Ada Lovelace).',
    );
    // Beside their name already, an unknown address, an app user ID that is an e-mail: as written.
    for (const summary of [
      'Invited Ada Lovelace <ada@example.com> as admin',
      'Changed eve@example.com from support to admin',
      'Viewed user ada@example.com',
    ]) {
      expect(
        auditSummaryInWords(
          { targetType: 'staff', targetId: '3', subjectUser: null, summary },
          names,
          withStaff,
        ),
      ).toBe(summary);
    }
  });
});
