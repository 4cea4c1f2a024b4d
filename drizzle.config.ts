import { defineConfig } from 'drizzle-kit';

// drizzle-kit only writes the SQL; wrangler applies it (`wrangler d1 migrations apply DB --local|--remote`).
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/worker/db/schema.ts',
  out: './migrations',
});
