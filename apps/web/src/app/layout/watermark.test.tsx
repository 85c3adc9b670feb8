/**
 * The watermark (spec §1: every page except login) as drawn, not only as configured: jsdom has no
 * canvas, so the test setup's stub canvas (test/canvas.ts) records the text antd draws and hands it
 * back as the tile's data URL, and animation frames run only when the test says so. Issue 14 item 7:
 * after signing in through `?t=` the tile shows the user's email as soon as the user info answers,
 * also when it answers within the frame of the first paint (antd redraws at most once a frame and
 * drops later changes of that frame), and a language switch never leaves an earlier text behind.
 */
import type { UserInfo } from '@portal/contracts/account.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { act, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { consumeQueryToken } from '@/lib/session.ts';
import { demoUser, mock, mockApi, renderApp, sessionRoutes } from '@/test/render-app.tsx';

/** Animation frames that run only on {@link nextFrame}. */
const frames = new Map<number, FrameRequestCallback>();
let lastFrameId = 0;
function holdFrames() {
  frames.clear();
  // Stubbed through Vitest, which puts jsdom's back after each test (test/setup.ts).
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    lastFrameId += 1;
    frames.set(lastFrameId, cb);
    return lastFrameId;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
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
    holdFrames();
  });

  it('after a ?t= sign-in shows the email once user_info answers in the same frame, in either language', async () => {
    window.history.replaceState(null, '', '/home?t=query-token');
    expect(consumeQueryToken()).toBe(true);
    let answer: (users: UserInfo[]) => void = () => undefined;
    mockApi([
      ...sessionRoutes(),
      mock(endpoints.account.userInfo, () => new Promise<UserInfo[]>((resolve) => (answer = resolve))),
    ]);
    renderApp('/home');
    // First paint: the product name, drawn at once.
    await waitFor(() => expect(watermarkText()).toBe('发布商平台'));
    // user_info answers before the next frame.
    await act(async () => answer([demoUser]));
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
    mockApi([]);
    renderApp('/home');
    await waitFor(() => expect(watermarkText()).toBe('发布商平台'));
    await act(() => i18next.changeLanguage('en'));
    await waitFor(() => {
      nextFrame();
      expect(watermarkText()).toBe('Publisher Portal');
    });
  });
});
