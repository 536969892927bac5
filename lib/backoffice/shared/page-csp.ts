// The Content-Security-Policy of every back-office page (proxy.ts sets it; docs/security.md
// "Headers"): a nonce for Next's own scripts, nothing loaded from elsewhere, no page of ours framed
// by anyone, and frames only of this origin and the wallet service's: /sandbox's "Open as the
// cardholder" embeds the wallet's card-details page as an agency's app would (docs/back-office.md
// "Sandbox"). Pure: the proxy gives it the nonce and the wallet's origin.

export type PagePolicyInput = {
  nonce: string;
  /** Development allows 'unsafe-eval' (React's dev tools need it). */
  production: boolean;
  /** Where browsers reach the wallet service's pages (walletPublicOrigin(): its card-details page). */
  walletOrigin: string;
};

export function pageContentSecurityPolicy({ nonce, production, walletOrigin }: PagePolicyInput): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${production ? '' : " 'unsafe-eval'"}`,
    // Radix and Next set inline style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The wallet's card-details page, in /sandbox's iframe (same origin when the wallet is embedded).
    `frame-src 'self' ${walletOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
