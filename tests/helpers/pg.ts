// PostgreSQL for tests: owns giving each pg test file a database of its own on the server that
// scripts/lib/postgres.ts prepared (TEST_DATABASE_URL), so files never see each other's rows and
// migrations always start from empty.
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The admin URL of the test server, or undefined when PostgreSQL tests should be skipped. */
export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  return url && url.trim() !== '' ? url : undefined;
}

export type FreshPgDatabase = {
  /** URL of the new, empty database (same server, role and password as TEST_DATABASE_URL). */
  url: string;
  /** Drops the database, closing any connection still open to it. Safe to call twice. */
  drop(): Promise<void>;
};

async function withAdminClient<T>(adminUrl: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates a uniquely named empty database; call `drop()` in afterAll. */
export async function createFreshPgDatabase(): Promise<FreshPgDatabase> {
  const adminUrl = testDatabaseUrl();
  if (!adminUrl) {
    throw new Error('TEST_DATABASE_URL is not set: run the pg tests through `npm test -- --only pg`.');
  }
  // Lower-case letters and digits only, so the name needs no quoting rules beyond the quotes.
  const name = `wt_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;

  let dropped = false;
  return {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      // FORCE terminates sessions a test left open (a pool not ended), which would otherwise
      // make DROP DATABASE fail and leak the database.
      await withAdminClient(adminUrl, (client) => dropForced(client, name));
      dropped = true;
    },
  };
}

/**
 * DROP DATABASE ... WITH (FORCE), again while an autovacuum worker is in the database: PostgreSQL
 * 15 counts that worker among the sessions to terminate and refuses a role that is not a
 * superuser (42501, "must be a member of the role whose process is being terminated"). Seen on a
 * busy machine, when the bench ran the pg tests under load; the worker ends within moments.
 */
async function dropForced(client: Client, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if ((code !== '42501' && code !== '55006') || attempt >= 40) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
