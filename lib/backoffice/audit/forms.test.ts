import { describe, expect, it } from 'vitest';
import { auditFilterQuery, auditFiltersSchema } from './forms';

describe('auditFiltersSchema', () => {
  it('reads the filters, blanks as none, and the first page by default', () => {
    expect(auditFiltersSchema.parse({})).toEqual({ page: 1 });
    expect(
      auditFiltersSchema.parse({
        actor: ' jane@agency.com ',
        action: '',
        outcome: 'denied',
        from: '2026-05-01',
        page: '3',
      }),
    ).toEqual({ actor: 'jane@agency.com', outcome: 'denied', from: '2026-05-01', page: 3 });
  });

  it('pages by the paging contract: a page it cannot show is the first, not an invalid filter', () => {
    for (const page of ['0', 'x', '1.5', '1000001']) {
      const parsed = auditFiltersSchema.safeParse({ actor: 'jane', page });
      expect(parsed.success, page).toBe(true);
      expect(parsed.data?.page, page).toBe(1);
    }
  });

  it('reads the user an entry is about, and writes the filters back as a query without the page', () => {
    const filters = auditFiltersSchema.parse({ user: ' u-1 ', outcome: 'failure', page: '2', target: '' });
    expect(filters).toEqual({ user: 'u-1', outcome: 'failure', page: 2 });
    expect(auditFilterQuery(filters)).toBe('user=u-1&outcome=failure');
    expect(auditFilterQuery(auditFiltersSchema.parse({ actor: 'a b@c.d' }))).toBe('actor=a+b%40c.d');
    expect(auditFilterQuery(auditFiltersSchema.parse({}))).toBe('');
  });

  it('refuses a filter that is not valid', () => {
    expect(auditFiltersSchema.safeParse({ outcome: 'maybe' }).success).toBe(false);
    expect(auditFiltersSchema.safeParse({ from: '2026-13-01' }).success).toBe(false);
  });
});
