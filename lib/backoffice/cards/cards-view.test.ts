import { describe, expect, it } from 'vitest';
import type { UsersWithCardsPage } from '@/lib/wallet/contract/schemas';
import { cardRecord, FULL, userEntry } from './cards-test-fixtures';
import {
  cardsDataHref,
  cardsExportHref,
  cardsHref,
  cardsPaginationParams,
  cardsResultState,
  parseCardsQuery,
  summarizeCardStatuses,
  type CardsQuery,
} from './cards-view';
import { cardsFilterField, cardsPageSchema, toCardsPage, walletFilterFor } from './cards-view-schemas';

const query = (overrides: Partial<CardsQuery> = {}): CardsQuery => ({
  page: 1,
  size: 20,
  q: null,
  all: false,
  ...overrides,
});

describe('parseCardsQuery', () => {
  it('defaults to the first page of 20 without a filter', () => {
    expect(parseCardsQuery({})).toEqual({ page: 1, size: 20, q: null, all: false });
    expect(parseCardsQuery(new URLSearchParams(''))).toEqual({ page: 1, size: 20, q: null, all: false });
  });

  it('lists card holders only unless cards=all, as the filter form sends its switch', () => {
    expect(parseCardsQuery({ cards: 'all' }).all).toBe(true);
    expect(parseCardsQuery({ cards: 'with' }).all).toBe(false);
    expect(parseCardsQuery({ cards: 'anything' }).all).toBe(false);
    // Without JavaScript: the switch (on) then the hidden field; or the hidden field alone (off).
    expect(parseCardsQuery(new URLSearchParams('q=&cards=with&cards=all')).all).toBe(false);
    expect(parseCardsQuery(new URLSearchParams('q=&cards=all')).all).toBe(true);
  });

  it('reads page, size and a trimmed filter', () => {
    expect(parseCardsQuery(new URLSearchParams('page=3&size=50&q=%20jane%40example.com%20'))).toEqual({
      page: 3,
      size: 50,
      q: 'jane@example.com',
      all: false,
    });
    expect(parseCardsQuery({ page: ['2', '9'], size: '10', q: 'u-1' })).toEqual({
      page: 2,
      size: 10,
      q: 'u-1',
      all: false,
    });
  });

  it('reads page and size by the paging contract: defaults for what 4.2 would refuse', () => {
    for (const page of ['0', '-1', 'abc', '1.5', '1000001', '']) {
      expect(parseCardsQuery({ page }).page, page).toBe(1);
    }
    for (const size of ['0', '101', '200', 'x', '20.0', '1e2']) {
      expect(parseCardsQuery({ size }).size, size).toBe(20);
    }
    expect(parseCardsQuery({ page: '1000000' }).page).toBe(1_000_000);
    // A size the picker does not offer still works, as on the user directory.
    expect(parseCardsQuery({ size: '7' }).size).toBe(7);
  });

  it('treats a blank filter as none, and keeps a malformed one for the wallet to refuse', () => {
    expect(parseCardsQuery({ q: '   ' }).q).toBeNull();
    expect(parseCardsQuery({ q: 'not valid!' }).q).toBe('not valid!');
  });
});

describe('URLs', () => {
  it('leaves defaults out of the list URL, in the order the kit Pagination writes', () => {
    expect(cardsHref(query())).toBe('/cards');
    expect(cardsHref(query({ page: 2, size: 10 }))).toBe('/cards?size=10&page=2');
    expect(cardsHref(query({ q: 'a b@x.com', page: 2 }))).toBe('/cards?q=a+b%40x.com&page=2');
    expect(cardsHref(query({ all: true, page: 2 }))).toBe('/cards?cards=all&page=2');
    expect(cardsPaginationParams(query({ size: 10, q: 'u-1' }))).toEqual({
      q: 'u-1',
      cards: undefined,
      size: '10',
    });
    expect(cardsPaginationParams(query({ all: true }))).toEqual({
      q: undefined,
      cards: 'all',
      size: undefined,
    });
  });

  it('always spells out page and size to the data route', () => {
    expect(cardsDataHref(query())).toBe('/cards/data?page=1&size=20');
    expect(cardsDataHref(query({ page: 4, size: 100, q: 'u-1' }))).toBe('/cards/data?page=4&size=100&q=u-1');
    expect(cardsDataHref(query({ all: true }))).toBe('/cards/data?page=1&size=20&cards=all');
  });

  it('exports what the filter and the switch select', () => {
    expect(cardsExportHref(query())).toBe('/cards/export');
    expect(cardsExportHref(query({ q: 'jane+1@example.com' }))).toBe(
      '/cards/export?q=jane%2B1%40example.com',
    );
    expect(cardsExportHref(query({ q: 'u-1', all: true }))).toBe('/cards/export?q=u-1&cards=all');
  });

  it('round-trips a query through its URL', () => {
    for (const q of [query({ page: 7, size: 50, q: '@csv-1' }), query({ page: 2, all: true })]) {
      expect(parseCardsQuery(new URL(cardsHref(q), 'http://x').searchParams)).toEqual(q);
      expect(parseCardsQuery(new URL(cardsDataHref(q), 'http://x').searchParams)).toEqual(q);
    }
  });
});

