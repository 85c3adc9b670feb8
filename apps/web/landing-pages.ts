/**
 * Landing pages of the signed-in screens (issue 26 item 4). index.html names only what /login needs
 * (the entry, the stylesheet, the sign-in chunk), so on a signed-in screen the browser learns of the
 * screen's chunks (on /report/sdk ~190 KB brotli: the layout, the shared `screens` group, the report
 * framework, its prefetcher) only once the entry has been fetched and run, and the network stands idle
 * while it runs: on a phone (Lighthouse: slow 4G, 4× CPU) the report card painted ~0.8 s after the
 * entry's own arrival. The build writes, for each screen of the route table, `landing/<path>.html`:
 * index.html with
 *
 *   - a `<link rel="modulepreload" fetchpriority="low">` for each chunk that screen's first paint loads
 *     beyond the entry (the layout's chunk, the screen's and its prefetcher's, and what they import
 *     statically), read off the bundle, so the list follows the code and is never kept by hand. They
 *     (and the entry) are fetched at low priority: the stylesheet, the static frame's one need, keeps
 *     the highest; the chunks arrive while the entry runs instead of after it;
 *   - a `<link rel="stylesheet">` for each stylesheet those chunks import ({@link routeStyles}), which
 *     Vite's loader of a lazy chunk would otherwise ask for only once the entry had run, and wait for;
 *   - the early script (early-access.ts), deferred before the entry: it sends the user info and the
 *     menu as soon as the HTML is parsed, which the entry sent only once it had run;
 *   - a static frame in `#root` (dark header with the product's mark, a card of grey bars), styled by
 *     the app's own stylesheet (app/styles.css `.boot-*`), so the first paint comes with the HTML and
 *     the stylesheet instead of after the entry has run (first contentful paint); React replaces it on
 *     its first commit. No inline script or style: the page passes the CSP as index.html does.
 *
 * The server sends the landing page of a path in place of index.html (apps/server plugins/web-app.ts);
 * /login and every path without one keep index.html. The sign-in chunk's hint is left out of the
 * landing pages (a signed-in screen does not need it). /login was tried with a frame of its own: its
 * first contentful paint came 1.4 s sooner on Lighthouse's phone, but the entry's evaluation then
 * counted as blocking time and the score did not move (bench/RESULTS.md §4e), so it was not kept.
 */

import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';
import { earlyAccessScript } from './early-access.ts';
import { lazyChunkOf } from './login-preload.ts';
import { inProbe } from './probe-build.ts';

/** A signed-in screen: its URL path, and its module (and prefetcher's) under src/features/, without extension. */
export type LandingRoute = { path: string; screen: string; prefetch?: string };

/** The layout every signed-in screen renders in (under src/). */
export const LAYOUT_MODULE = 'app/layout/app-layout.tsx';

type Chunk = Pick<Rolldown.OutputChunk, 'fileName' | 'imports' | 'moduleIds' | 'isEntry'> & {
  /** Vite's note of the stylesheets a chunk imports (`viteMetadata.importedCss`). */
  viteMetadata?: { importedCss: Set<string> };
};

/** The chunk holding module `id` (as its facade or inside a group), if any. */
function chunkOf(chunks: Chunk[], id: string): Chunk | undefined {
  return chunks.find((c) => c.moduleIds.includes(id));
}

/** `roots` and the chunks they import statically, in load order (roots first), each once. */
function closure(byName: Map<string, Chunk>, roots: Chunk[]): string[] {
  const out: string[] = [];
  const queue = [...roots];
  while (queue.length > 0) {
    const c = queue.shift() as Chunk;
    if (out.includes(c.fileName)) continue;
    out.push(c.fileName);
    for (const f of c.imports) {
      const next = byName.get(f);
      if (next) queue.push(next);
    }
  }
  return out;
}

/**
 * The chunk files a route's first paint loads beyond the entry's (and its static imports): the
 * layout's, the screen's and the prefetcher's closures, in that order. `srcDir` is apps/web/src.
 * Empty when the screen has no chunk in the bundle (e.g. it became part of the entry).
 */
export function routeChunks(chunks: Chunk[], route: LandingRoute, srcDir: string): string[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const loaded = new Set(
    closure(
      byName,
      chunks.filter((c) => c.isEntry),
    ),
  );
  const screen = chunkOf(chunks, path.join(srcDir, 'features', `${route.screen}.tsx`));
  if (!screen) return [];
  const roots = [
    chunkOf(chunks, path.join(srcDir, LAYOUT_MODULE)),
    screen,
    route.prefetch ? chunkOf(chunks, path.join(srcDir, 'features', `${route.prefetch}.ts`)) : undefined,
  ].filter((c): c is Chunk => c !== undefined);
  return closure(byName, roots).filter((f) => !loaded.has(f));
}

/**
 * The stylesheets the chunks `files` import (Vite's `importedCss`), each once, in the chunks' order.
 * Vite's loader of a lazy chunk waits for its stylesheets before it runs the chunk, and the layout's,
 * the screen's and the prefetcher's chunks all import the reports group's: on a cold /report/sdk that
 * stylesheet was asked for only once the entry had run and came back after the user info, so the
 * screen's code and its list request waited for it (`bench/web-trace.ts`: 60-190 ms). Named in the
 * landing page, it travels beside the chunks and the loader finds it there.
 */
