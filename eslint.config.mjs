import next from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...next,
  ...nextTs,
  {
    ignores: [
      '.next/**',
      '.data/**',
      '.wallet-build/**',
      'node_modules/**',
      'drizzle/**',
      'playwright-report/**',
      'test-results/**',
      'next-env.d.ts',
    ],
  },
  {
    rules: {
      // Only lib/env.ts may read the environment; everything else imports the validated config.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Import from @/lib/env instead.' },
      ],
    },
  },
  {
    files: [
      'lib/env.ts',
      'scripts/**',
      'e2e/**',
      'tests/**',
      'bench/**',
      '*.config.*',
      'playwright.config.ts',
      'vitest.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  // The two parts (docs/architecture.md). The back-office learns everything through the wallet
  // API: nothing under app/, components/ or lib/backoffice may import the service or its schema.
  // The contract is pure and shared, so it imports neither part; the service imports nothing of
  // the back-office. lib/db (engines, no domain) is open to both.
  {
    files: ['app/**', 'components/**', 'lib/backoffice/**', 'proxy.ts', 'instrumentation.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^@/lib/wallet/service|/wallet/service)(/|$)',
              message:
                'The back-office never imports the wallet service or its schema: call the wallet API through lib/backoffice/wallet-client (DESIGN §1).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/wallet/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^@/lib/(wallet/service|backoffice|db)|/wallet/service|/backoffice/|/db/)',
              message:
                'lib/wallet/contract is pure and shared by both parts: it imports neither part nor the database.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/wallet/service/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^@/lib/backoffice|/backoffice/)',
              message: 'The wallet service knows nothing of the back-office (DESIGN §1).',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures receive a function named `use`; it is not React's hook.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
];

export default config;
