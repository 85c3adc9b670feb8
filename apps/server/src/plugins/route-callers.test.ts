/**
 * Issue 22 item 9: authentication runs first (onRequest) on every route that is not public, so a call
 * without credentials answers 603 before its body is validated (it used to answer 604 listing every
 * field of the schema), a reporting key on a write route answers 603 (it used to answer 604), and a
 * route that declares no caller stops the app from starting.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventory, type Inventory } from '../test/inventory-fixture.ts';
import { checkRouteCallers, declareCaller } from './route-callers.ts';

describe('declared callers', () => {
  it('a route without a declared caller stops the start, naming it', async () => {
    const app = Fastify();
    checkRouteCallers(app);
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
    checkRouteCallers(app);
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

describe('authentication before validation', () => {
  let inv: Inventory;
  beforeAll(async () => {
    inv = await createInventory();
  }, 180_000);
  afterAll(async () => inv?.close());

  it('no credentials: 603 on a write route, without the schema', async () => {
    const res = await inv.app.inject({ method: 'POST', url: '/v1/app', payload: { nothing: 1 } });
    expect(res.json()).toEqual({ code: 603, msg: expect.any(String), data: null });
    const bad = await inv.app.inject({
      method: 'PUT',
      url: '/v1/adpos',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(bad.json().code).toBe(603);
  });

  it('a reporting key on a write route answers 603, on a report list it still works', async () => {
    const created = await inv.call('POST', '/v1/account/api_keys', inv.tokens.demo, { name: 'ci' });
    expect(created.code).toBe(0);
    const auth = { authorization: `Bearer ${created.data.key}` };
    const write = await inv.app.inject({ method: 'POST', url: '/v1/app', headers: auth, payload: {} });
    expect(write.json().code).toBe(603);
    const del = await inv.app.inject({
      method: 'DELETE',
      url: '/v1/account/api_keys',
      headers: auth,
      payload: { id: created.data.id },
    });
    expect(del.json().code).toBe(603);
    const list = await inv.app.inject({ method: 'GET', url: '/v1/report/list/sdk', headers: auth });
    expect(list.json().code).not.toBe(603);
  });

  it('public routes stay public, HEAD included', async () => {
    const key = await inv.app.inject({ method: 'GET', url: '/api/v1/user/get_key' });
    expect(key.json().code).toBe(0);
    const head = await inv.app.inject({ method: 'HEAD', url: '/common/country' });
    expect(head.statusCode).toBe(200);
  });
});
