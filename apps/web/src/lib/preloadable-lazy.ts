/**
 * `React.lazy` for a module that may have been loaded before React first meets it (a landing screen
 * whose chunks main.tsx starts at once, app/route-table.tsx). React's lazy calls its loader on the
 * first render and suspends on the promise even when the module is already there (a promise settles
 * a task later at best): the surrounding Suspense commits its fallback, and the screen renders in a
 * second pass once React retries. On a cold /report/sdk that was one more commit of the page frame,
 * and the report's own render a pass later (bench/web-trace.ts, issue 26 item 1). Here, once `preload`
 * has settled, the loader hands React a thenable that calls back at once, which React's lazy reads as
 * resolved in the same render (react `lazyInitializer`: its status is set inside `then`).
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A module with a default component export, as `import()` of a page gives it. */
export type ComponentModule<T extends ComponentType> = { default: T };

/** A lazy component and the function that starts (once) loading its module. */
export type PreloadableLazy<T extends ComponentType> = {
  Component: LazyExoticComponent<T>;
  /**
   * Starts loading the module (at most one load in flight; a failed one may be asked again, so the
   * component's own render asks again and shows the error). Resolves to the module.
   */
  preload: () => Promise<ComponentModule<T>>;
};

/**
 * Wraps `load` (e.g. `() => import('./page.tsx')`) so that the component renders in the first pass
 * once its module has loaded, through {@link PreloadableLazy.preload} or an earlier render.
 */
export function preloadableLazy<T extends ComponentType>(
  load: () => Promise<ComponentModule<T>>,
): PreloadableLazy<T> {
  let loaded: ComponentModule<T> | undefined;
  let pending: Promise<ComponentModule<T>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (m) => {
        loaded = m;
        return m;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Component = lazy(() => {
    const m = loaded;
    if (!m) return preload();
    // A thenable that answers at once: React's lazy takes the module in this render. It is not a
    // Promise (which would call back a microtask later), hence the cast to the type lazy asks for.
    const now: PromiseLike<ComponentModule<T>> = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable is what React's lazy reads
      then: (onFulfilled) => Promise.resolve(onFulfilled ? onFulfilled(m) : m) as never,
    };
    return now as Promise<ComponentModule<T>>;
  });
  return { Component, preload };
}
