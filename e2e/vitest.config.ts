import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One API server and one file at a time: the machine has two cores and Chromium wants one of them.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
