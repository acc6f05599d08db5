import { defineConfig } from 'vitest/config';

/**
 * One vitest run over every package. The server project runs on PGlite by default and on a real
 * PostgreSQL server when TEST_DATABASE_URL is set (see apps/server/test/db.ts).
 */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/client', 'apps/server', 'apps/web'],
    // 2 cores: more workers only fight over the CPU (and each PGlite instance holds ~700 MB).
    maxWorkers: 2,
  },
});