export function routeStyles(chunks: Chunk[], files: string[]): string[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const out: string[] = [];
  for (const f of files)
    for (const css of byName.get(f)?.viteMetadata?.importedCss ?? []) if (!out.includes(css)) out.push(css);
  return out;
}

/** The product's mark (the favicon's shape), the frame's one painted content before the app runs. */
const MARK =
  '<svg class="boot-mark" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="6" fill="#1f5eff"/>' +
  '<path d="M9 23V9h8a5 5 0 010 10h-4v4z" fill="#fff"/></svg>';

/** The static frame: the layout's header with the mark, a card of grey bars (app/styles.css `.boot-*`). */
export const BOOT_FRAME =
  '<div class="boot-frame" aria-hidden="true"><header class="app-header shell-skeleton-header">' +
  MARK +
  '</header><main class="app-content"><div class="content-skeleton boot-card">' +
  '<div class="boot-bar boot-bar-title"></div><div class="boot-bar boot-bar-70"></div>' +
  '<div class="boot-bar boot-bar-50"></div><div class="boot-block"></div></div></main></div>';

/**
 * index.html made into a route's landing page: the early script `earlyFile` (early-access.ts),
 * deferred, just before the entry's script (deferred scripts run in document order: it runs first),
 * the stylesheets `styles` and the modulepreloads of `files` (all under `base`) after the app's
 * stylesheet, the sign-in chunk's hint (`loginFile`) dropped, and the static frame in `#root`. Throws
 * when index.html has no empty `#root`, no `</head>` or no entry script (the template changed: fail
 * the build).
 */
export function landingHtml(
  indexHtml: string,
  files: string[],
  base: string,
  loginFile?: string,
  styles: string[] = [],
  earlyFile?: string,
): string {
  const root = '<div id="root"></div>';
  const entry = '<script type="module" crossorigin src=';
  if (!indexHtml.includes(root) || !indexHtml.includes('</head>') || !indexHtml.includes(entry))
    throw new Error('landing-pages: index.html has no empty #root, no </head> or no entry script');
  let html = indexHtml;
  if (loginFile) html = html.replace(new RegExp(`\\s*<link rel="modulepreload"[^>]*${loginFile}"[^>]*>`), '');
  const early = earlyFile ? `<script defer src="${base}${earlyFile}"></script>\n    ` : '';
  // the static frame needs only the stylesheet: the entry and its runtime do not block it either
  html = html
    .replace(entry, `${early}<script type="module" crossorigin fetchpriority="low" src=`)
    .replace(
      /<link rel="modulepreload" crossorigin href=/g,
      '<link rel="modulepreload" crossorigin fetchpriority="low" href=',
    );
  const links =
    styles.map((f) => `    <link rel="stylesheet" crossorigin href="${base}${f}">\n`).join('') +
    files
      .map((f) => `    <link rel="modulepreload" crossorigin fetchpriority="low" href="${base}${f}">\n`)
      .join('');
  return html
    .replace(/\n\s*<\/head>/, `\n${links}  </head>`)
    .replace(root, `<div id="root">${BOOT_FRAME}</div>`);
}

/** `landing/<path>.html` for a route path (`/report/sdk` → `landing/report/sdk.html`). */
export function landingFile(routePath: string): string {
  return `landing${routePath}.html`;
}

/**
 * Vite plugin: after index.html is written into the bundle, emits each route's landing page, with a
 * brotli and a gzip copy (the compression step has run by then). `routes()` gives the routes (read
 * from the route table when the build runs). Build only; the probe build is left alone.
 */
export function landingPagesPlugin(
  routes: () => Promise<LandingRoute[]>,
  srcDir: string,
  loginModule: string,
): Plugin {
  let base = '/';
  return {
    name: 'portal-landing-pages',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        if (inProbe()) return;
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('landing-pages: no index.html in the bundle');
        const chunks = Object.values(bundle).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
        const login = lazyChunkOf(chunks, loginModule);
        const indexHtml = String(index.source);
        // hashed like every asset (served immutable); under 1 KiB, so it has no compressed copies
        const early = this.getFileName(
          this.emitFile({ type: 'asset', name: 'early-access.js', source: earlyAccessScript() }),
        );
        for (const route of await routes()) {
          const files = routeChunks(chunks, route, srcDir);
          if (files.length === 0) continue;
          const styles = routeStyles(chunks, files);
          const html = landingHtml(indexHtml, files, base, login?.fileName, styles, early);
          const fileName = landingFile(route.path);
          this.emitFile({ type: 'asset', fileName, source: html });
          const brotli = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
          this.emitFile({ type: 'asset', fileName: `${fileName}.br`, source: brotli });
          this.emitFile({ type: 'asset', fileName: `${fileName}.gz`, source: gzipSync(html, { level: 9 }) });
        }
      },
    },
  };
}
