import { endpoints } from '@portal/contracts/endpoints.ts';
import { describe, expect, it } from 'vitest';
import { callsOf, failure, mock, offTableRoute, pathPattern } from './mock-endpoint.ts';

const call = (method: string, path: string) => ({
  method,
  path,
  query: new URLSearchParams(),
  headers: new Headers(),
  body: undefined,
});

describe('mock(entry, …)', () => {
  it("matches the entry's method and path pattern only, or one parameter value when narrowed", () => {
    const any = mock(endpoints.reports.statColumns, []);
    expect(any.matches('GET', '/v1/report/stat_column/sdk')).toBe(true);
    expect(any.matches('GET', '/v1/report/stat_column/rtb')).toBe(true);
    expect(any.matches('POST', '/v1/report/stat_column/sdk')).toBe(false);
    expect(any.matches('GET', '/v1/report/stat_column/sdk/x')).toBe(false);
    const sdk = mock(endpoints.reports.statColumns, [], { params: { kind: 'sdk' } });
    expect(sdk.matches('GET', '/v1/report/stat_column/sdk')).toBe(true);
    expect(sdk.matches('GET', '/v1/report/stat_column/rtb')).toBe(false);
    expect(pathPattern('/v1/a.b/:id').test('/v1/aXb/1')).toBe(false);
  });

  it("answers the envelope of the entry's data (code 200 for user_info), or the failure", async () => {
    const count = mock(endpoints.notifications.unreadCount, { unread: 3 });
    expect(await count.reply(call('GET', '/v1/notifications/unread_count'))).toEqual({
      code: 0,
      msg: 'ok',
      data: { unread: 3 },
    });
    const info = mock(endpoints.account.userInfo, []);
    expect(await info.reply(call('GET', '/api/v1/user/user_info'))).toEqual({
      code: 200,
      msg: 'ok',
      data: [],
    });
    const refused = mock(endpoints.notifications.unreadCount, () => failure(402, 'no'));
    expect(await refused.reply(call('GET', '/v1/notifications/unread_count'))).toEqual({
      code: 402,
      msg: 'no',
      data: null,
    });
  });

  it("refuses data its entry's schema does not take, where the mock is written or when a handler answers", async () => {
    const wrong = { unread: 'three' } as unknown as { unread: number };
    expect(() => mock(endpoints.notifications.unreadCount, wrong)).toThrow(/unread/);
    const extra = { unread: 1, total: 2 } as unknown as { unread: number };
    expect(() => mock(endpoints.notifications.unreadCount, extra)).toThrow(/data\.total/);
    const late = mock(endpoints.notifications.unreadCount, () => wrong);
    await expect(late.reply(call('GET', '/v1/notifications/unread_count'))).rejects.toThrow(/unread/);
    // a file entry has no data to answer
    const file = endpoints.payments.statementPdf;
    expect(() => mock(file, {} as never)).toThrow(/answers a file/);
  });
});

describe('offTableRoute', () => {
  it('serves a path outside the table and refuses a path of the table', () => {
    expect(offTableRoute('GET', '/v1/thing', { code: 0 }).matches('GET', '/v1/thing')).toBe(true);
    expect(() => offTableRoute('PUT', '/v1/notifications/7/read', { code: 0 })).toThrow(
      /endpoints\.notifications\.read/,
    );
  });
});

describe('callsOf (mockApi().callsTo)', () => {
  const sent = [
    call('GET', '/v1/report/trend/sdk'),
    call('GET', '/v1/report/trend/rtb'),
    call('GET', '/v1/app'),
    call('DELETE', '/v1/app'),
    call('GET', '/v1/thing'),
  ];

  it("lists an entry's calls by method and path pattern, narrowed to one path by params", () => {
    expect(callsOf(sent, endpoints.reports.trend).map((c) => c.path)).toEqual([
      '/v1/report/trend/sdk',
      '/v1/report/trend/rtb',
    ]);
    expect(callsOf(sent, endpoints.reports.trend, { params: { kind: 'rtb' } }).map((c) => c.path)).toEqual([
      '/v1/report/trend/rtb',
    ]);
    expect(callsOf(sent, endpoints.apps.remove).map((c) => c.method)).toEqual(['DELETE']);
    expect(callsOf(sent, endpoints.apps.list).map((c) => c.method)).toEqual(['GET']);
  });

  it('lists the calls of an off-table path and refuses a literal path of the table', () => {
    expect(callsOf(sent, '/v1/thing')).toHaveLength(1);
    expect(() => callsOf(sent, '/v1/report/trend/sdk')).toThrow(/endpoints\.reports\.trend/);
    expect(() => callsOf(sent, '/v1/app')).toThrow(/endpoints\.apps\./);
  });
});
