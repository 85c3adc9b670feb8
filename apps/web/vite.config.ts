import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type AliasOptions, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { antdCssPlugin } from './antd-css.ts';
import { chunkGroupsPlugin } from './chunk-groups.ts';
import { endpointRoutesPlugin } from './endpoint-routes.ts';
import { type LandingRoute, landingPagesPlugin } from './landing-pages.ts';
import { LOGIN_MODULE, loginPreloadPlugin } from './login-preload.ts';
import { inProbe } from './probe-build.ts';

/**
 * `@/…` is `apps/web/src/…` (tsconfig.json `paths`; vitest.config.ts and .dependency-cruiser.cjs read
 * the same): imports that leave their feature or folder name it from the top instead of climbing.
 */
export const alias: AliasOptions = [
  { find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` },
];

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const probeConfig = () => ({ configFile: fileURLToPath(import.meta.url), root: webRoot });
const srcDir = fileURLToPath(new URL('./src', import.meta.url));

/**
 * The screens that get a landing page (landing-pages.ts): the home page (router.tsx) and every
 * signed-in screen of the route table, read from src/lib/route-table.ts through Vite's module runner.
 */
async function landingRoutes(): Promise<LandingRoute[]> {
  const { runnerImport } = await import('vite');
  const { module } = await runnerImport<{ routeTable: LandingRoute[] }>(`${srcDir}/lib/route-table.ts`, {
    configFile: false,
    root: webRoot,
    resolve: { alias },
    logLevel: 'silent',
  });
  return [{ path: '/home', screen: 'home/pages/home-page' }, ...module.routeTable];
}

/** The API server; PORTAL_API overrides it (e.g. a second server on another port). */
const API = process.env.PORTAL_API ?? 'http://127.0.0.1:8080';
const proxied = ['/v1', '/api', '/common', '/gx', '/external_api', '/docs'];

/**
 * Dev server (and preview) proxy the API prefixes to the one server process; build goes to apps/web/dist
 * with a brotli (quality 11) and a gzip (level 9) copy beside every text file over 1 KiB, which the
 * server sends by Accept-Encoding (@fastify/static preCompressed), so no request pays for compression.
 */
export default defineConfig({
  resolve: { alias },
  plugins: [
    react(),
    // the endpoint table's area files load as their routes (method, path), without their schemas
    endpointRoutesPlugin(),
    // the chunk groups (chunk-groups.ts) and antd's stylesheet cut to the components the bundle holds
    // (antd-css.ts), both from one probe build of this same config (probe-build.ts)
    chunkGroupsPlugin(probeConfig),
    antdCssPlugin(probeConfig),
    // /login's lazy chunk named in index.html, so it arrives beside the entry (login-preload.ts)
    loginPreloadPlugin(),
    // each signed-in screen's landing page: its chunks named up front, a static frame painted first
    landingPagesPlugin(landingRoutes, srcDir, LOGIN_MODULE),
    // compressed copies are for the real build only, not the probe
    !inProbe() &&
      compression({
        algorithms: ['brotliCompress', 'gzip'],
        include: /\.(js|mjs|css|html|svg|json|txt)$/,
        threshold: 1024,
        logLevel: 'silent',
      }),
  ],
  server: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    // Rolldown's plugin-timing notice names the compression step (brotli quality 11), which is slow by
    // choice and runs once per build; it is not something a newcomer's `npm start` can act on.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
});
