// The e2e server's fixed configuration (playwright.config.ts sets it), shared by fixtures.
export const E2E_WALLET = {
  agencyCode: 'DEMO',
  appId: 'demo-app',
  secret: 'e2e-wallet-secret-0123456789',
} as const;
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password-1' } as const;
export const STAFF_PASSWORD = 'e2e-staff-password-1';

export function e2eDatabaseUrl(): string {
  const url = process.env.E2E_DATABASE_URL;
  if (!url)
    throw new Error('E2E_DATABASE_URL is not set: run the browser tests with `npm test -- --only e2e`.');
  return url;
}
