import { describe, expect, it, vi } from 'vitest';
import {
  asWalletClientError,
  WalletInputError,
  WalletNotFoundError,
  WalletRateLimitedError,
  WalletServiceError,
  WalletUnavailableError,
  type WalletClient,
} from '@/lib/backoffice/wallet-client';
import { staffPaceError } from '@/lib/backoffice/wallet-client/errors';
import type { UsersWithCardsPage } from '@/lib/wallet/contract/schemas';
import { describeCardsError, EXPORT_PAGE_SIZE, loadCardsPage, walkCardsUsers } from './cards-data';
import { cardRecord, FULL, userEntry } from './cards-test-fixtures';
import type { CardsUserRow } from './cards-view';

type Call = Parameters<WalletClient['cardListAllByUser']>[0];

/** A 4.2 that answers from `pages` (by pageNum) and records what it was asked. */
function fakeClient(pages: UsersWithCardsPage[]) {
  const calls: Call[] = [];
  const client = {
    cardListAllByUser: async (input: Call) => {
      calls.push(input);
      const page = pages[Number(input.pageNum ?? 1) - 1];
      if (!page) throw new Error(`unexpected page ${String(input.pageNum)}`);
      return page;
    },
  };
  return { client, calls };
}

const users = (...ids: string[]) => ids.map((appUserId) => userEntry({ appUserId }));

async function collect(walk: AsyncGenerator<CardsUserRow[]>) {
  const batches: string[][] = [];
  for await (const batch of walk) batches.push(batch.map((u) => u.appUserId));
  return batches;
}

describe('loadCardsPage', () => {
  it('asks 4.2 for the page and filter of the query and masks what comes back', async () => {
    const { client, calls } = fakeClient([
      { dataTotal: 1, haveNext: false, list: [userEntry({ cardList: [cardRecord()] })] },
    ]);
    const page = await loadCardsPage({ page: 1, size: 50, q: 'jane@example.com', all: false }, client);
    expect(calls).toEqual([{ pageNum: 1, pageSize: 50, email: 'jane@example.com', withCards: true }]);
    expect(page.filterField).toBe('email');
    expect(page.users[0]?.cards[0]?.maskedNumber).toBe('453201 •••••• 0366');
    expect(JSON.stringify(page)).not.toContain(FULL);
  });

  it('sends anything but an e-mail address as appUserId, and no filter when there is none', async () => {
    const { client, calls } = fakeClient([{ dataTotal: 0, haveNext: false, list: [] }]);
    await loadCardsPage({ page: 1, size: 10, q: 'u-1', all: false }, client);
    await loadCardsPage({ page: 1, size: 10, q: null, all: true }, client);
    expect(calls).toEqual([
      { pageNum: 1, pageSize: 10, appUserId: 'u-1', withCards: true },
      { pageNum: 1, pageSize: 10, withCards: false },
    ]);
  });
});

describe('walkCardsUsers', () => {
  it('walks every page at the largest page size until haveNext is false', async () => {
    const { client, calls } = fakeClient([
      { dataTotal: 5, haveNext: true, list: users('a', 'b') },
      { dataTotal: 5, haveNext: true, list: users('c', 'd') },
      { dataTotal: 5, haveNext: false, list: users('e') },
    ]);
    expect(await collect(walkCardsUsers({ q: null, all: true }, client))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e'],
    ]);
    expect(calls.map((c) => [c.pageNum, c.pageSize])).toEqual([
      [1, EXPORT_PAGE_SIZE],
      [2, EXPORT_PAGE_SIZE],
      [3, EXPORT_PAGE_SIZE],
    ]);
    expect(EXPORT_PAGE_SIZE).toBe(100);
  });

  it('skips users pushed onto the next page by a registration during the walk', async () => {
    const { client } = fakeClient([
      { dataTotal: 4, haveNext: true, list: users('a', 'b') },
      // "new" registered meanwhile: b slides onto page 2.
      { dataTotal: 5, haveNext: true, list: users('b', 'c') },
      { dataTotal: 5, haveNext: false, list: users('d') },
    ]);
    expect(await collect(walkCardsUsers({ q: null, all: true }, client))).toEqual([['a', 'b'], ['c'], ['d']]);
  });

  it('stops at an empty page whatever haveNext says, and passes the filter on', async () => {
    const { client, calls } = fakeClient([{ dataTotal: 1, haveNext: true, list: [] }]);
    expect(await collect(walkCardsUsers({ q: 'u-9', all: false }, client))).toEqual([]);
    expect(calls).toEqual([{ pageNum: 1, pageSize: 100, appUserId: 'u-9', withCards: true }]);
  });
});

