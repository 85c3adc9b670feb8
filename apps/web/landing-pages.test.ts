import { describe, expect, it } from 'vitest';
import {
  BOOT_FRAME,
  LAYOUT_MODULE,
  landingFile,
  landingHtml,
  routeChunks,
  routeStyles,
} from './landing-pages.ts';

const SRC = '/repo/apps/web/src';
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) => ({
  fileName,
  moduleIds,
  imports,
  isEntry,
});

/** A build: the entry (with the runtime), the layout, a group holding the report screen, its prefetcher. */
const chunks = [
  chunk('assets/index-a.js', [`${SRC}/main.tsx`], ['assets/runtime-r.js'], true),
  chunk('assets/runtime-r.js', ['\0rolldown/runtime.js']),
  chunk('assets/app-layout-l.js', [`${SRC}/${LAYOUT_MODULE}`], ['assets/index-a.js', 'assets/icons-i.js']),
  chunk('assets/icons-i.js', ['/repo/node_modules/@ant-design/icons/es/UserOutlined.js']),
  chunk(
    'assets/reports-g.js',
    [`${SRC}/features/reports/lib/report-defs.ts`, `${SRC}/features/reports/pages/sdk-report-page.tsx`],
    ['assets/screens-s.js', 'assets/index-a.js'],
  ),
  chunk('assets/screens-s.js', ['/repo/node_modules/antd/es/table/index.js'], ['assets/runtime-r.js']),
  chunk(
    'assets/prefetch-p.js',
    [`${SRC}/features/reports/api/prefetch-sdk-report.ts`],
    ['assets/index-a.js'],
  ),
  chunk('assets/login-page-x.js', [`${SRC}/features/account/pages/login-page.tsx`], ['assets/index-a.js']),
];

const REPORT = {
  path: '/report/sdk',
  screen: 'reports/pages/sdk-report-page',
  prefetch: 'reports/api/prefetch-sdk-report',
};

const INDEX = `<!doctype html>
<html>
  <head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-r.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c.css">
    <link rel="modulepreload" crossorigin href="/assets/login-page-x.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('landing pages', () => {
  it("names the layout's, the screen's and the prefetcher's chunks with what they import, not the entry's", () => {
    expect(routeChunks(chunks, REPORT, SRC)).toEqual([
      'assets/app-layout-l.js',
      'assets/reports-g.js',
      'assets/prefetch-p.js',
      'assets/icons-i.js',
      'assets/screens-s.js',
    ]);
  });

  it("names the stylesheets those chunks import, each once, and not the entry's", () => {
    const withCss = chunks.map((c) =>
      c.fileName === 'assets/reports-g.js' || c.fileName === 'assets/app-layout-l.js'
        ? { ...c, viteMetadata: { importedCss: new Set(['assets/reports-c.css']) } }
        : c.isEntry
          ? { ...c, viteMetadata: { importedCss: new Set(['assets/index-c.css']) } }
          : c,
    );
    expect(routeStyles(withCss, routeChunks(withCss, REPORT, SRC))).toEqual(['assets/reports-c.css']);
    expect(routeStyles(chunks, routeChunks(chunks, REPORT, SRC))).toEqual([]);
  });

  it("links the stylesheets after the app's own, at normal priority, before the chunks", () => {
    const html = landingHtml(INDEX, ['assets/reports-g.js'], '/', undefined, ['assets/reports-c.css']);
    const at = (s: string) => html.indexOf(s);
    const sheet = '<link rel="stylesheet" crossorigin href="/assets/reports-c.css">';
    expect(at(sheet)).toBeGreaterThan(at('href="/assets/index-c.css"'));
    expect(at(sheet)).toBeLessThan(at('href="/assets/reports-g.js"'));
  });

  it('names nothing for a screen without a chunk', () => {
    expect(routeChunks(chunks, { ...REPORT, screen: 'reports/pages/nowhere-page' }, SRC)).toEqual([]);
  });

  it('adds the chunks at low priority, lowers the entry, drops the sign-in hint and paints the frame', () => {
    const html = landingHtml(
      INDEX,
      ['assets/reports-g.js', 'assets/screens-s.js'],
      '/',
      'assets/login-page-x.js',
    );
    expect(html).toContain('<script type="module" crossorigin fetchpriority="low" src="/assets/index-a.js">');
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/runtime-r.js">',
    );
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/screens-s.js">\n  </head>',
    );
    expect(html).not.toContain('login-page-x.js');
    // the stylesheet keeps its place and its priority: the frame needs it
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-c.css">');
    expect(html).toContain(`<div id="root">${BOOT_FRAME}</div>`);
    // no inline script or style: the CSP allows neither (style attributes aside, which the frame avoids)
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)|<style|\sstyle=/);
  });

  it('names the early script, deferred, just before the entry, under the base', () => {
    const html = landingHtml(INDEX, ['assets/screens-s.js'], '/portal/', undefined, [], 'assets/early-e.js');
    const early = '<script defer src="/portal/assets/early-e.js"></script>';
    expect(html).toContain(early);
    // deferred scripts run in document order: it must come before the entry's module script
    expect(html.indexOf(early)).toBeLessThan(html.indexOf('<script type="module"'));
    expect(landingHtml(INDEX, ['assets/screens-s.js'], '/')).not.toContain('<script defer');
    expect(() => landingHtml(INDEX.replace('<script type="module" crossorigin', '<script'), [], '/')).toThrow(
      /entry script/,
    );
  });

  it('puts the base in front of each chunk, and refuses a template without an empty root', () => {
    expect(landingHtml(INDEX, ['assets/screens-s.js'], '/portal/')).toContain(
      'href="/portal/assets/screens-s.js"',
    );
    expect(() => landingHtml(INDEX.replace('<div id="root"></div>', ''), [], '/')).toThrow(/#root/);
  });

  it('files each page under landing/ by its path', () => {
    expect(landingFile('/report/sdk')).toBe('landing/report/sdk.html');
    expect(landingFile('/home')).toBe('landing/home.html');
  });
});
