// The back-office's approval of a deposit release (docs/deposits-and-kyt.md "deposit/release"): an
// HMAC-SHA256 of exactly one app, deposit and decision, under one key.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isReleaseApproval, releaseApproval, type ReleaseCall } from './release-approval';

const KEY = 'k'.repeat(32);
const CALL: ReleaseCall = { agencyCode: 'AG001', appId: 'app-1', depositId: 17, decision: 'CREDIT' };

describe('releaseApproval', () => {
  it('is the hex HMAC-SHA256 of the call joined by newlines', () => {
    const expected = createHmac('sha256', KEY)
      .update('deposit/release\nAG001\napp-1\n17\nCREDIT')
      .digest('hex');
    expect(releaseApproval(KEY, CALL)).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('approves only its own app, deposit and decision, under its own key', () => {
    const approval = releaseApproval(KEY, CALL);
    expect(isReleaseApproval(KEY, CALL, approval)).toBe(true);
    expect(isReleaseApproval(KEY, { ...CALL, decision: 'REJECT' }, approval)).toBe(false);
    expect(isReleaseApproval(KEY, { ...CALL, depositId: 18 }, approval)).toBe(false);
    expect(isReleaseApproval(KEY, { ...CALL, appId: 'app-2' }, approval)).toBe(false);
    expect(isReleaseApproval(KEY, { ...CALL, agencyCode: 'AG002' }, approval)).toBe(false);
    expect(isReleaseApproval('x'.repeat(32), CALL, approval)).toBe(false);
    expect(isReleaseApproval(KEY, CALL, undefined)).toBe(false);
    expect(isReleaseApproval(KEY, CALL, approval.slice(1))).toBe(false);
  });
});
