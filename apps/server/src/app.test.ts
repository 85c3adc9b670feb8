import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDocOf } from './test/api-doc.ts';
import { envelopeOf } from './test/envelope.ts';
import { createTestApp, type TestApp, testDbKinds } from './test/test-app.ts';

describe.each(testDbKinds)('app shell on %s', (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db });
  });
  afterAll(async () => t.close());

  it('answers an unknown route with HTTP 404 and the envelope in the caller language', async () => {
    const zh = await t.app.inject({ method: 'GET', url: '/v1/nope' });
    expect(zh.statusCode).toBe(404);
    expect(envelopeOf(zh)).toEqual({ code: 10008, msg: '请求的资源不存在', data: null });
    const en = await t.app.inject({
      method: 'GET',
      url: '/v1/nope',
      headers: { 'accept-language': 'en-US,en' },
    });
    expect(envelopeOf(en).msg).toBe('The requested resource does not exist');
  });

  it('answers in the language the caller prefers and says that the answer varies with it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-language': 'fr, en;q=0.8, zh;q=0.5' },
    });
    expect(envelopeOf(res).msg).toBe('Success');
    expect(String(res.headers.vary)).toMatch(/accept-language/i);
  });

  it('answers router-level refusals (over-long or badly encoded path parameters) with the envelope', async () => {
    for (const url of [`/v1/report/stat_column/${'x'.repeat(150)}`, '/v1/report/stat_column/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      const body = envelopeOf(res);
      expect(body.code).toBe(604);
      expect(body.msg).toBe('Parameter error');
    }
  });

  it('serves an OpenAPI document at /docs', async () => {
    // apiDocOf throws unless /docs/json answers HTTP 200 with a document.
    expect((await apiDocOf(t.app)).openapi).toMatch(/^3\./);
  });
});

describe('web app serving', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal-test-shell</title>');
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => t.close());

  it('answers client routes with the web app and unknown API routes with the 404 envelope', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/report/sdk?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('portal-test-shell');
    const api = await t.app.inject({ method: 'GET', url: '/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(envelopeOf(api).code).toBe(10008);
  });
});
