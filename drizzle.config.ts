import './scripts/load-env';
import { defineConfig } from 'drizzle-kit';

// drizzle-kit generate needs no database; say which one the environment names all the same, as every entry point does.
process.stderr.write(
  `drizzle-kit: DATABASE_URL ${process.env.DATABASE_URL ? 'names a PostgreSQL database' : 'is unset (embedded PGlite)'}\n`,
);

export default defineConfig({
  dialect: 'postgresql',
  schema: './donation-api/db/schema.ts',
  out: './donation-api/db/migrations',
});
