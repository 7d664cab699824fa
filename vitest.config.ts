import { defineConfig } from 'vitest/config';

// Unit and API tests. Browser tests have their own config in e2e/.
export default defineConfig({
  test: {
    include: ['packages/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
