import { endpoints } from '@portal/contracts/endpoints.ts';
import type { TestDeviceBody } from '@portal/contracts/test-devices.ts';
import { describe, expect, it, vi } from 'vitest';
import { failure, mock, mockApi } from '@/test/render-app.tsx';
import { callEndpoint, downloadEndpoint, endpointPath } from './call-endpoint.ts';
import { warn } from './notify.ts';
import { RequestError } from './request.ts';

// The request client shows a failure as a toast; antd's static message renders it in a React root
// of its own, whose work would run after this file's window is gone. Recorded instead of shown.
vi.mock('./notify.ts', () => ({ warn: vi.fn(), fail: vi.fn(), succeed: vi.fn() }));

describe('endpointPath', () => {
  it('fills each path parameter, URI-encoded', () => {
    expect(endpointPath(endpoints.notifications.read, { id: 7 })).toBe('/v1/notifications/7/read');
    expect(endpointPath({ method: 'GET', path: '/v1/x/:a/y/:b' }, { a: 'p q', b: 'r/s' })).toBe(
      '/v1/x/p%20q/y/r%2Fs',
    );
    expect(endpointPath(endpoints.notifications.unreadCount)).toBe('/v1/notifications/unread_count');
  });

  it('throws when a parameter is missing instead of calling another route', () => {
    expect(() => endpointPath(endpoints.testDevices.remove, {})).toThrow(/path parameter id is missing/);
    expect(() => endpointPath(endpoints.testDevices.remove, { id: '' })).toThrow(/id/);
  });
});

describe('callEndpoint', () => {
  it("sends the entry's method and filled path with the query and body, and answers its data", async () => {
    const api = mockApi([
      mock(endpoints.testDevices.update, (c) => ({
        ...(c.body as TestDeviceBody),
        id: Number(c.path.split('/').at(-1)),
        added_by: 'demo@example.com',
        added_at: '2026-01-05T00:00:00.000Z',
      })),
      mock(endpoints.notifications.list, (c) => ({
        list: [],
        total: Number(c.query.get('page_size')),
        unread: 0,
      })),
    ]);
    const body = { advertising_id: 'a-b', name: 'Pixel', platform: 1 };
    const saved = await callEndpoint(endpoints.testDevices.update, { params: { id: 12 }, body });
    expect(saved).toMatchObject({ id: 12, name: 'Pixel' });
    const call = api.callsTo(endpoints.testDevices.update)[0];
    expect(call?.method).toBe('PUT');
    expect(call?.path).toBe('/v1/test_devices/12');
    expect(call?.body).toEqual(body);

    const page = await callEndpoint(endpoints.notifications.list, { query: { page_no: 1, page_size: 5 } });
    expect(page.total).toBe(5);
    expect(api.callsTo(endpoints.notifications.list)[0]?.query.toString()).toBe('page_no=1&page_size=5');
  });

  it("rejects with the request client's error on a business failure", async () => {
    mockApi([mock(endpoints.testDevices.remove, failure(10009, 'gone'))]);
    const err = await callEndpoint(endpoints.testDevices.remove, { params: { id: 4 } }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RequestError);
    expect((err as RequestError).code).toBe(10009);
    expect(warn).toHaveBeenCalledWith('gone', expect.any(Number));
  });
});

describe('downloadEndpoint', () => {
  it("asks the file entry's path and rejects on its failure envelope", async () => {
    const api = mockApi([mock(endpoints.payments.statementPdf, failure(10009, 'no such statement'))]);
    const err = await downloadEndpoint(endpoints.payments.statementPdf, {
      params: { id: 9 },
      query: { lang: 'en' },
    }).catch((e: unknown) => e);
    expect((err as RequestError).code).toBe(10009);
    expect(api.calls[0]?.path).toBe('/v1/payments/statements/9/pdf');
    expect(api.calls[0]?.query.get('lang')).toBe('en');
    expect(warn).toHaveBeenCalledWith('no such statement', expect.any(Number));
  });
});
