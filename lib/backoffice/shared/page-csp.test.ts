import { describe, expect, it } from 'vitest';
import { pageContentSecurityPolicy } from './page-csp';

const directives = (policy: string) =>
  Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe("a back-office page's Content-Security-Policy", () => {
  it("frames only this origin and the wallet service's (the sandbox's card-details iframe); no one frames the page", () => {
    const policy = directives(
      pageContentSecurityPolicy({
        nonce: 'abc',
        production: true,
        walletOrigin: 'https://wallet.example.com',
      }),
    );
    expect(policy['frame-src']).toEqual(["'self'", 'https://wallet.example.com']);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['script-src']).toEqual(["'self'", "'nonce-abc'", "'strict-dynamic'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
  });

  it("allows 'unsafe-eval' in development only", () => {
    const dev = directives(
      pageContentSecurityPolicy({ nonce: 'abc', production: false, walletOrigin: 'http://127.0.0.1:3000' }),
    );
    expect(dev['script-src']).toEqual(["'self'", "'nonce-abc'", "'strict-dynamic'", "'unsafe-eval'"]);
  });
});
