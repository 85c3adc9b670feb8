/**
 * The watermark (spec §1: every page except login) as drawn, not only as configured: jsdom has no
 * canvas, so a stub canvas records the text antd draws and hands it back as the tile's data URL, and
 * animation frames run only when the test says so. Issue 14 item 7: after signing in through `?t=`
 * the tile shows the user's email as soon as the user info answers, also when it answers within the
 * frame of the first paint (antd redraws at most once a frame and drops later changes of that
 * frame), and a language switch never leaves an earlier text behind.
 */
import { act, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { consumeQueryToken } from '@/lib/session.ts';
import { mockApi, type Reply, renderApp, sessionRoutes } from '@/test/render-app.tsx';

/** A 2D context that records `fillText`; its canvas's data URL names the texts drawn on it. */
function stubCanvas() {
  const drawn = new WeakMap<HTMLCanvasElement, string[]>();
  const proto = HTMLCanvasElement.prototype;
  proto.getContext = function getContext(this: HTMLCanvasElement) {
    const texts: string[] = [];
    drawn.set(this, texts);
    return new Proxy(
      {},
      {
        get(_, key) {
          if (key === 'measureText')
            return (s: string) => ({
              width: s.length * 8,
              fontBoundingBoxAscent: 12,
              fontBoundingBoxDescent: 4,
            });
          if (key === 'fillText') return (s: string) => texts.push(s);
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

/** Animation frames that run only on {@link nextFrame}. */
const frames = new Map<number, FrameRequestCallback>();
let lastFrameId = 0;
function holdFrames() {
  frames.clear();
  window.requestAnimationFrame = (cb) => {
    lastFrameId += 1;
    frames.set(lastFrameId, cb);
    return lastFrameId;
  };
  window.cancelAnimationFrame = (id) => frames.delete(id);
}
function nextFrame() {
  const due = [...frames.values()];
  frames.clear();
  act(() => {
    for (const cb of due) cb(performance.now());
  });
}

/** The text of the tile the watermark shows over the layout, '' before it is drawn. */
function watermarkText(): string {
  const holder = screen.getByTestId('app-layout').parentElement;
  const tile = [...(holder?.children ?? [])].find((el) => (el as HTMLElement).style?.backgroundImage);
  const image = (tile as HTMLElement | undefined)?.style.backgroundImage ?? '';
  const text = /data:text\/plain,([^'")]*)/.exec(image)?.[1];
  return text ? decodeURIComponent(text) : '';
}

describe('watermark (issue 14 item 7)', () => {
  beforeEach(() => {
    stubCanvas();
    holdFrames();
  });

  it('after a ?t= sign-in shows the email once user_info answers in the same frame, in either language', async () => {
    window.history.replaceState(null, '', '/home?t=query-token');
    expect(consumeQueryToken()).toBe(true);
    let answer: (reply: Reply) => void = () => undefined;
    mockApi({
      ...sessionRoutes(),
      'GET /api/v1/user/user_info': () => new Promise<Reply>((resolve) => (answer = resolve)),
    });
    renderApp('/home');
    // First paint: the product name, drawn at once.
    await waitFor(() => expect(watermarkText()).toBe('发布商平台'));
    // user_info answers before the next frame.
    await act(async () => answer(sessionRoutes()['GET /api/v1/user/user_info']));
    await waitFor(() => expect(screen.getByTestId('app-layout').dataset.watermark).toBe('demo@example.com'));
    await waitFor(() => {
      nextFrame();
      expect(watermarkText()).toBe('demo@example.com');
    });
    await act(() => i18next.changeLanguage('en'));
    nextFrame();
    expect(watermarkText()).toBe('demo@example.com');
  });

  it('signed out, the product name follows the language', async () => {
    mockApi({});
    renderApp('/home');
    await waitFor(() => expect(watermarkText()).toBe('发布商平台'));
    await act(() => i18next.changeLanguage('en'));
    await waitFor(() => {
      nextFrame();
      expect(watermarkText()).toBe('Publisher Portal');
    });
  });
});
