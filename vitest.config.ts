import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test processes even on 2 cores (Vitest's default is one fewer than the cores): much of a
    // server test waits on PostgreSQL, chDB's HTTP endpoint or the file system, and each file has
    // stores of its own; web files split over two processes each keep one shared module graph
    // (docs/operations.md "Test suite time").
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
          // A test process runs file after file on one module graph instead of importing the app and
          // compiling PGlite's, DuckDB's and chDB's engines again for each file (~5 s a file on 2 cores).
          // Every file builds its own apps on stores of its own (report fixtures: copies of stores
          // seeded once per process, report-fixture.ts), and no server test mocks a module or changes
          // process.env, so nothing a file sees depends on the files before it
          // (docs/operations.md "Test suite time").
          isolate: false,
          // What ended with each file's process: its chDB endpoint (file-teardown.ts).
          setupFiles: ['apps/server/src/test/file-teardown.ts'],
          // One migrated PGlite directory and PostgreSQL database per run, copied by each test app.
          globalSetup: ['apps/server/src/test/global-setup.ts'],
        },
      },
      // Web: `web` runs its files on one shared module graph per process, `web-mocks` the files that
      // mock modules, each on its own (apps/web/mocking-tests.ts; docs/operations.md "Test suite time").
      './apps/web/vitest.config.ts',
      './apps/web/vitest.mocks.config.ts',
    ],
  },
});
