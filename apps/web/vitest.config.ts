import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { alias } from './vite.config.ts';

/** Web tests: whole pages rendered in jsdom with a mocked fetch. */
export default defineProject({
  plugins: [react()],
  resolve: { alias },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', '*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20000,
    // Report default dates are computed against the UTC reporting day; keep the clock zone fixed.
    env: { TZ: 'UTC' },
  },
});
