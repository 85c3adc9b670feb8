import { defineConfig } from 'drizzle-kit';

/** Migrations are generated from src/db/schema into src/db/drizzle and run at start (db/client.ts). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './src/db/drizzle',
});
