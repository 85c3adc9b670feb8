/**
 * The import rules of .dependency-cruiser.cjs (issue 24 item 5) applied to small fixture trees, so each
 * rule is shown to catch what it names: a cycle in any folder (not only between server modules), type
 * imports included, and web production code importing a test helper. `npm run deps` applies the same
 * rules to the repository itself.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs') as { forbidden: unknown[] };
const root = path.resolve(import.meta.dirname, '..');

/**
 * Writes `files` (path → source) under a fresh directory and answers the violations as
 * `rule: from → to` (a cycle is reported once, from its first file).
 */
async function violationsOf(files: Record<string, string>): Promise<string[]> {
  const base = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    writeFileSync(path.join(base, file), source);
  }
  const roots = [...new Set(Object.keys(files).map((f) => f.split('/')[0] as string))];
  const result = await cruise(roots, {
    // biome-ignore lint/suspicious/noExplicitAny: the rule set is the project's own config, read as data
    ruleSet: { forbidden: config.forbidden as any },
    validate: true,
    tsPreCompilationDeps: true,
    baseDir: base,
  });
  const output = result.output as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('import boundaries', () => {
  it('refuse a cycle in the report engine, in e2e/ and through type-only imports', async () => {
    const violations = await violationsOf({
      'apps/server/src/reports/store.ts':
        "import { open } from './stores/duckdb.ts';\nexport type Store = { x: 1 };\nexport const o = open;\n",
      'apps/server/src/reports/stores/duckdb.ts':
        "import type { Store } from '../store.ts';\nexport const open = (): Store | null => null;\n",
      'e2e/helpers.ts': "import { journey } from './journey.ts';\nexport const helper = () => journey;\n",
      'e2e/journey.ts': "import { helper } from './helpers.ts';\nexport const journey = () => helper;\n",
    });
    expect(violations).toEqual([
      'no-circular: apps/server/src/reports/store.ts → apps/server/src/reports/stores/duckdb.ts',
      'no-circular: e2e/helpers.ts → e2e/journey.ts',
    ]);
  });

  it('refuse web and server production code importing a test helper, and let tests do it', async () => {
    const violations = await violationsOf({
      'apps/web/src/test/render-app.ts': 'export const renderApp = () => null;\n',
      'apps/web/src/lib/format.ts':
        "import { renderApp } from '../test/render-app.ts';\nexport const f = renderApp;\n",
      'apps/web/src/lib/format.test.ts':
        "import { renderApp } from '../test/render-app.ts';\nexport const t = renderApp;\n",
      'apps/server/src/test/xlsx.ts': 'export const shown = () => null;\n',
      'apps/server/src/modules/reports/kinds.ts':
        "import { shown } from '../../test/xlsx.ts';\nexport const k = shown;\n",
    });
    expect(violations).toEqual([
      'server-production-imports-test: apps/server/src/modules/reports/kinds.ts → apps/server/src/test/xlsx.ts',
      'web-production-imports-test: apps/web/src/lib/format.ts → apps/web/src/test/render-app.ts',
    ]);
  });

  it('`npm run deps` (and so `npm test`) cruises every source file of the repository', () => {
    const script = (
      JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
        scripts: { deps: string };
      }
    ).scripts.deps;
    const args = script.split(/\s+/);
    const paths = args.slice(1, args.indexOf('--config'));
    const sources = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mts', '*.mjs', '*.cjs', '*.js'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => f !== '' && f !== '.dependency-cruiser.cjs');
    const outside = sources.filter((f) => !paths.some((p) => f === p || f.startsWith(`${p}/`)));
    expect(args[0]).toBe('depcruise');
    expect(outside).toEqual([]);
  });
});
