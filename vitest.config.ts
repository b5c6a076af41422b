import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/*.load.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/src/**/*.api.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // Tests that measure a whole server process under a burst (its memory, how fast it still answers):
        // they run one at a time, after the API suites, so no other test shares the machine's cores with them.
        test: {
          name: 'load',
          environment: 'node',
          include: ['apps/server/src/**/*.load.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Several server processes on one PostgreSQL database behind HAProxy (apps/server/test/cluster): one
        // file, run alone after the load tests; it starts and stops its own processes.
        test: {
          name: 'cluster',
          environment: 'node',
          include: ['apps/server/test/cluster/**/*.cluster.test.ts'],
          testTimeout: 150_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
