import { defineConfig } from 'drizzle-kit';

/** drizzle-kit settings: `npm run db:generate` writes SQL migrations from the schema. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
