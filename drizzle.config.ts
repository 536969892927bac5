import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./lib/wallet/service/db/schema.ts', './lib/backoffice/db/schema.ts'],
  out: './drizzle',
  schemaFilter: ['wallet', 'backoffice'],
});
