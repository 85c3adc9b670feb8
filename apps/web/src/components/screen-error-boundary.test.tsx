/**
 * A screen that cannot be drawn says why instead of blanking the page: a chunk that did not load asks
 * for a reload (a new deploy), any other error offers to try again, and a new path starts over.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setLang } from '@/lib/i18n.ts';
import { isChunkLoadError, ScreenErrorBoundary } from './screen-error-boundary.tsx';

/** React reports each caught error on console.error; the tests expect them. */
function quietReactErrors() {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

const chromiumChunkError = new TypeError(
  'Failed to fetch dynamically imported module: http://localhost:3000/assets/report-page-9z8y7x.js',
);

/** Throws while `brokenScreen.on`, then draws. */
const brokenScreen = { on: true };
function FlakyScreen() {
  if (brokenScreen.on) throw new TypeError("Cannot read properties of undefined (reading 'list')");
  return <p>report rows</p>;
}

/** A screen that throws on `/broken` only. */
function PathScreen({ path }: { path: string }) {
  if (path === '/broken') throw new Error('boom');
  return <p>screen of {path}</p>;
}

/** A frame whose button moves from `/broken` to `/home`, the boundary keyed on the path. */
function Frame() {
  const [path, setPath] = useState('/broken');
  return (
    <>
      <button type="button" onClick={() => setPath('/home')}>
        go home
      </button>
      <ScreenErrorBoundary resetKeys={[path]}>
        <PathScreen path={path} />
      </ScreenErrorBoundary>
    </>
  );
}

describe('isChunkLoadError', () => {
  it("knows each browser's failed module load and Vite's failed CSS preload, nothing else", () => {
    expect(isChunkLoadError(chromiumChunkError)).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'list')"))).toBe(
      false,
    );
    expect(isChunkLoadError('Failed to fetch')).toBe(false);
  });
});

/** Renders `child` in a boundary and checks the fallback's kind, title and reload button text. */
async function expectFallback(child: ReactNode, kind: 'render' | 'chunk', title: string, reload: string) {
  render(<ScreenErrorBoundary resetKeys={['/report/sdk']}>{child}</ScreenErrorBoundary>);
  const fallback = await screen.findByTestId('screen-error');
  expect(fallback.dataset.kind).toBe(kind);
  expect(fallback.textContent).toContain(title);
  expect(screen.getByTestId('screen-error-reload').textContent).toBe(reload);
}

describe('ScreenErrorBoundary', () => {
  it('shows a render error with try again, which draws the screen once it can', async () => {
    const errors = quietReactErrors();
    brokenScreen.on = true;
    await expectFallback(<FlakyScreen />, 'render', '页面出错了', '刷新页面');
    expect(errors).toHaveBeenCalled();
    brokenScreen.on = false;
    await userEvent.setup().click(screen.getByTestId('screen-error-retry'));
    expect(await screen.findByText('report rows')).toBeTruthy();
    expect(screen.queryByTestId('screen-error')).toBeNull();
  });

  it("says the portal was updated when a screen's chunk did not load, in English too, with reload only", async () => {
    quietReactErrors();
    await setLang('en');
    const Missing = lazy(() => Promise.reject(chromiumChunkError));
    await expectFallback(<Missing />, 'chunk', 'The portal has been updated', 'Reload page');
    expect(screen.queryByTestId('screen-error-retry')).toBeNull();
  });

  it('starts over on another path', async () => {
    quietReactErrors();
    render(<Frame />);
    expect(await screen.findByTestId('screen-error')).toBeTruthy();
    await userEvent.setup().click(screen.getByText('go home'));
    expect(await screen.findByText('screen of /home')).toBeTruthy();
  });
});
