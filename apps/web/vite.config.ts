import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API = 'http://127.0.0.1:8080';
const proxied = ['/v1', '/api', '/common', '/gx', '/external_api', '/docs'];

/** Dev server proxies the API prefixes to the one server process; build goes to apps/web/dist. */
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
