/**
 * A 2D canvas context for jsdom, which implements none: every drawing call is accepted and does
 * nothing, except that `fillText` records its text, `measureText` answers 8 px per character and a
 * canvas's `toDataURL` names the texts drawn on it (or drawn onto canvases copied into it). Lets
 * canvas-drawing libraries (antd's Watermark, uPlot) run their real code in the tests, and lets a
 * test read what they wrote.
 */
const drawn = new WeakMap<HTMLCanvasElement, string[]>();

/** A path that accepts every segment and draws nothing (jsdom has no `Path2D`). */
class Path2DStub {
  constructor() {
    // biome-ignore lint/correctness/noConstructorReturn: every method of a path is a no-op here
    return new Proxy(this, { get: (t, k) => (k in t ? t[k as keyof typeof t] : () => undefined) });
  }
}

/**
 * Installs the context on `HTMLCanvasElement.prototype`, and `Path2D` where missing (the test setup
 * does, for every test).
 */
export function installCanvasStub(): void {
  globalThis.Path2D ??= Path2DStub as unknown as typeof Path2D;
  const proto = HTMLCanvasElement.prototype;
  proto.getContext = function getContext(this: HTMLCanvasElement) {
    const texts: string[] = [];
    drawn.set(this, texts);
    const canvas = this;
    return new Proxy(
      {},
      {
        get(_, key) {
          if (key === 'canvas') return canvas;
          if (key === 'measureText')
            return (s: string) => ({
              width: s.length * 8,
              fontBoundingBoxAscent: 12,
              fontBoundingBoxDescent: 4,
            });
          if (key === 'fillText') return (s: string) => texts.push(String(s));
          if (key === 'drawImage')
            return (source: unknown) => {
              if (source instanceof HTMLCanvasElement) texts.push(...(drawn.get(source) ?? []));
            };
          return () => undefined;
        },
        set: () => true,
      },
    ) as unknown as CanvasRenderingContext2D;
  } as unknown as HTMLCanvasElement['getContext'];
  proto.toDataURL = function toDataURL(this: HTMLCanvasElement) {
    return `data:text/plain,${encodeURIComponent([...new Set(drawn.get(this) ?? [])].join('|'))}`;
  };
}

/** The texts drawn on `canvas` since its context was taken, in order. */
export function textsDrawn(canvas: HTMLCanvasElement): string[] {
  return [...(drawn.get(canvas) ?? [])];
}
