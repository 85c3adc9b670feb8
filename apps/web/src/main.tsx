/**
 * Entry: i18n, the query-string token of spec §2, the landing screen's chunks and first requests
 * (signed in: beside the user info and the menu, not after them), then the app.
 */
// First: configures zod before any schema runs (no eval under the CSP).
import './lib/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { prefetchAccess } from './app/access-provider.tsx';
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
const token = getToken();
if (token) {
  const userInfoKnown = prefetchAccess(queryClient, token);
  preloadScreen(window.location.pathname, queryClient, userInfoKnown);
}

const root = document.getElementById('root');
if (root) {
  const app = createRoot(root);
  // A transition: React renders the first screen in slices of a few milliseconds and lets the
  // browser answer input between them, instead of one long task (issue 11: Total Blocking Time).
  startTransition(() =>
    app.render(
      <StrictMode>
        <BrowserRouter>
          <AppProviders client={queryClient}>
            <AppRoutes />
          </AppProviders>
        </BrowserRouter>
      </StrictMode>,
    ),
  );
}
