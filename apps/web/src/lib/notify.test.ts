import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('notify: one toast per key across the binding', () => {
  afterEach(() => vi.restoreAllMocks());

  it('moves a keyed toast shown before the binding onto the bound API', async () => {
    vi.resetModules();
    const staticOpen = vi.spyOn(message, 'open').mockImplementation((() => undefined) as never);
    const staticDestroy = vi.spyOn(message, 'destroy').mockImplementation(() => undefined);
    const { bindMessageApi, warn, succeed } = await import('./notify.ts');
    warn('登录已过期，请重新登录', 3, 'session-expired');
    succeed('saved', 2); // no key: left where it is
    expect(staticOpen).toHaveBeenCalledTimes(2);

    const bound = { open: vi.fn() } as unknown as MessageInstance;
    bindMessageApi(bound);
    expect(staticDestroy).toHaveBeenCalledWith('session-expired');
    expect(staticDestroy).toHaveBeenCalledTimes(1);
    expect(bound.open).toHaveBeenCalledWith({
      type: 'warning',
      content: '登录已过期，请重新登录',
      duration: 3,
      key: 'session-expired',
    });

    // after the binding the same key goes to the bound API (which replaces its toast), not the static one
    warn('登录已过期，请重新登录', 3, 'session-expired');
    expect(bound.open).toHaveBeenCalledTimes(2);
    expect(staticOpen).toHaveBeenCalledTimes(2);
  });

  it('sends toasts to the static API again once the bound host is gone', async () => {
    vi.resetModules();
    const staticOpen = vi.spyOn(message, 'open').mockImplementation((() => undefined) as never);
    const { bindMessageApi, unbindMessageApi, fail } = await import('./notify.ts');
    const first = { open: vi.fn() } as unknown as MessageInstance;
    const second = { open: vi.fn() } as unknown as MessageInstance;
    bindMessageApi(first);
    bindMessageApi(second);
    unbindMessageApi(first); // an older host's cleanup leaves the newer binding alone
    fail('网络异常', 3);
    expect(second.open).toHaveBeenCalledTimes(1);
    expect(staticOpen).not.toHaveBeenCalled();

    unbindMessageApi(second);
    fail('网络异常', 3);
    expect(second.open).toHaveBeenCalledTimes(1);
    expect(staticOpen).toHaveBeenCalledWith({
      type: 'error',
      content: '网络异常',
      duration: 3,
      key: undefined,
    });
    expect(first.open).not.toHaveBeenCalled();
  });
});
