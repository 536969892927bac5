// The maker's reason as whoever decides reads it (approval-facts.ts): the reason kept with the
// request; on a held deposit's release asked before reasons were kept, the note its maker wrote.
import { describe, expect, it } from 'vitest';
import { makerReasonOfRequest } from './approval-facts';

describe('makerReasonOfRequest', () => {
  it('the kept reason first; else a deposit release’s note; else none', () => {
    const params = { depositId: 2, decision: 'CREDIT', note: 'Known employer', requestId: 'r-12345678' };
    expect(makerReasonOfRequest({ kind: 'deposit.release', reason: 'Payroll', params })).toBe('Payroll');
    expect(makerReasonOfRequest({ kind: 'deposit.release', reason: null, params })).toBe('Known employer');
    expect(makerReasonOfRequest({ kind: 'card.cancel', reason: null, params })).toBeNull();
    expect(
      makerReasonOfRequest({ kind: 'deposit.release', reason: null, params: { ...params, note: ' ' } }),
    ).toBeNull();
  });
});
