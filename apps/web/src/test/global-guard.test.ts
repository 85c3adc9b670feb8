/**
 * The guard that fails a test leaving a global replaced (global-guard.ts): what it catches, what it
 * puts back, and what it lets pass (Vitest's own stubs once undone, a library's new marker).
 */
import { describe, expect, it, vi } from 'vitest';
import { restoreGlobals, snapshotGlobals } from './global-guard.ts';

describe('restoreGlobals', () => {
  it('names and puts back a global assigned over (jsdom global, prototype method, static)', () => {
    const fetchBefore = globalThis.fetch;
    const frameBefore = window.requestAnimationFrame;
    const clickBefore = HTMLElement.prototype.click;
    const createBefore = URL.createObjectURL;
    const before = snapshotGlobals();
    window.fetch = vi.fn();
    window.requestAnimationFrame = () => 0;
    HTMLElement.prototype.click = () => undefined;
    URL.createObjectURL = () => 'blob:x';

    expect(restoreGlobals(before).sort()).toEqual([
      'HTMLElement.prototype.click replaced',
      'URL.createObjectURL replaced',
      'globalThis.fetch replaced',
      'globalThis.requestAnimationFrame replaced',
    ]);
    expect(globalThis.fetch).toBe(fetchBefore);
    expect(window.requestAnimationFrame).toBe(frameBefore);
    expect(HTMLElement.prototype.click).toBe(clickBefore);
    expect(URL.createObjectURL).toBe(createBefore);
    expect(restoreGlobals(before)).toEqual([]);
  });

  it('names and removes an own property that hides an inherited one, and puts a redefined one back', () => {
    const clipboard = navigator.clipboard;
    const agent = navigator.userAgent;
    const before = snapshotGlobals();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn() }, configurable: true });
    Object.defineProperty(navigator, 'userAgent', { value: 'test agent', configurable: true });

    expect(restoreGlobals(before).sort()).toEqual([
      'navigator.clipboard replaced',
      'navigator.userAgent replaced',
    ]);
    expect(navigator.clipboard).toBe(clipboard);
    expect(navigator.userAgent).toBe(agent);
  });

  it("lets Vitest's stubs and spies pass once undone, and a new global nothing had", () => {
    const before = snapshotGlobals();
    vi.stubGlobal('fetch', vi.fn());
    vi.spyOn(HTMLElement.prototype, 'focus').mockImplementation(() => undefined);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    const marker = { library: 'state' };
    Object.assign(globalThis, { __guardTestMarker: marker });
    try {
      expect(restoreGlobals(before)).toEqual([]);
      expect(Reflect.get(globalThis, '__guardTestMarker')).toBe(marker);
    } finally {
      Reflect.deleteProperty(globalThis, '__guardTestMarker');
    }
  });
});
