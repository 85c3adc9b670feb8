/**
 * Runs before every web test file. The web project shares one module graph and one jsdom window per
 * test process (`isolate: false`, vitest.config.ts), so each test starts from what a fresh process
 * would give it: clean storage and cookies, the start address, Chinese (i18n, dayjs, `<html lang>`),
 * real timers; and a test that leaves a global replaced fails (global-guard.ts).
 */
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { deleteCookie } from '@/lib/cookie.ts';
import { setLang } from '@/lib/i18n.ts';
import { refreshSession } from '@/lib/session.ts';
import { type GlobalsSnapshot, restoreGlobals, snapshotGlobals } from './global-guard.ts';
import { startUrl, takeMissingKeys } from './jsdom-env.ts';

function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) deleteCookie(decodeURIComponent(name));
  }
}

/** Undoes Vitest's stubs, spies and fake timers, then anything else still replaced since `before`. */
function undoReplacements(before: GlobalsSnapshot, after: string): void {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  const leaked = restoreGlobals(before);
  if (leaked.length > 0)
    throw new Error(
      `${after} left globals replaced (use vi.stubGlobal / vi.spyOn, which are undone): ${leaked.join(', ')}`,
    );
}

// This file runs again before each test file: what the file's top level and beforeAll put in place
// is checked when it ends.
const fileStart = snapshotGlobals();
let testStart = fileStart;

beforeEach(async () => {
  window.history.replaceState(null, '', startUrl);
  await setLang('zh');
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  refreshSession();
  testStart = snapshotGlobals();
});

afterEach(() => {
  cleanup();
  const missing = takeMissingKeys();
  undoReplacements(testStart, 'the test');
  if (missing.length > 0) throw new Error(`text keys missing from the catalogues: ${missing.join(', ')}`);
});

afterAll(async () => {
  // A screen's lazy chunk a test set loading and did not wait for (a preload, a route rendered last)
  // must finish loading in this file: Vitest tears the file's environment down when it ends, an
  // import still on its way then fails, and the shared module graph keeps it failed, so every later
  // file of the process that renders that screen waited in vain (the report page's date picker, on a
  // CI machine at load 3-4).
  await vi.dynamicImportSettled();
  undoReplacements(fileStart, 'the file (top level or beforeAll)');
});
