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
      '.sdk-build/**',
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
      // The integrator's examples and SDK run outside this app: their configuration is their own.
      'docs/examples/**',
      'sdk/**',
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
                'The back-office never imports the wallet service or its schema: call the wallet API through lib/backoffice/wallet-client (docs/architecture.md "Two parts").',
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
              message:
                'The wallet service knows nothing of the back-office (docs/architecture.md "Two parts").',
            },
          ],
        },
      ],
    },
  },
  {
    // The first-load budget (docs/back-office.md, "First-load JavaScript"): components reach zod and
    // the schema modules only through lazy resolvers and dynamic imports, and take constants and
    // pure helpers from the zod-free modules beside them. Types may still come from anywhere.
    // The card-issue wizard's steps load after the first paint (card-issue-wizard.tsx), so they
    // may take the schemas directly; the page's shell of it may not.
    files: ['components/**'],
    ignores: ['components/card-issue/**', '!components/card-issue/card-issue-wizard.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(zod(/.*)?|@hookform/resolvers/zod|@/lib/wallet/contract/schemas|@/lib/backoffice/((staff|users|card-issue|audit|approvals|developers|card-controls|sandbox)/forms|cards/card-programme-forms|shared/paging-schemas|cards/cards-view-schemas))$',
              allowTypeImports: true,
              message:
                'This module carries zod into the first load: import its constants from the zod-free module beside it (contract/enums, the form-rules of each feature, card-programme-rules, shared/paging, cards/cards-view) and its schema through lazyZodResolver or a dynamic import.',
            },
          ],
        },
      ],
    },
  },
  {
    // Nothing a person types travels in a URL (issue 16): a form says how it sends, and only a
    // search or filter form may say GET. Submitted before its script has loaded, a form without
    // a method sends its fields, passwords included, in the address bar.
    files: ['app/**/*.tsx', 'components/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='form']:not(:has(JSXAttribute[name.name='method']))",
          message: 'Give every <form> a method: "post", or "get" for a search or filter form only.',
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
