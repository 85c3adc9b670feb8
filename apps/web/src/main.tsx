/**
 * Entry: i18n, the query-string token of spec §2, the landing screen's chunks and first requests
 * (signed in: beside the user info and the menu, not after them), then the app.
 */
// First: configures zod before any schema runs (no eval under the CSP).
import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { preloadScreen } from './app/route-table.tsx';
import { AppRoutes } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { consumeQueryToken, getToken } from './lib/session.ts';
import 'antd/dist/antd.css';
import './app/styles.css';

initI18n();
consumeQueryToken();
const queryClient = createQueryClient();
if (getToken()) preloadScreen(window.location.pathname, queryClient);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders client={queryClient}>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );
}
