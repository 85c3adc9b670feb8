/**
 * What the two web test projects share (vitest.config.ts, vitest.mocks.config.ts); which test files
 * go to which is mocking-tests.ts.
 */
import react from '@vitejs/plugin-react';
import { configDefaults, defineProject, type UserWorkspaceConfig } from 'vitest/config';
import { alias } from './vite.config.ts';

export { moduleMockingTests, webTests } from './mocking-tests.ts';

/** A web project: jsdom, the React plugin, the `@/` alias and the setup file, whole pages rendered. */
export function webProject(test: {
  name: string;
  include: string[];
  exclude?: string[];
  isolate: boolean;
}): UserWorkspaceConfig {
  return defineProject({
    plugins: [react()],
    resolve: { alias },
    test: {
      ...test,
      exclude: [...configDefaults.exclude, ...(test.exclude ?? [])],
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      // A journey of several dialogs takes 2-7 s on a quiet machine and four times that at CI's load
      // (3-4 on 2 cores, the server tests beside it).
      testTimeout: 40000,
      // Report default dates are computed against the UTC reporting day; keep the clock zone fixed.
      env: { TZ: 'UTC' },
    },
  });
}