describe('the filter', () => {
  it('sends an e-mail address as email and anything else as appUserId, card holders only unless all', () => {
    expect(walletFilterFor(query())).toEqual({ withCards: true });
    expect(walletFilterFor(query({ all: true }))).toEqual({ withCards: false });
    expect(walletFilterFor(query({ q: 'jane@example.com' }))).toEqual({
      email: 'jane@example.com',
      withCards: true,
    });
    expect(walletFilterFor(query({ q: 'u-1001', all: true }))).toEqual({
      appUserId: 'u-1001',
      withCards: false,
    });
  });

  it("looks up an '@' that is no e-mail address as an app user ID, when it is a valid one", () => {
    expect(cardsFilterField('@csv-1')).toBe('appUserId');
    expect(cardsFilterField('user@host')).toBe('appUserId');
    // Neither: refused as an e-mail address, which is what staff meant to type.
    expect(cardsFilterField('jane doe@example.com')).toBe('email');
  });
});

describe('toCardsPage', () => {
  const data: UsersWithCardsPage = {
    dataTotal: 2,
    haveNext: false,
    list: [
      userEntry({
        cardList: [
          cardRecord(),
          cardRecord({
            cardId: 8,
            cardNumber: '4556760000000005',
            status: 'PENDING',
            cardAccountStatus: 'PENDING',
            activeTime: null,
            type: 'PHYSICAL',
            name: 'Physical Visa Gold',
            expireMonth: '11',
          }),
        ],
      }),
      userEntry({ appUserId: 'u-2', email: 'no.cards@example.com', firstName: 'Ned', lastName: 'None' }),
    ],
  };

  it('keeps what the table shows and masks every card number', () => {
    const page = toCardsPage(data, query({ q: 'jane@example.com' }));
    expect(page).toEqual({
      query: { page: 1, size: 20, q: 'jane@example.com', all: false },
      filterField: 'email',
      total: 2,
      haveNext: false,
      users: [
        {
          appUserId: 'u-1',
          name: 'Jane Doe',
          email: 'jane@example.com',
          registerTime: '2026-01-02T03:04:05.000Z',
          cards: [
            {
              cardId: 7,
              maskedNumber: '453201 •••••• 0366',
              categoryName: 'Virtual Visa Classic',
              network: 'VISA',
              type: 'VIRTUAL',
              status: 'ACTIVE',
              accountStatus: 'APPROVED',
              expiry: '03/2029',
              embossedName: 'JANE DOE',
              activeTime: '2026-03-04T05:06:07.000Z',
            },
            {
              cardId: 8,
              maskedNumber: '455676 •••••• 0005',
              categoryName: 'Physical Visa Gold',
              network: 'VISA',
              type: 'PHYSICAL',
              status: 'PENDING',
              accountStatus: 'PENDING',
              expiry: '11/2029',
              embossedName: 'JANE DOE',
              activeTime: null,
            },
          ],
        },
        {
          appUserId: 'u-2',
          name: 'Ned None',
          email: 'no.cards@example.com',
          registerTime: '2026-01-02T03:04:05.000Z',
          cards: [],
        },
      ],
    });
    const json = JSON.stringify(page);
    expect(json).not.toContain(FULL);
    expect(json).not.toContain('4556760000000005');
    expect(json).not.toContain('X1234567');
    expect(cardsPageSchema.parse(page)).toEqual(page);
  });

  it('refuses a page that carries a card number whole', () => {
    const page = toCardsPage(data, query());
    const leaked = structuredClone(page);
    leaked.users[0]!.cards[0]!.maskedNumber = FULL;
    expect(cardsPageSchema.safeParse(leaked).success).toBe(false);
    leaked.users[0]!.cards[0]!.maskedNumber = '4532 0151 1283 0366';
    expect(cardsPageSchema.safeParse(leaked).success).toBe(false);
  });
});

describe('how the list reads', () => {
  it("counts a user's cards by status, active first", () => {
    expect(summarizeCardStatuses([])).toBe('No cards');
    expect(summarizeCardStatuses([{ status: 'PENDING' }, { status: 'ACTIVE' }, { status: 'ACTIVE' }])).toBe(
      '2 active · 1 pending',
    );
    expect(summarizeCardStatuses([{ status: 'CANCELLED' }, { status: 'LOCKED' }, { status: 'ACTIVE' }])).toBe(
      '1 active · 1 locked · 1 cancelled',
    );
  });

  it('tells an empty agency, a filter without a match and a page past the end apart', () => {
    const users = toCardsPage({ dataTotal: 1, haveNext: false, list: [userEntry()] }, query()).users;
    expect(cardsResultState({ query: query(), total: 1, users })).toBe('rows');
    expect(cardsResultState({ query: query(), total: 0, users: [] })).toBe('no-users');
    expect(cardsResultState({ query: query({ q: 'u-9' }), total: 0, users: [] })).toBe('no-match');
    expect(cardsResultState({ query: query({ page: 9 }), total: 30, users: [] })).toBe('past-end');
  });
});
