/** Entry: i18n, the query-string token of spec §2, then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { consumeQueryToken } from './lib/session.ts';
import './app/styles.css';

initI18n();
consumeQueryToken();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders client={createQueryClient()}>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );
}
