/**
 * Global setup of the server test project (vitest.config.ts): points TMPDIR at the run's scratch
 * directory (run-tmpdir.ts: on tmpfs where there is one), builds the migrated store templates there
 * once per run (store-templates.ts) and hands them to every test process; removes both when the run
 * ends. It runs in Vitest's main process before any test process starts, so they inherit TMPDIR.
 */
import type { TestProject } from 'vitest/node';
import { useRunTmpdir } from './run-tmpdir.ts';
import { buildStoreTemplates } from './store-templates.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const removeTmpdir = useRunTmpdir();
  const { templates, remove } = await buildStoreTemplates(process.env.TEST_DATABASE_URL);
  project.provide('storeTemplates', templates);
  return async () => {
    await remove();
    removeTmpdir();
  };
}
