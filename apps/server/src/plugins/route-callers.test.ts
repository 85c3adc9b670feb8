/**
 * Issue 22 item 9: authentication runs first (onRequest) on every route that is not public, so a call
 * without credentials answers 603 before its body is validated (it used to answer 604 listing every
 * field of the schema), a reporting key on a write route answers 603 (it used to answer 604), and a
 * route that declares no caller stops the app from starting.
 */
import { endpointList, endpoints } from '@portal/contracts/endpoints.ts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../lib/endpoint-route.ts';
import { ok } from '../lib/route-schema.ts';
import { envelopeOf } from '../test/envelope.ts';
import { createInventory, type Inventory } from '../test/inventory-fixture.ts';
import { checkRouteCallers, declareCaller } from './route-callers.ts';

describe('declared callers', () => {
  it('a route without a declared caller stops the start, naming it', async () => {
    const app = Fastify();
    checkRouteCallers(app, []);
    await app.register(async (scope) => {
      declareCaller(scope, 'session');
      scope.get('/declared', async () => 'ok');
    });
    app.get('/own', { config: { caller: 'public' } }, async () => 'ok');
    app.get('/forgotten', async () => 'oops');
    await expect(app.ready()).rejects.toThrow(/GET \/forgotten/);
    await app.close().catch(() => {});
  });

  it('the innermost declaration wins, and a route of its own wins over both', async () => {
    const app = Fastify();
    checkRouteCallers(app, []);
    const seen: Record<string, unknown> = {};
    app.addHook('onRequest', async (request) => {
      seen[request.url] = request.routeOptions.config.caller ?? request.routeOptions.config.scopeCaller;
    });
    await app.register(async (outer) => {
      declareCaller(outer, 'public');
      outer.get('/a', async () => 'a');
      await outer.register(async (inner) => {
        declareCaller(inner, 'session');
        inner.get('/b', async () => 'b');
        inner.get('/c', { config: { caller: 'operations' } }, async () => 'c');
      });
    });
    await app.ready();
    for (const url of ['/a', '/b', '/c']) await app.inject(url);
    expect(seen).toEqual({ '/a': 'public', '/b': 'session', '/c': 'operations' });
    await app.close();
  });
});

describe('the endpoint table (issue 24 item 2)', () => {
  const unread = endpoints.notifications.unreadCount;
  const table = endpointList.filter((n) => n.endpoint === unread);

  /** An app checked against `table` (only `notifications.unreadCount`). */
  function checkedApp() {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    checkRouteCallers(app, table);
    return app;
  }

  it('starts when the API routes are the table, registered from it; non-API routes stay outside', async () => {
    const app = checkedApp();
    route(app, unread, {}, async (request) => ok(request, { unread: 2 }));
    app.get('/healthz', { config: { caller: 'operations' } }, async () => 'ok');
    await app.ready();
    const res = await app.inject('/v1/notifications/unread_count');
    expect(envelopeOf(res)).toEqual({ code: 0, msg: expect.any(String), data: { unread: 2 } });
    expect(app.hasRoute({ method: 'HEAD', url: unread.path })).toBe(true);
    await app.close();
  });

  it('a route under an API prefix outside the table stops the start, naming it', async () => {
    const app = checkedApp();
    route(app, unread, {}, async (request) => ok(request, { unread: 2 }));
    app.get('/v1/not_in_table', { config: { caller: 'session' } }, async () => 'oops');
    await expect(app.ready()).rejects.toThrow(
      /not registered from the endpoint table.*GET \/v1\/not_in_table/,
    );
    await app.close().catch(() => {});
  });

  it('a table path registered by hand (not from its entry) stops the start', async () => {
    const app = checkedApp();
    app.get(unread.path, { config: { caller: 'session' } }, async () => 'by hand');
    await expect(app.ready()).rejects.toThrow(
      /not registered from the endpoint table.*GET \/v1\/notifications\/unread_count/,
    );
    await app.close().catch(() => {});
  });

  it('an entry of the table without a route stops the start, naming it', async () => {
    const app = checkedApp();
    await expect(app.ready()).rejects.toThrow(
      /endpoints of the table without a route: notifications\.unreadCount \(GET \/v1\/notifications\/unread_count\)/,
    );
    await app.close().catch(() => {});
  });
});

describe('authentication before validation', () => {
  let inv: Inventory;
  beforeAll(async () => {
    inv = await createInventory();
  }, 180_000);
  afterAll(async () => inv?.close());

  it('the real app starts (the check passed) with every entry of the table registered', async () => {
    expect(inv.app.hasRoute({ method: 'GET', url: '/v1/notifications/unread_count' })).toBe(true);
    for (const { name, endpoint } of endpointList) {
      expect(inv.app.hasRoute({ method: endpoint.method, url: endpoint.path }), name).toBe(true);
    }
  });

  it('no credentials: 603 on a write route, without the schema', async () => {
    const res = await inv.app.inject({ method: 'POST', url: '/v1/app', payload: { nothing: 1 } });
    expect(envelopeOf(res)).toEqual({ code: 603, msg: expect.any(String), data: null });
    const bad = await inv.app.inject({
      method: 'PUT',
      url: '/v1/adpos',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(envelopeOf(bad).code).toBe(603);
  });

  it('a reporting key on a write route answers 603, on a report list it still works', async () => {
    const created = await inv.callEndpoint(
      endpoints.security.createApiKey,
      { body: { name: 'ci' } },
      inv.tokens.demo,
    );
    const auth = { authorization: `Bearer ${created.key}` };
    // An empty app form (the schema refuses it): authentication answers before the schema runs.
    const write = await inv.app.inject({ method: 'POST', url: '/v1/app', headers: auth, payload: {} });
    expect(envelopeOf(write).code).toBe(603);
    const del = await inv.endpointAnswer(
      endpoints.security.revokeApiKey,
      { body: { id: created.id }, headers: auth },
      null,
    );
    expect(del.code).toBe(603);
    // No query (sent raw): a key passes authentication on a report list, whatever its schema says next.
    const list = await inv.app.inject({ method: 'GET', url: '/v1/report/list/sdk', headers: auth });
    expect(envelopeOf(list).code).not.toBe(603);
  });

  it('public routes stay public, HEAD included', async () => {
    const key = await inv.callEndpoint(endpoints.account.publicKey, {}, null);
    expect(key.alg).toBe('RSA-OAEP-256');
    const head = await inv.app.inject({ method: 'HEAD', url: '/common/country' });
    expect(head.statusCode).toBe(200);
  });
});
