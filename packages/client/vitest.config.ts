import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'client',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // The drift check dumps the server's document (~15 s) and regenerates the types.
    testTimeout: 120_000,
  },
});
