import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_ACCESS, earlyAccessScript } from './early-access.ts';
import { deleteCookie, setCookie } from './src/lib/cookie.ts';
import {
  dropEarlyRequests,
  EARLY_GLOBAL,
  type EarlyRequests,
  takeEarlyRequest,
} from './src/lib/early-requests.ts';
import { ACCEPT_LANGUAGE, StorageKey, TOKEN_COOKIE } from './src/lib/storage-keys.ts';

/** Runs the built script as the browser would: a classic script in the page's global scope. */
function runScript(): void {
  new Function(earlyAccessScript())();
}

const early = () => (window as unknown as Record<string, EarlyRequests | undefined>)[EARLY_GLOBAL];

describe('landing pages’ early script (issue 26 item 1)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn((path: string) =>
      Promise.resolve(new Response(JSON.stringify({ code: 0, data: path }))),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (window as unknown as Record<string, unknown>)[EARLY_GLOBAL];
    deleteCookie(TOKEN_COOKIE);
    localStorage.removeItem(StorageKey.language);
    window.history.replaceState(null, '', '/');
  });

  it("sends the user info and the menu with the ?t= token and the stored language's header", async () => {
    window.history.replaceState(null, '', '/report/sdk?t=tok%2Bq');
    localStorage.setItem(StorageKey.language, 'en');
    runScript();
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual([
      '/api/v1/user/user_info',
      '/api/v1/user/menu',
    ]);
    for (const [, init] of fetchMock.mock.calls)
      expect(init.headers).toMatchObject({ token: 'tok+q', 'Accept-Language': ACCEPT_LANGUAGE.en });
    expect(early()?.token).toBe('tok+q');
    expect(Object.keys(early()?.answers ?? {})).toEqual(EARLY_ACCESS.paths);
  });

  it('takes the token cookie without ?t=, and Chinese without a stored language', () => {
    setCookie(TOKEN_COOKIE, 'cookie tok', 60_000);
    runScript();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]?.[1].headers).toMatchObject({
      token: 'cookie tok',
      'Accept-Language': ACCEPT_LANGUAGE.zh,
    });
  });

  it('sends nothing without a session', () => {
    runScript();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(early()).toBeUndefined();
  });

  it('leaves each answer to the request that matches it, once', async () => {
    window.history.replaceState(null, '', '/home?t=tok');
    runScript();
    const path = '/api/v1/user/menu';
    expect(takeEarlyRequest(path, 'other', ACCEPT_LANGUAGE.zh)).toBeUndefined();
    expect(takeEarlyRequest(path, 'tok', ACCEPT_LANGUAGE.en)).toBeUndefined();
    const answer = takeEarlyRequest(path, 'tok', ACCEPT_LANGUAGE.zh);
    expect(await (await answer)?.json()).toEqual({ code: 0, data: path });
    expect(takeEarlyRequest(path, 'tok', ACCEPT_LANGUAGE.zh)).toBeUndefined();
    expect(takeEarlyRequest('/v1/other', 'tok', ACCEPT_LANGUAGE.zh)).toBeUndefined();
  });

  it('serves nothing once the start-up dropped what was not taken', () => {
    window.history.replaceState(null, '', '/home?t=tok');
    runScript();
    dropEarlyRequests();
    expect(takeEarlyRequest('/api/v1/user/user_info', 'tok', ACCEPT_LANGUAGE.zh)).toBeUndefined();
    expect(early()?.token).toBe('tok');
  });
});
