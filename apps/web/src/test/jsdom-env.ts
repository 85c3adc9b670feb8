/**
 * What the web tests add to jsdom once per test process: the gaps antd and the app need (matchMedia,
 * observers, a canvas, TextEncoder of this realm), Testing Library's wait, and i18n with a record of
 * text keys the catalogues lack. A module, so it runs once per process even though the setup file
 * (setup.ts) runs again before every test file of the shared-graph project (`isolate: false`): a
 * second run would wrap getComputedStyle and TextEncoder in themselves once more per file.
 */
import { configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { initI18n } from '@/lib/i18n.ts';
import { installCanvasStub } from './canvas.ts';
import { mediaQueryList } from './media-query.ts';

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => mediaQueryList(query, false),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// jsdom lays nothing out, so nothing ever scrolls into view: content loaded on sight (the report's
// country chart) stays unloaded unless a test installs an observer that reports it visible.
class IntersectionObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.IntersectionObserver ??= IntersectionObserverStub as unknown as typeof IntersectionObserver;

// The watermark and the trend draw on a canvas, which jsdom does not implement.
installCanvasStub();

// jsdom computes no pseudo-element styles and prints "Not implemented" on every such call (rc-table
// measures its scrollbar through `::-webkit-scrollbar` on each report table): answer the element's.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (el: Element) => computedStyle(el);
window.scrollTo = () => {};

// jsdom's TextEncoder hands out Uint8Arrays of another realm, which jose's instanceof checks refuse.
class RealmTextEncoder extends TextEncoder {
  override encode(input?: string): Uint8Array<ArrayBuffer> {
    return new Uint8Array(super.encode(input));
  }
}
globalThis.TextEncoder = RealmTextEncoder;

// user-event patches focus and blur and prepares the document on its first `setup()` in a window, and
// puts its clipboard stub on navigator: done once here, so that is the window every test starts from
// (global-guard.ts) rather than a change the first test to type something makes.
userEvent.setup();

// Lazy route chunks are transformed on first use, which can take seconds in a cold run.
configure({ asyncUtilTimeout: 8000 });

initI18n();

// A text key the catalogues do not have renders as the key itself ("actions.addPlacement"): every
// test fails on one, whichever screen it renders.
const missingKeys = new Set<string>();
i18next.options.saveMissing = true;
i18next.on('missingKey', (_lngs: readonly string[], ns: string, key: string) => {
  missingKeys.add(`${ns}:${key}`);
});

/** The text keys looked up and missing since the last call (`ns:key`). */
export function takeMissingKeys(): string[] {
  const missing = [...missingKeys];
  missingKeys.clear();
  return missing;
}

/** The page address jsdom started on; every test starts there again (setup.ts). */
export const startUrl = window.location.href;
