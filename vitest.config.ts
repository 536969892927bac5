// Vitest configuration: owns how the four vitest suites are found and run. `scripts/test.ts`
// runs one project per stage; `npx vitest run --project <name>` runs one directly.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const root = import.meta.dirname;

/**
 * The master key of the test suite (WALLET_MASTER_KEY, docs/architecture.md "Embedded default"):
 * shared, like any instance's.
 */
export const TEST_MASTER_KEY = '7e57'.repeat(16);

const alias = [
  // Regex so `@/lib/x` maps but scoped packages (`@electric-sql/pglite`) do not.
  { find: /^@\//, replacement: `${root}/` },
  { find: /^server-only$/, replacement: path.join(root, 'tests/setup/server-only-stub.ts') },
];

type ProjectTest = NonNullable<TestProjectInlineConfiguration['test']>;

// Projects spell out what they share instead of `extends: true`, which would re-load this file
// once per project (and repeat Vite's config-loader warning each time).
function project(test: ProjectTest & { name: string }): TestProjectInlineConfiguration {
  return {
    root,
    resolve: { alias },
    test: {
      environment: 'node',
      setupFiles: [
        path.join(root, 'tests/setup/fast-check-seed.ts'),
        path.join(root, 'tests/setup/password-cost.ts'),
      ],
      // Forks, not threads: PGlite (WASM) and `pg` sockets behave best with one process per file.
      pool: 'forks',
      // One master key for the test processes and every app they start (secrets at rest are
      // sealed by one process and opened by another, as with several instances in production).
      // No rate limit in-process (neither the agency's nor the back-office's budget): API tests
      // send thousands of requests a second; the limit's own tests set theirs
      // (tests/api/rate-limit-admission.test.ts, tests/pg).
      env: {
        WALLET_MASTER_KEY: TEST_MASTER_KEY,
        WALLET_RATE_LIMIT_RPS: '0',
        WALLET_BACKOFFICE_RATE_LIMIT_RPS: '0',
      },
      ...test,
    },
  };
}

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's own check would also fail a stage run with spec files of other stages only;
    // scripts/test.ts fails any stage of a full run that ran no test (skipped ones not counted).
    passWithNoTests: true,
    // Vitest's default (cores - 1) is a single worker on a 2-core runner; unit and api files are
    // independent, so use at least two. pg and system opt out per project below.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      project({
        name: 'unit',
        include: [
          'lib/**/*.test.ts',
          'components/**/*.test.{ts,tsx}',
          'scripts/**/*.test.ts',
          'bench/**/*.test.ts',
        ],
      }),
      project({
        name: 'api',
        include: ['tests/api/**/*.test.ts'],
        testTimeout: 60_000,
        hookTimeout: 120_000,
      }),
      project({
        name: 'pg',
        include: ['tests/pg/**/*.test.ts'],
        testTimeout: 120_000,
        hookTimeout: 120_000,
        // The files share one PostgreSQL server; in parallel they would contend for it and make
        // timing-sensitive concurrency tests flaky.
        fileParallelism: false,
      }),
      project({
        name: 'system',
        include: ['tests/system/**/*.test.ts'],
        testTimeout: 180_000,
        hookTimeout: 180_000,
        // Each file starts `next start` processes; two cores cannot run several sets at once.
        fileParallelism: false,
      }),
    ],
  },
});
