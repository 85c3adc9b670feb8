/**
 * The repository's own documentation (issue 24 item 6, issue 25 item 16): every relative link of
 * README.md and docs/ resolves in a clone (file and anchor), and docs/operations.md's configuration
 * table names every variable the server reads (apps/server/src/config.ts).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, documentationFiles, linksOf, root, slugOf } from './doc-links.mjs';

describe('documentation links', () => {
  it('every relative link of README.md and docs/*.md resolves to a file (and heading) of the repository', () => {
    const files = documentationFiles();
    expect(files.map((f) => path.relative(root, f))).toEqual(
      expect.arrayContaining([
        'README.md',
        'docs/product-guide.md',
        'docs/api-guide.md',
        'docs/operations.md',
        'docs/architecture.md',
      ]),
    );
    expect(brokenLinks(files)).toEqual([]);
  });

  it('reports a link leaving the repository, a missing file and a missing anchor, with their lines', () => {
    const base = mkdtempSync(path.join(tmpdir(), 'doc-links-'));
    mkdirSync(path.join(base, 'docs'));
    writeFileSync(path.join(base, 'docs', 'guide.md'), '# Guide\n\n## Running at scale\n');
    writeFileSync(
      path.join(base, 'README.md'),
      [
        '# Portal',
        '- The product: [`../shared/spec/product-spec.md`](../shared/spec/product-spec.md)',
        '- [ok](docs/guide.md#running-at-scale) and [gone](docs/missing.md)',
        '- [anchor](docs/guide.md#running-in-production) [here](#portal) [web](https://example.com/x)',
        '```sh',
        'cat [not a link](nowhere.md)',
        '```',
      ].join('\n'),
    );
    const broken = brokenLinks(documentationFiles(base), base);
    expect(broken.map((b) => [b.line, b.target])).toEqual([
      [2, '../shared/spec/product-spec.md'],
      [3, 'docs/missing.md'],
      [4, 'docs/guide.md#running-in-production'],
    ]);
    expect(broken[0]?.reason).toMatch(/leaves the repository/);
  });

  it('names anchors as GitHub does: punctuation dropped, spaces to hyphens, repeats numbered', () => {
    expect(slugOf('Reporting API, two-factor sign-in, audit log, sessions')).toBe(
      'reporting-api-two-factor-sign-in-audit-log-sessions',
    );
    expect(slugOf('The `jobs` table: one poller')).toBe('the-jobs-table-one-poller');
    expect(slugOf('报表 (Reports)')).toBe('报表-reports');
    expect([...anchorsOf('# A\n## Notes\n```\n## Not a heading\n```\n## Notes\n')]).toEqual([
      'a',
      'notes',
      'notes-1',
    ]);
    expect(linksOf('[a](x.md "title") ![img](y.png) `[c](z.md)`\n[ref]: w.md').map((l) => l.target)).toEqual([
      'x.md',
      'y.png',
      'w.md',
    ]);
  });
});

describe('docs/operations.md configuration', () => {
  it('documents every environment variable the server validates', () => {
    const config = readFileSync(path.join(root, 'apps/server/src/config.ts'), 'utf8');
    const schema = config.slice(
      config.indexOf('const schema = z.object({'),
      config.indexOf('export type Config'),
    );
    const variables = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1] as string);
    expect(variables.length).toBeGreaterThan(30);
    const operations = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
    const section = operations.slice(
      operations.indexOf('## Configuration'),
      operations.indexOf('### Web build settings'),
    );
    const documented = new Set(
      [...section.matchAll(/^\|([^|]+)\|/gm)].flatMap((m) => (m[1] ?? '').match(/[A-Z][A-Z0-9_]+/g) ?? []),
    );
    expect(variables.filter((v) => !documented.has(v))).toEqual([]);
  });
});
