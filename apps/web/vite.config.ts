import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server; PORTAL_API overrides it (e.g. a second server on another port). */
const API = process.env.PORTAL_API ?? 'http://127.0.0.1:8080';
const proxied = ['/v1', '/api', '/common', '/gx', '/external_api', '/docs'];

/** Dev server (and preview) proxy the API prefixes to the one server process; build goes to apps/web/dist. */
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
});
