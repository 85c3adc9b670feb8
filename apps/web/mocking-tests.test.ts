/**
 * Which web test files run in the isolated project (mocking-tests.ts): read from the files' text,
 * so a new file that mocks a module leaves the shared-graph project without anyone listing it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { moduleMockingTests } from './mocking-tests.ts';

/** `vi.<fn>(`, built so that this file's own text does not call for the isolated project. */
const call = (fn: string) => `vi.${fn}(`;

let root = '';
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'web-tests-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('moduleMockingTests', () => {
  it('lists the test files, at any depth and at the top, that mock or reset modules', () => {
    const dir = tree({
      'src/lib/a.test.ts': `${call('mock')}'./notify.ts', () => ({}));`,
      'src/features/x/deep/b.test.tsx': `await ${call('doMock')}'uplot');`,
      'src/c.test.ts': `beforeEach(() => ${call('resetModules')}));`,
      'src/d.test.tsx': "vi.spyOn(window, 'matchMedia'); vi.stubGlobal('fetch', f);",
      'src/lib/mocked.ts': `${call('mock')}'./not-a-test.ts');`,
      'top.test.ts': `${call('mock')}'node:fs');`,
      'other.test.ts': "import { vi } from 'vitest';",
    });
    expect(moduleMockingTests(dir)).toEqual([
      'src/c.test.ts',
      'src/features/x/deep/b.test.tsx',
      'src/lib/a.test.ts',
      'top.test.ts',
    ]);
  });

  it('is empty when no test file mocks a module', () => {
    expect(moduleMockingTests(tree({ 'src/a.test.ts': "vi.fn(); vi.spyOn(console, 'log');" }))).toEqual([]);
  });
});
