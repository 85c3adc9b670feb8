import type { IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { LOGIN_MODULE, preloadTags } from './login-preload.ts';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

const chunk = (fileName: string, facadeModuleId: string | null, isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId,
  isEntry,
});

/** A build's bundle: the entry, the lazy sign-in screen, a report screen and a stylesheet. */
const bundle = (withLogin = true) =>
  Object.fromEntries(
    [
      chunk('assets/index-a1.js', '/repo/apps/web/index.html', true),
      ...(withLogin ? [chunk('assets/login-page-b2.js', `/repo/apps/web/${LOGIN_MODULE}`)] : []),
      chunk('assets/sdk-report-page-c3.js', '/repo/apps/web/src/features/reports/pages/sdk-report-page.tsx'),
      { type: 'asset' as const, fileName: 'assets/index-d4.css' },
    ].map((c) => [c.fileName, c]),
  ) as unknown as Bundle;

describe('login preload', () => {
  it('names the sign-in chunk, and only it, as a modulepreload under the base', () => {
    expect(preloadTags(bundle(), LOGIN_MODULE)).toEqual([
      {
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: true, href: '/assets/login-page-b2.js' },
        injectTo: 'head',
      },
    ]);
    expect(preloadTags(bundle(), LOGIN_MODULE, '/portal/')[0]?.attrs.href).toBe(
      '/portal/assets/login-page-b2.js',
    );
  });

  it('adds nothing when the screen has no chunk of its own', () => {
    expect(preloadTags(bundle(false), LOGIN_MODULE)).toEqual([]);
    expect(preloadTags(undefined, LOGIN_MODULE)).toEqual([]);
  });
});
