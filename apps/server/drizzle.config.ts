import { defineConfig } from 'drizzle-kit';

/** Tables live beside their owners; drizzle-kit reads them all to generate `migrations/NNNN_<name>.sql`. */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/db/schema.ts', './src/platform/*/tables.ts', './src/modules/*/tables.ts'],
  out: './migrations',
});
