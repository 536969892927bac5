// Security headers for every page: a nonce-based Content-Security-Policy (page-csp.ts; the nonce
// reaches Next's own scripts through the request header), frame-ancestors, nosniff, Referrer-Policy, HSTS when
// APP_URL is https:// (docs/architecture.md "Embedded default"), and no caching of pages (they show
// signed-in data). It also hands pages the path they were asked for (REQUEST_PATH_HEADER), so that
// sign-in can come back to it. This is not an authorization boundary: every page, action and route
// handler checks the caller itself.
import { NextResponse, type NextRequest } from 'next/server';
import { REQUEST_PATH_HEADER } from '@/lib/backoffice/auth/callback-url';
import { pageContentSecurityPolicy } from '@/lib/backoffice/shared/page-csp';
import { env, servedOverHttps, walletPublicOrigin } from '@/lib/env';

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const csp = pageContentSecurityPolicy({
    nonce,
    production: env.NODE_ENV === 'production',
    walletOrigin: walletPublicOrigin(),
  });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', csp);
  requestHeaders.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  const response = NextResponse.next({ request: { headers: requestHeaders } });

  response.headers.set('Content-Security-Policy', csp);
  response.headers.set('X-Content-Type-Options', 'nosniff');
  response.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  response.headers.set('X-Frame-Options', 'DENY');
  response.headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  response.headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  response.headers.set('Cache-Control', 'no-store, max-age=0');
  if (servedOverHttps) {
    response.headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  }
  return response;
}

export const config = {
  // Pages and server actions; not static files, and not the wallet API (JSON with headers of
  // its own, signed, and on the hot path).
  matcher: ['/((?!_next/static|_next/image|favicon.ico|icons/|wallet/api/).*)'],
};
