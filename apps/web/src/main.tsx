/**
 * Entry: i18n, the query-string token of spec §2, the landing screen's chunks and first requests
 * (signed in: beside the user info and the menu, not after them), then the app.
 */
// First: configures zod before any schema runs (no eval under the CSP).
import './lib/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { accessSettled, prefetchAccess } from './app/access-provider.tsx';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { preloadScreen } from './app/route-table.tsx';
import { AppRoutes, preloadLayout } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { consumeQueryToken, getToken } from './lib/session.ts';
import 'antd/dist/antd.css';
import './app/styles.css';

/**
 * Longest wait (ms) of a landing page's first render for the user info and the menu; past it React
 * renders its own skeleton of the frame, with the navbar's controls, while they load.
 */
const ACCESS_WAIT_MS = 2000;

initI18n();
consumeQueryToken();
const queryClient = createQueryClient();
const token = getToken();
const root = document.getElementById('root');
let firstRenderAfter: Promise<unknown> | undefined;
if (token) {
  const userInfoKnown = prefetchAccess(queryClient, token);
  preloadScreen(window.location.pathname, queryClient, userInfoKnown);
  preloadLayout().catch(() => undefined);
  // A landing page already shows the frame the app would draw while the permissions load (its static
  // `.boot-frame`, landing-pages.ts), so React's first render waits for them: rendered before, that
  // skeleton was drawn, then drawn again with the screen, and the user info answering in the middle
  // of a sliced render made React throw it away and render the whole tree again at once
  // (bench/web-trace.ts on a cold /report/sdk: 100-200 ms of main thread before the first rows,
  // issue 26 item 1). The screen's chunks and its first request go on meanwhile.
  if (root?.querySelector('.boot-frame'))
    firstRenderAfter = Promise.race([
      accessSettled(queryClient, token),
      new Promise((resolve) => setTimeout(resolve, ACCESS_WAIT_MS)),
    ]);
}

/** Mounts the app into `el`. */
function renderApp(el: HTMLElement): void {
  const app = createRoot(el);
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

if (root) {
  if (firstRenderAfter) void firstRenderAfter.then(() => renderApp(root));
  else renderApp(root);
}
