// The recovery codes as the file staff download when two-factor sign-in is turned on
// (docs/security.md "Two-factor sign-in"): what they are, how they are used, one code a line.
// Pure, so the page renders the same link on the server and in the browser.

export function recoveryCodesFile(codes: readonly string[]): { name: string; text: string } {
  return {
    name: 'back-office-recovery-codes.txt',
    text: [
      "Recovery codes for the back-office's two-factor sign-in.",
      'Each code signs you in once, instead of a code from your app. Keep them private.',
      '',
      ...codes,
      '',
    ].join('\n'),
  };
}
