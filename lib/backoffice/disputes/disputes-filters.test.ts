import { describe, expect, it } from 'vitest';
import { disputeCsvLine, DISPUTES_CSV_HEADER } from './disputes-csv';
import { describeDisputeFilters, disputesQueryString, parseDisputesQuery } from './disputes-filters';
import type { Dispute } from '@/lib/wallet/contract/schemas';

describe('/disputes filters', () => {
  it('reads the GET parameters named as dispute/list’s, and writes them back in order', () => {
    const parsed = parseDisputesQuery(
      new URLSearchParams('cardId=42&reason=DUPLICATE&status=OPEN&appUserId=grace&cursor=abc_1'),
    );
    expect(parsed).toEqual({
      filters: { status: 'OPEN', reason: 'DUPLICATE', appUserId: 'grace', cardId: 42 },
      cursor: 'abc_1',
      invalid: {},
    });
    expect(disputesQueryString(parsed.filters, parsed.cursor)).toBe(
      '?status=OPEN&reason=DUPLICATE&appUserId=grace&cardId=42&cursor=abc_1',
    );
  });

  it('reports a value the wallet would refuse rather than dropping it', () => {
    expect(parseDisputesQuery({ status: 'MAYBE', cardId: '0', holder: 'x' }).invalid).toEqual({
      status: 'Choose a status from the list.',
      cardId: 'A card ID is a whole number, e.g. 42.',
      holder: "Enter 2-64 characters of the person's name or e-mail.",
    });
  });

  it('takes a person by name unless an app user ID names them already', () => {
    expect(parseDisputesQuery({ holder: 'Grace' }).holder).toBe('Grace');
    expect(parseDisputesQuery({ holder: 'Grace', appUserId: 'g1' }).holder).toBeUndefined();
  });

  it('says the filter in words', () => {
    expect(describeDisputeFilters({})).toBe('every dispute');
    expect(
      describeDisputeFilters({ status: 'OPEN', reason: 'FRAUDULENT', appUserId: 'g1' }, 'Grace Hopper'),
    ).toBe('open disputes (not made by the cardholder) of Grace Hopper');
  });
});

describe('the disputes CSV', () => {
  it('writes one line per dispute with its words, and defuses a formula in free text', () => {
    const dispute: Dispute = {
      disputeId: 5,
      transactionId: 12,
      authorizationId: 41,
      cardId: 7,
      appUserId: 'grace',
      status: 'OPEN',
      reason: 'FRAUDULENT',
      amount: 25.5,
      currency: 'USD',
      merchant: { name: 'Corner Cafe', mcc: '5812', country: 'US' },
      explanation: '=HYPERLINK("x")',
      evidence: null,
      dueBy: '2027-03-01T10:00:00.000Z',
      createdAt: '2026-11-28T10:00:00.000Z',
      submittedAt: null,
      resolvedAt: null,
      creditTransactionId: null,
    };
    const line = disputeCsvLine(dispute, 'Grace Hopper');
    expect(line.split(',').length).toBe(DISPUTES_CSV_HEADER.length);
    expect(line).toBe(
      `5,2026-11-28T10:00:00.000Z,OPEN,Open,FRAUDULENT,Not made by the cardholder,25.5,USD,Corner Cafe,2027-03-01T10:00:00.000Z,,,grace,7,12,41,,"'=HYPERLINK(""x"")",Grace Hopper\r\n`,
    );
  });
});
