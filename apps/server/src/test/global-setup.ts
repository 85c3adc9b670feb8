/**
 * Global setup of the server test project (vitest.config.ts): builds the migrated store templates once
 * per run (store-templates.ts) and hands them to every test process; removes them when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { buildStoreTemplates } from './store-templates.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, remove } = await buildStoreTemplates(process.env.TEST_DATABASE_URL);
  project.provide('storeTemplates', templates);
  return remove;
}
