import next from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...next,
  ...nextTs,
  {
    ignores: [
      '.next/**',
      '.data/**',
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
  {
    // Playwright fixtures receive a function named `use`; it is not React's hook.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
];

export default config;
