import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkSets, codeSplitting } from './chunk-groups.ts';

const src = '/repo/apps/web/src';
const nm = (p: string) => `/repo/node_modules/${p}`;
const s = (p: string) => path.join(src, p);

type Chunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
};
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], more: Partial<Chunk> = {}) =>
  ({ type: 'chunk', fileName, isEntry: false, facadeModuleId: null, moduleIds, imports, ...more }) as Chunk;

/** A probe build's output: the entry, a chunk shared with /login, the two screens, a lazy chart. */
function probe(withReport = true) {
  return {
    output: [
      chunk('index.js', [s('main.tsx'), s('lib/request.ts'), nm('react/index.js')], ['antd-core.js'], {
        isEntry: true,
      }),
      chunk('antd-core.js', [nm('antd/es/button/index.js')]),
      chunk(
        'login-page.js',
        [s('features/account/pages/login-page.tsx'), nm('antd/es/form/index.js')],
        ['antd-core.js'],
        { facadeModuleId: s('features/account/pages/login-page.tsx') },
      ),
      ...(withReport
        ? [
            chunk('sdk.js', [s('features/reports/pages/sdk-report-page.tsx')], ['table.js', 'antd-core.js'], {
              facadeModuleId: s('features/reports/pages/sdk-report-page.tsx'),
            }),
            chunk('table.js', [
              nm('antd/es/table/index.js'),
              s('features/reports/components/report-table.tsx'),
            ]),
          ]
        : []),
      chunk('chart.js', [nm('uplot/dist/uPlot.esm.js')]),
      { type: 'asset', fileName: 'index.css' },
    ],
  } as unknown as Parameters<typeof chunkSets>[0];
}

describe('chunk groups (issue 11 item 4)', () => {
  it('reads what /login loads, and what /report/sdk loads beyond it, off the probe', () => {
    const sets = chunkSets(probe(), src);
    expect([...sets.login].sort()).toEqual(
      [
        s('main.tsx'),
        s('lib/request.ts'),
        nm('react/index.js'),
        nm('antd/es/button/index.js'),
        nm('antd/es/form/index.js'),
      ].sort(),
    );
    expect([...sets.report].sort()).toEqual(
      [
        s('features/reports/pages/sdk-report-page.tsx'),
        nm('antd/es/table/index.js'),
        s('features/reports/components/report-table.tsx'),
      ].sort(),
    );
  });

  it('groups /login’s modules as core, the report’s third-party code as screens and our code as reports', () => {
    const groups = codeSplitting(chunkSets(probe(), src)).groups;
    const groupOf = (id: string) => groups.find((g) => g.test(id))?.name ?? null;
    expect(groupOf(nm('antd/es/form/index.js'))).toBe('core');
    expect(groupOf(s('features/account/pages/login-page.tsx'))).toBeNull();
    expect(groupOf(nm('antd/es/table/index.js'))).toBe('screens');
    expect(groupOf(s('features/reports/components/report-table.tsx'))).toBe('reports');
    expect(groupOf(nm('uplot/dist/uPlot.esm.js'))).toBeNull();
  });

  it('refuses a probe without one of the screens', () => {
    expect(() => chunkSets(probe(false), src)).toThrow(/sdk-report-page/);
  });
});
