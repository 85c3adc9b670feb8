/**
 * Which web test files cannot share a module graph: a file that mocks modules (`vi.mock`,
 * `vi.doMock`) or resets them (`vi.resetModules`) changes the graph it runs on, so it runs in the
 * isolated `web-mocks` project (vitest.mocks.config.ts); every other file runs in the shared-graph
 * `web` project (vitest.config.ts). The list is read from the files' text each time Vitest starts, so
 * a new file that mocks a module moves over by itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A path, not `new URL('.', import.meta.url)`, which jsdom (this module's own test) resolves to http://.
const webRoot = path.dirname(fileURLToPath(import.meta.url));

/** Every web test file, as Vitest globs (relative to apps/web). */
export const webTests = ['src/**/*.test.ts', 'src/**/*.test.tsx', '*.test.ts'];

/** A call that mocks or resets modules; text in a comment counts too, which only isolates a file. */
const REWIRES_MODULES = /\bvi\s*\.\s*(mock|doMock|resetModules)\s*\(/;

/** The test files under `root` that {@link webTests} matches, relative and with `/`. */
function testFiles(root: string): string[] {
  const src = path.join(root, 'src');
  const nested = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => `src/${f.split(path.sep).join('/')}`);
  const top = readdirSync(root).filter((f) => f.endsWith('.test.ts'));
  return [...nested, ...top].sort();
}

/** The test files under `root` (apps/web) that mock or reset modules, relative and with `/`. */
export function moduleMockingTests(root = webRoot): string[] {
  return testFiles(root).filter((f) => REWIRES_MODULES.test(readFileSync(path.join(root, f), 'utf8')));
}
