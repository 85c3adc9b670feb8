import { moduleMockingTests, webProject, webTests } from './vitest.shared.ts';

/**
 * Web tests: whole pages rendered in jsdom with a mocked fetch. Files run one after another on one
 * module graph per test process instead of importing React, antd and the app again for each file;
 * setup.ts puts back what a test could leave behind. Files that mock modules run in `web-mocks`
 * (vitest.mocks.config.ts) instead; docs/operations.md "Test suite time".
 */
export default webProject({ name: 'web', include: webTests, exclude: moduleMockingTests(), isolate: false });
