/** jsdom gaps antd needs, a fresh i18n language and clean storage for every test. */
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, vi } from 'vitest';
import { deleteCookie } from '@/lib/cookie.ts';
import { initI18n } from '@/lib/i18n.ts';
import { refreshSession } from '@/lib/session.ts';
import { installCanvasStub } from './canvas.ts';

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
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

function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) deleteCookie(decodeURIComponent(name));
  }
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  refreshSession();
  await i18next.changeLanguage('zh');
});

afterEach(() => {
  cleanup();
  const missing = [...missingKeys];
  missingKeys.clear();
  if (missing.length > 0) throw new Error(`text keys missing from the catalogues: ${missing.join(', ')}`);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
