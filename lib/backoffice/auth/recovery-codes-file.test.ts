import { describe, expect, it } from 'vitest';
import { recoveryCodesFile } from './recovery-codes-file';

describe('recoveryCodesFile', () => {
  it('says what the codes are, then one code a line', () => {
    expect(recoveryCodesFile(['abcd-efgh', 'ijkl-mnop'])).toEqual({
      name: 'back-office-recovery-codes.txt',
      text:
        "Recovery codes for the back-office's two-factor sign-in.\n" +
        'Each code signs you in once, instead of a code from your app. Keep them private.\n' +
        '\n' +
        'abcd-efgh\n' +
        'ijkl-mnop\n',
    });
  });
});
