/**
 * matchMedia for jsdom, which has none: a MediaQueryList that answers `matches(query)` once and never
 * fires change events. jsdom-env.ts installs one answering false; tests of a narrow screen spy on
 * window.matchMedia with `screenMatching` (restored after each test by setup.ts).
 */
import { vi } from 'vitest';

/** A MediaQueryList for `query` with a fixed answer. */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList;
}

/** Makes window.matchMedia answer each query with `matches(query)` until the test's spies are restored. */
export function screenMatching(matches: (query: string) => boolean): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((q: string) => mediaQueryList(q, matches(q)));
}
