import { describe, expect, it } from 'vitest';
import {
  describeTransactionFilters,
  parseTransactionsQuery,
  transactionsQueryString,
} from './transactions-filters';

describe('/transactions filters', () => {
  it('reads the five filters and the cursor, and writes them back in order', () => {
    const parsed = parseTransactionsQuery(
      new URLSearchParams(
        'to=2026-11-30&from=2026-11-01&appUserId=u-1&declineReason=MCC_BLOCKED&status=DECLINED&cursor=abc_1',
      ),
    );
    expect(parsed).toEqual({
      filters: {
        status: 'DECLINED',
        declineReason: 'MCC_BLOCKED',
        appUserId: 'u-1',
        from: '2026-11-01',
        to: '2026-11-30',
      },
      cursor: 'abc_1',
      invalid: {},
    });
    expect(transactionsQueryString(parsed.filters, parsed.cursor)).toBe(
      '?status=DECLINED&declineReason=MCC_BLOCKED&appUserId=u-1&from=2026-11-01&to=2026-11-30&cursor=abc_1',
    );
    expect(describeTransactionFilters(parsed.filters)).toBe(
      'declined purchases (merchant category blocked) of user u-1, from 2026-11-01 to 2026-11-30',
    );
  });

  it('treats empty values as absent and reports, never drops, a value that is not valid', () => {
    expect(parseTransactionsQuery({ status: '', declineReason: ' ' })).toEqual({ filters: {}, invalid: {} });
    expect(transactionsQueryString({})).toBe('');
    expect(describeTransactionFilters({})).toBe('every purchase');
    const bad = parseTransactionsQuery({
      status: 'HELD',
      declineReason: 'CASINO',
      appUserId: 'a b',
      from: '2026-02-30',
      to: 'yesterday',
      cursor: '../x',
    });
    expect(Object.keys(bad.invalid).sort()).toEqual([
      'appUserId',
      'cursor',
      'declineReason',
      'from',
      'status',
      'to',
    ]);
    expect(bad.filters).toEqual({});
    expect(parseTransactionsQuery({ from: '2026-11-02', to: '2026-11-01' }).invalid).toEqual({
      to: 'The end date must not be before the start date.',
    });
  });

  it('says the filter in words, from the one mapping of statuses and reasons (issue 40 item 6)', () => {
    expect(describeTransactionFilters({ declineReason: 'LIMIT_DAILY' })).toBe(
      'declined purchases (over the daily limit)',
    );
    expect(describeTransactionFilters({ status: 'PENDING', appUserId: 'grace-1' }, 'Grace Hopper')).toBe(
      'held purchases of Grace Hopper',
    );
    expect(describeTransactionFilters({ status: 'CLEARED', to: '2026-11-30' })).toBe(
      'cleared purchases, to 2026-11-30',
    );
    expect(describeTransactionFilters({ from: '2026-11-01' })).toBe('purchases, from 2026-11-01');
  });

  it('reads a person asked for by name, unless an appUserId names them already', () => {
    expect(parseTransactionsQuery({ holder: ' Grace Hopper ' })).toEqual({
      filters: {},
      holder: 'Grace Hopper',
      invalid: {},
    });
    expect(parseTransactionsQuery({ holder: 'Grace', appUserId: 'grace-1' })).toEqual({
      filters: { appUserId: 'grace-1' },
      invalid: {},
    });
    expect(parseTransactionsQuery({ holder: 'G' }).invalid).toEqual({
      holder: "Enter 2-64 characters of the person's name or e-mail.",
    });
  });
});
