import { defineConfig } from 'drizzle-kit';

/** Migrations are generated from the schema and committed; one set for PGlite and PostgreSQL. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './db/migrations',
});
