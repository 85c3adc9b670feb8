/**
 * /login's own chunk named in index.html (issue 26 item 4). The sign-in screen is lazy (its ~2 KB
 * file is not part of the entry), so without a hint the browser learns of it only once the entry has
 * been fetched and run, and asks for it then: one more round trip before the form's first paint on
 * a phone (150 ms on Lighthouse's slow 4G). A `<link rel="modulepreload">` for that one file lets it
 * arrive beside the entry. Every other page pays its ~2 KB too, which is less than the round trip the
 * sign-in page saves; the signed-in screens' chunks (~190 KB) are not named, since /login would pay for them.
 */
import type { IndexHtmlTransformContext, Plugin, Rolldown } from 'vite';

/** The sign-in screen's module, relative to apps/web. */
export const LOGIN_MODULE = 'src/features/account/pages/login-page.tsx';

/**
 * The non-entry chunk whose facade is `module` (a path ending, e.g. {@link LOGIN_MODULE}), or
 * undefined when the bundle holds none (e.g. the screen became part of the entry).
 */
export function lazyChunkOf(
  outputs: readonly (Rolldown.OutputChunk | Rolldown.OutputAsset)[],
  module: string,
): Rolldown.OutputChunk | undefined {
  return outputs.find(
    (c): c is Rolldown.OutputChunk =>
      c.type === 'chunk' && !c.isEntry && (c.facadeModuleId ?? '').endsWith(`/${module}`),
  );
}

type Tag = { tag: 'link'; attrs: Record<string, string | boolean>; injectTo: 'head' };

/**
 * The modulepreload tag for the chunk whose facade is `module` (a path ending, e.g. {@link LOGIN_MODULE}),
 * or none when the bundle holds no such chunk (e.g. the screen became part of the entry).
 */
export function preloadTags(bundle: IndexHtmlTransformContext['bundle'], module: string, base = '/'): Tag[] {
  const chunk = lazyChunkOf(Object.values(bundle ?? {}), module);
  if (!chunk) return [];
  return [
    {
      tag: 'link',
      attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}` },
      injectTo: 'head',
    },
  ];
}

/** Vite plugin: adds the sign-in chunk's modulepreload to the built index.html (build only). */
export function loginPreloadPlugin(): Plugin {
  let base = '/';
  return {
    name: 'portal-login-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) => preloadTags(ctx.bundle, LOGIN_MODULE, base),
    },
  };
}
