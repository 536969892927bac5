import { describe, expect, it } from 'vitest';
import { resultCodeMeaning } from '@/lib/wallet/contract/result-codes';
import { resultCodeWords } from './result-code-words';

describe('resultCodeWords', () => {
  it("reads every code's meaning from the contract", () => {
    for (const [code, meaning] of Object.entries(resultCodeMeaning)) {
      expect(resultCodeWords(Number(code))).toBe(`code ${code} (${meaning})`);
    }
  });
  it('says so for a code the contract does not know', () => {
    expect(resultCodeWords(7001)).toBe('code 7001 (a code the back-office does not know)');
  });
});
