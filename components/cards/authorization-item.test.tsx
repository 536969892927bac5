// "Dispute this purchase" on a purchase as the server renders it: offered on a cleared purchase
// with something left to dispute (leading to its page of its own), never on one held, declined or
// refunded in full.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { purchase } from '@/lib/backoffice/cards/purchase-test-fixtures';
import { AuthorizationItem } from './authorization-item';

const html = (overrides: Parameters<typeof purchase>[0]) =>
  renderToStaticMarkup(<AuthorizationItem authorization={purchase(overrides)} />);

describe('AuthorizationItem', () => {
  it('offers a dispute on a cleared purchase, partly refunded too', () => {
    expect(html({})).toContain('href="/disputes/new?authorizationId=31"');
    expect(html({ refundedAmount: 10 })).toContain('Dispute this purchase');
  });

  it('offers none on a purchase held, declined or refunded in full', () => {
    expect(html({ status: 'PENDING', clearedAmount: 0, heldAmount: 30, transactionId: null })).not.toContain(
      'Dispute this purchase',
    );
    expect(
      html({ status: 'DECLINED', clearedAmount: 0, transactionId: null, declineReason: 'MCC_BLOCKED' }),
    ).not.toContain('Dispute this purchase');
    expect(html({ refundedAmount: 30 })).not.toContain('Dispute this purchase');
  });
});
