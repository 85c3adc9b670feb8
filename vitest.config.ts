import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      // The repository's own scripts and documentation (README.md and docs/ links).
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts', 'scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
          // One migrated PGlite directory and PostgreSQL database per run, copied by each test app.
          globalSetup: ['apps/server/src/test/global-setup.ts'],
        },
      },
      './apps/web',
    ],
  },
});
