import { act, render, screen } from '@testing-library/react';
import { type ComponentType, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from './preloadable-lazy.ts';

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

describe('preloadable lazy (issue 26 item 1: a preloaded screen renders in the first pass)', () => {
  it('renders a preloaded module in the first render, without showing the fallback', async () => {
    const { load, arrive } = deferredLoader();
    const { Component, preload } = preloadableLazy(load);
    const loaded = preload();
    arrive();
    await loaded;
    shown(Component);
    // no act() flush of a promise: the page is there from the render itself
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends on a module still loading, then shows it; one load for preload and render', async () => {
    const { load, arrive } = deferredLoader();
    const { Component, preload } = preloadableLazy(load);
    void preload();
    shown(Component);
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => arrive());
    expect(screen.getByText('the page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce({ default: Page });
    const { preload } = preloadableLazy(load);
    await expect(preload()).rejects.toThrow('chunk failed');
    await expect(preload()).resolves.toEqual({ default: Page });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
