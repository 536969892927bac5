// The wizard's last screen as the server would render it: an issued card (number masked), or, when
// the approval policy held the issuance back (docs/back-office.md "Approvals"), the request
// waiting, with no card.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IssueResult } from './issue-result';

const user = {
  appUserId: 'u-1',
  email: 'jane@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  mobile: '1-4155550100',
  cardCount: 0,
} as never;

describe('IssueResult', () => {
  it('shows the request waiting when the issuance was held for approval', () => {
    const html = renderToStaticMarkup(
      <IssueResult
        card={{ approval: { id: 42, status: 'PENDING', expiresAt: '2026-11-27T10:00:00.000Z' } }}
        user={user}
        categoryName="Virtual USD"
        onIssueAnother={() => undefined}
        headingRef={null}
      />,
    );
    expect(html).toContain('Sent for approval');
    expect(html).toContain('The Virtual USD card for Jane Doe is not issued yet');
    expect(html).toContain(
      'Request 42 now waits for another member of staff to approve it (within 72 hours). Nothing changes until then.',
    );
    expect(html).toContain('href="/approvals/42"');
    expect(html).not.toContain('Card number');
  });

  it('shows the issued card with its number masked', () => {
    const html = renderToStaticMarkup(
      <IssueResult
        card={{
          cardId: 7,
          appUserId: 'u-1',
          maskedNumber: '411111******1111',
          last4: '1111',
          embossedName: 'JANE DOE',
          expiryMonth: '11',
          expiryYear: '2029',
          status: 'ACTIVE',
          cardAccountStatus: 'APPROVED',
          msg: 'card issued',
        }}
        user={user}
        categoryName="Virtual USD"
        onIssueAnother={() => undefined}
        headingRef={null}
      />,
    );
    expect(html).toContain('Virtual USD card issued');
    expect(html).toContain('411111******1111');
    expect(html).not.toContain('/approvals/');
    // It ends where the card can be seen and used: its own page.
    expect(html).toMatch(/<a[^>]*href="\/users\/u-1\/cards\/7"[^>]*>.*Open the new card<\/a>/);
  });
});
