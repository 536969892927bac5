import { describe, expect, it } from 'vitest';
import { auditFiltersSchema } from './audit';

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

  it('refuses a filter that is not valid', () => {
    expect(auditFiltersSchema.safeParse({ outcome: 'maybe' }).success).toBe(false);
    expect(auditFiltersSchema.safeParse({ from: '2026-13-01' }).success).toBe(false);
  });
});
