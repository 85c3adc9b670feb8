/**
 * What the screens and the frame rely on react-lazy-with-preload for (app/route-table.tsx,
 * app/router.tsx; issue 26 item 1): a component whose module was preloaded renders in the first
 * render, with no Suspense fallback committed first, and one still loading suspends as React's lazy.
 */
import { act, render, screen } from '@testing-library/react';
import { type ComponentType, Suspense } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { describe, expect, it, vi } from 'vitest';

function Page() {
  return <p>the page</p>;
}

/** A loader whose module arrives when the test says so. */
function deferredLoader() {
  let resolve: (m: { default: typeof Page }) => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<{ default: typeof Page }>((r) => {
        resolve = r;
      }),
  );
  return { load, arrive: () => resolve({ default: Page }) };
}

const shown = (Component: ComponentType) =>
  render(
    <Suspense fallback={<p>waiting</p>}>
      <Component />
    </Suspense>,
  );

describe('lazyWithPreload', () => {
  it('renders a preloaded module in the first render, without showing the fallback', async () => {
    const { load, arrive } = deferredLoader();
    const Component = lazyWithPreload(load);
    const loaded = Component.preload();
    arrive();
    await loaded;
    shown(Component);
    // No act() flush of a promise: the page is there from the render itself.
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends on a module still loading, then shows it', async () => {
    const { load, arrive } = deferredLoader();
    const Component = lazyWithPreload(load);
    void Component.preload();
    shown(Component);
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => arrive());
    expect(screen.getByText('the page')).toBeTruthy();
  });
});
