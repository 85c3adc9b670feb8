/**
 * Issue 22 item 13: with NODE_ENV=production the API document is served only when API_DOCS turns it
 * on, and /metrics answers 401 without METRICS_TOKEN; outside production both stay as they were.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { apiDocOf } from '../test/api-doc.ts';
import { envelopeOf } from '../test/envelope.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// createTestApp sets CAPTCHA_TEST_ANSWER, which production refuses: an empty value counts as unset.
const production = { NODE_ENV: 'production', CAPTCHA_TEST_ANSWER: '' };

describe('production exposure', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('production: no /docs, /docs/json, and /metrics answers 401 without a token', async () => {
    t = await createTestApp({ env: production });
    for (const url of ['/docs', '/docs/json', '/docs/static/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(envelopeOf(res).code).toBe(10008);
    }
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(401);
    expect(envelopeOf(metrics).code).toBe(603);
    expect(metrics.body).not.toContain('http_request_duration_seconds');
    const guess = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer x' },
    });
    expect(guess.statusCode).toBe(401);
  });

  it('production with API_DOCS=1 and METRICS_TOKEN: both served', async () => {
    const token = 'metrics-token-0123456789';
    t = await createTestApp({ env: { ...production, API_DOCS: '1', METRICS_TOKEN: token } });
    // apiDocOf throws unless /docs/json answers HTTP 200 with a document.
    expect((await apiDocOf(t.app)).openapi).toMatch(/^3\./);
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(metrics.statusCode).toBe(200);
  });

  it('development: the document and metrics stay open', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });
});
