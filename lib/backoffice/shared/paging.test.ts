import { describe, expect, it } from 'vitest';
import { cardListAllByUserParams } from '@/lib/wallet/contract/schemas';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  PAGE_SIZES,
  pageSizeOptions,
  pagingHref,
  pagingLinkParams,
  parsePaging,
  searchParam,
} from './paging';
import { pagingSchema } from './paging-schemas';

describe('parsePaging', () => {
  it('defaults to the first page of 20', () => {
    expect(parsePaging({})).toEqual({ page: 1, size: 20 });
    expect(parsePaging(new URLSearchParams(''))).toEqual({ page: 1, size: 20 });
  });

  it('reads page and size from a URL or from Next.js search params', () => {
    expect(parsePaging(new URLSearchParams('page=3&size=50'))).toEqual({ page: 3, size: 50 });
    expect(parsePaging({ page: ['2', '9'], size: '10' })).toEqual({ page: 2, size: 10 });
  });

  it('reads each of the two on its own', () => {
    expect(parsePaging({ page: '2', size: '101' })).toEqual({ page: 2, size: 20 });
    expect(parsePaging({ page: 'x', size: '50' })).toEqual({ page: 1, size: 50 });
  });

  it('takes any size 4.2 accepts, not only the offered ones', () => {
    expect(parsePaging({ size: '7' })).toEqual({ page: 1, size: 7 });
    expect(parsePaging({ size: '1' }).size).toBe(1);
    expect(parsePaging({ size: '100' }).size).toBe(100);
  });

  it('falls back to the first page for a page no list can show', () => {
    for (const page of ['0', '-1', 'abc', '1.5', '1e2', ' 2', '01', '1000001', '99999999999999999999', '']) {
      expect(parsePaging({ page }).page, page).toBe(1);
    }
    expect(parsePaging({ page: '1000000' }).page).toBe(1_000_000);
  });

  it('falls back to the default size for a size 4.2 refuses', () => {
    for (const size of ['0', '101', '200', 'x', '20.0', '1e2', '-5', '']) {
      expect(parsePaging({ size }).size, size).toBe(20);
    }
  });

  it("keeps to the wallet's own bounds, so a page it asks for is one 4.2 accepts", () => {
    const { pageNum, pageSize } = cardListAllByUserParams.shape;
    expect(pageNum.safeParse(MAX_PAGE).success).toBe(true);
    expect(pageNum.safeParse(MAX_PAGE + 1).success).toBe(false);
    expect(pageSize.safeParse(MAX_PAGE_SIZE).success).toBe(true);
    expect(pageSize.safeParse(MAX_PAGE_SIZE + 1).success).toBe(false);
    for (const size of PAGE_SIZES) expect(pageSize.safeParse(size).success).toBe(true);
    expect(PAGE_SIZES).toContain(DEFAULT_PAGE_SIZE);
  });
});

describe('pagingSchema', () => {
  it('checks page and size as they travel in JSON', () => {
    expect(pagingSchema.safeParse({ page: 2, size: 7 }).success).toBe(true);
    expect(pagingSchema.safeParse({ page: 0, size: 20 }).success).toBe(false);
    expect(pagingSchema.safeParse({ page: 1, size: 101 }).success).toBe(false);
    expect(pagingSchema.safeParse({ page: '1', size: 20 }).success).toBe(false);
  });
});

describe('searchParam', () => {
  it('takes the first value of a parameter', () => {
    expect(searchParam(new URLSearchParams('q=a&q=b'), 'q')).toBe('a');
    expect(searchParam({ q: ['a', 'b'] }, 'q')).toBe('a');
    expect(searchParam({ q: 'a' }, 'q')).toBe('a');
    expect(searchParam({}, 'q')).toBeUndefined();
    expect(searchParam(new URLSearchParams(''), 'q')).toBeUndefined();
  });
});

describe('links', () => {
  it('leaves defaults out, in the order the kit Pagination writes', () => {
    expect(pagingHref('/users', { page: 1, size: 20 })).toBe('/users');
    expect(pagingHref('/users', { page: 1, size: 2 })).toBe('/users?size=2');
    expect(pagingHref('/cards', { page: 2, size: 10 })).toBe('/cards?size=10&page=2');
    expect(pagingHref('/cards', { page: 2, size: 20 }, { q: 'a b@x.com' })).toBe(
      '/cards?q=a+b%40x.com&page=2',
    );
    expect(pagingHref('/cards', { page: 1, size: 20 }, { q: null })).toBe('/cards');
  });

  it('keeps what page links need besides the page', () => {
    expect(pagingLinkParams({ size: 10 }, { q: 'u-1' })).toEqual({ q: 'u-1', size: '10' });
    expect(pagingLinkParams({ size: 20 }, { q: null })).toEqual({ q: undefined, size: undefined });
    expect(Object.keys(pagingLinkParams({ size: 50 }, { q: 'u-1' }))).toEqual(['q', 'size']);
  });

  it('round-trips paging through its URL', () => {
    const paging = { page: 7, size: 50 };
    expect(parsePaging(new URL(pagingHref('/cards', paging), 'http://x').searchParams)).toEqual(paging);
  });
});

describe('pageSizeOptions', () => {
  it('offers the usual sizes, with the URL’s own size among them', () => {
    expect(pageSizeOptions(20)).toEqual([10, 20, 50, 100]);
    expect(pageSizeOptions(2)).toEqual([2, 10, 20, 50, 100]);
    expect(pageSizeOptions(30)).toEqual([10, 20, 30, 50, 100]);
  });
});
