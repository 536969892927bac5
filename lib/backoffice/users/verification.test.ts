import { describe, expect, it } from 'vitest';
import { verificationState } from './verification';

describe('verificationState', () => {
  const today = '2026-11-25';
  it('reads the document expiry against today (UTC)', () => {
    expect(verificationState('2031-12-31', today).state).toBe('verified');
    expect(verificationState('2026-12-25', today)).toMatchObject({
      state: 'expires-soon',
      detail: 'KYC completed at registration; the document expires in 30 days.',
    });
    expect(verificationState('2026-11-26', today).detail).toContain('in 1 day.');
    expect(verificationState('2026-12-26', today).state).toBe('verified');
    expect(verificationState('2026-11-25', today)).toMatchObject({ state: 'expired', tone: 'danger' });
    expect(verificationState('2020-06-30', today).detail).toContain('expired on 2020-06-30');
    expect(verificationState(null, today).state).toBe('no-expiry');
  });
});
