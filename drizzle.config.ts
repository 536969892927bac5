import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./lib/server/db/schema.ts', './lib/server/db/backoffice-schema.ts'],
  out: './drizzle',
  schemaFilter: ['wallet', 'backoffice'],
});
