/**
 * The endpoint table (issue 24 item 2): one entry per method and path, every path under an API
 * prefix, every caller one of the five, and the types of each entry follow its schemas.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  CALLERS,
  type EndpointBody,
  type EndpointData,
  type EndpointQuery,
  endpointKey,
  endpointList,
  endpoints,
  findEndpoint,
  isApiPath,
} from './endpoints.ts';

describe('endpoint table', () => {
  it('has one entry per method and path, each under an API prefix with a known caller', () => {
    const keys = endpointList.map((n) => endpointKey(n.endpoint));
    expect(new Set(keys).size).toBe(keys.length);
    for (const { name, endpoint } of endpointList) {
      expect(isApiPath(endpoint.path), name).toBe(true);
      expect(CALLERS, name).toContain(endpoint.caller);
      if (endpoint.answer === 'envelope') expect(endpoint.data, name).toBeDefined();
    }
  });

  it('finds an entry by method and path, and names it by area', () => {
    expect(findEndpoint('get', '/v1/notifications/unread_count')).toEqual({
      name: 'notifications.unreadCount',
      endpoint: endpoints.notifications.unreadCount,
    });
    expect(findEndpoint('POST', '/v1/notifications/unread_count')).toBeUndefined();
    expect(endpoints.reports.sdkExport.answer).toBe('file');
    expect(endpoints.notifications.unreadCount.answer).toBe('envelope');
  });

  it('types queries, bodies and data from the schemas', () => {
    expectTypeOf<EndpointData<typeof endpoints.notifications.unreadCount>>().toEqualTypeOf<{
      unread: number;
    }>();
    expectTypeOf<EndpointQuery<typeof endpoints.notifications.unreadCount>>().toEqualTypeOf<undefined>();
    expectTypeOf<EndpointBody<typeof endpoints.apps.remove>>().toHaveProperty('id');
    expect(endpoints.notifications.unreadCount.data.parse({ unread: 3 })).toEqual({ unread: 3 });
    expect(() => endpoints.notifications.unreadCount.data.parse({ unread: 'x' })).toThrow();
  });
});
