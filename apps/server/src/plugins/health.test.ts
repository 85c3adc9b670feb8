import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf } from '../test/envelope.ts';
import { createTestApp, type TestApp, testDbKinds } from '../test/test-app.ts';

describe.each(testDbKinds)('health probes on %s', (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db });
  }, 180_000);
  afterAll(async () => t.close());

  it('/healthz answers up without asking a store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res)).toEqual({ code: 0, msg: 'Success', data: { status: 'up' } });
  });

  it('/readyz answers 200 when both stores answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res).data).toEqual({ accounts: 'up', reports: 'up' });
  });

  it('while draining: /readyz and API routes answer 503 with Connection: close, /healthz 200', async () => {
    t.app.lifecycle.draining = true;
    try {
      for (const url of ['/readyz', '/v1/report/stat_column/sdk']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
        expect(res.statusCode).toBe(503);
        expect(res.headers.connection).toBe('close');
        expect(envelopeOf(res)).toEqual({
          code: 602,
          msg: 'System error',
          data: { failed: ['shutting_down'] },
        });
      }
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('/readyz answers 503 naming the report store once it no longer answers', async () => {
    await t.app.reportStore.close();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(envelopeOf(res)).toMatchObject({
      code: 602,
      data: { accounts: 'up', reports: 'down', failed: ['reports'] },
    });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('readiness of the accounts store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(async () => {
    // The accounts store is closed already: closing it again may refuse.
    await t.close().catch(() => {});
  });

  it('/readyz answers 503 naming the accounts store once it no longer answers', async () => {
    const client = (t.app.db as unknown as { $client: { close(): Promise<void> } }).$client;
    await client.close();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(envelopeOf(res).data).toEqual({ accounts: 'down', reports: 'up', failed: ['accounts'] });
  });
});