describe('describeCardsError', () => {
  const base = { operation: 'cardListAllByUser', detail: 'test' };

  it("shows an input refusal's staff message as a filter problem", () => {
    const error = new WalletInputError({
      ...base,
      code: null,
      field: 'appUserId',
      staffMessage: 'The app user ID is not valid. Correct it and try again.',
    });
    expect(describeCardsError(error)).toEqual({
      title: 'The filter is not valid',
      message: 'The app user ID is not valid. Correct it and try again.',
      status: 400,
    });
  });

  it('says nothing was changed when the wallet failed or did not answer', () => {
    const timeout = new WalletUnavailableError({
      ...base,
      code: null,
      reason: 'timeout',
      staffMessage:
        'The wallet service could not be reached or did not answer in time. Try again in a moment.',
    });
    expect(describeCardsError(timeout)).toEqual({
      title: 'The cards could not be loaded',
      message:
        'Nothing was changed. The wallet service could not be reached or did not answer in time. Try again in a moment.',
      status: 504,
    });
    const network = new WalletUnavailableError({
      ...base,
      code: null,
      reason: 'network',
      staffMessage: 'Down.',
    });
    expect(describeCardsError(network).status).toBe(503);
    // 5000's own message already says so: not twice.
    const failed = new WalletServiceError({
      ...base,
      code: 5000,
      staffMessage:
        'The wallet service had an unexpected problem. Nothing was changed; try again in a moment.',
    });
    expect(describeCardsError(failed)).toEqual({
      title: 'The cards could not be loaded',
      message: 'The wallet service had an unexpected problem. Nothing was changed; try again in a moment.',
      status: 502,
    });
  });

  it('passes "not now" on as such: over the rate limit 429, the database away (5001) 503', () => {
    const limited = new WalletRateLimitedError({
      ...base,
      code: 6001,
      staffMessage: 'The wallet service is busy. Nothing was changed; try again in a few seconds.',
    });
    expect(describeCardsError(limited)).toEqual({
      title: 'The cards could not be loaded',
      message: 'The wallet service is busy. Nothing was changed; try again in a few seconds.',
      status: 429,
    });
    // A call not sent, over this member of staff's share of the back-office's budget: 429 too.
    expect(describeCardsError(staffPaceError('cardListAllByUser')).status).toBe(429);
    const away = new WalletServiceError({ ...base, code: 5001, staffMessage: 'The database is away.' });
    expect(describeCardsError(away).status).toBe(503);
  });

  it("passes any other refusal's staff message on as it is", () => {
    const error = new WalletNotFoundError({ ...base, code: 3001, staffMessage: 'No such user.' });
    expect(describeCardsError(error)).toEqual({
      title: 'The cards could not be loaded',
      message: 'No such user.',
      status: 502,
    });
  });
});

describe('asWalletClientError', () => {
  it('recognises a wallet error from another copy of the error classes', async () => {
    // What a route handler sees when the shared client was built by a page's bundle: a second copy
    // of the module (a query string makes the loader evaluate the file again).
    vi.resetModules();
    const specifier: string = '../wallet-client/errors?copy';
    const other = (await import(/* @vite-ignore */ specifier)) as typeof import('../wallet-client/errors');
    const foreign = new other.WalletInputError({
      operation: 'cardListAllByUser',
      code: null,
      staffMessage: 'The app user ID is not valid.',
      detail: 'appUserId must be ...',
    });
    expect(other.WalletInputError).not.toBe(WalletInputError);
    expect(asWalletClientError(foreign)).toBe(foreign);
    expect(describeCardsError(asWalletClientError(foreign)!)).toEqual({
      title: 'The filter is not valid',
      message: 'The app user ID is not valid.',
      status: 400,
    });
  });

  it('does not take an error for one by its name: only the brand counts', () => {
    class NamedLikeOne extends Error {
      override name = 'WalletInputError';
      readonly staffMessage = 'The app user ID is not valid.';
    }
    expect(asWalletClientError(new NamedLikeOne('x'))).toBeNull();
  });

  it('passes over anything else', () => {
    expect(asWalletClientError(new Error('boom'))).toBeNull();
    expect(asWalletClientError(Object.assign(new TypeError('x'), { staffMessage: 'y' }))).toBeNull();
    expect(asWalletClientError({ name: 'WalletInputError', staffMessage: 'x' })).toBeNull();
    expect(asWalletClientError(undefined)).toBeNull();
  });
});
