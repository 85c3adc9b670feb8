import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The API server; PORTAL_API overrides it (e.g. a second server on another port). */
const API = process.env.PORTAL_API ?? 'http://127.0.0.1:8080';
const proxied = ['/v1', '/api', '/common', '/gx', '/external_api', '/docs'];

/**
 * Dev server (and preview) proxy the API prefixes to the one server process; build goes to apps/web/dist
 * with a brotli (quality 11) and a gzip (level 9) copy beside every text file over 1 KiB, which the
 * server sends by Accept-Encoding (@fastify/static preCompressed), so no request pays for compression.
 */
export default defineConfig({
  plugins: [
    react(),
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
  },
});
