/**
 * What a screen shows when it cannot be drawn, instead of a blank page (React unmounts the whole tree
 * on an error no boundary catches):
 * - its code did not arrive: a chunk of the build the page was loaded from is gone, typically on
 *   several replicas during a rolling deploy (the server answers 404 for an asset it does not have,
 *   apps/server/src/plugins/web-app.ts), or the network dropped. The screen says the portal may have
 *   been updated and offers a reload, which loads the new build;
 * - anything else thrown while rendering: says so and offers to try again or reload.
 * Nothing is reloaded by itself: a reload the user did not ask for could drop what they were typing
 * on another part of the page. Built on react-error-boundary; the frame (header, sidebar) stays
 * when the boundary sits around the screen (app/layout/app-layout.tsx).
 */
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';

/**
 * Whether `error` is a failed load of a module (a `import()` of a chunk, or its CSS): the texts of
 * Chromium, Firefox and Safari, and Vite's preload helper ("Unable to preload CSS").
 */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    text,
  );
}

/** Reloads the page from the server (a new deploy's index.html and chunks). */
function reloadPage(): void {
  window.location.reload();
}

/** The fallback: a chunk that did not load, or another error; `data-testid="screen-error"`. */
function ScreenErrorFallback({ error, resetErrorBoundary }: FallbackProps) {
  const { t } = useTranslation('common');
  const chunk = isChunkLoadError(error);
  const reload = (
    <Button key="reload" type="primary" onClick={reloadPage} data-testid="screen-error-reload">
      {t('crash.reload')}
    </Button>
  );
  return (
    <Result
      status={chunk ? 'info' : 'warning'}
      title={t(chunk ? 'crash.updatedTitle' : 'crash.title')}
      subTitle={t(chunk ? 'crash.updatedHint' : 'crash.hint')}
      extra={
        chunk
          ? [reload]
          : [
              reload,
              <Button key="retry" onClick={resetErrorBoundary} data-testid="screen-error-retry">
                {t('crash.retry')}
              </Button>,
            ]
      }
      data-testid="screen-error"
      data-kind={chunk ? 'chunk' : 'render'}
    />
  );
}

/**
 * Catches what `children` throw while rendering and shows {@link ScreenErrorFallback}; starts over
 * when any of `resetKeys` changes (the path: another screen is another chance).
 */
export function ScreenErrorBoundary({ children, resetKeys }: { children: ReactNode; resetKeys: unknown[] }) {
  return (
    <ErrorBoundary FallbackComponent={ScreenErrorFallback} resetKeys={resetKeys}>
      {children}
    </ErrorBoundary>
  );
}
