import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // PGlite starts in ~0.5 s from the template; argon2 hashes take ~70 ms each.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
