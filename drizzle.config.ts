import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './donation-api/db/schema.ts',
  out: './donation-api/db/migrations',
});
