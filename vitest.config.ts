import { defineConfig } from 'vitest/config';

// Unit and API tests, and the web's unit tests in a DOM (happy-dom). Browser tests have their own config in
// e2e/. A path filter picks within every project: `npx vitest run apps/api` runs the API tests alone.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['packages/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          pool: 'forks',
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // A browser two hours east of UTC, as the practices' own: a day picked at local midnight is
          // still the day before in UTC, which the date mappers must not be fooled by.
          env: { TZ: 'Africa/Johannesburg' },
        },
      },
    ],
  },
});
