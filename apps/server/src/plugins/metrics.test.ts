import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf } from '../test/envelope.ts';
import { createReportFixture, type ReportFixture, YESTERDAY } from '../test/report-fixture.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { LIMITS } from './rate-limit.ts';

/** The value of the sample `name{labels}` in Prometheus text, 0 when absent (labels in any order). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return 0;
}

describe('GET /metrics', () => {
  let f: ReportFixture;
  const START = '20260108';
  beforeAll(async () => {
    f = await createReportFixture('pglite');
  }, 180_000);
  afterAll(async () => f?.close());

  async function scrape(): Promise<string> {
    const res = await f.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  }

  it('exposes the default process metrics, event-loop lag among them, compressed on request', async () => {
    const text = await scrape();
    const gz = await f.app.inject({ method: 'GET', url: '/metrics', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
  });

  it('times requests by route pattern and status code, never by raw URL', async () => {
    const labels = { method: 'GET', route: '/v1/report/stat_column/:kind', status_code: '200' };
    const before = sample(await scrape(), 'http_request_duration_seconds_count', labels);
    for (const kind of ['sdk', 'rtb']) {
      const res = await f.app.inject({
        method: 'GET',
        url: `/v1/report/stat_column/${kind}`,
        headers: { token: f.tokens.demo },
      });
      expect(res.statusCode).toBe(200);
    }
    const text = await scrape();
    expect(sample(text, 'http_request_duration_seconds_count', labels)).toBe(before + 2);
    expect(text).not.toContain('route="/v1/report/stat_column/sdk"');
    const notFound = { method: 'GET', route: '(unmatched)', status_code: '404' };
    const missesBefore = sample(text, 'http_request_duration_seconds_count', notFound);
    await f.app.inject({ method: 'GET', url: '/v1/no/such/route' });
    expect(sample(await scrape(), 'http_request_duration_seconds_count', notFound)).toBe(missesBefore + 1);
  });

  it('times report store work by kind and operation', async () => {
    const list = { kind: 'sdk', op: 'list' };
    const trend = { kind: 'sdk', op: 'trend' };
    const text = await scrape();
    const [lists, trends] = [list, trend].map((l) => sample(text, 'report_query_duration_seconds_count', l));
    const q = `dt=${START},${YESTERDAY}`;
    for (const url of [
      `/v1/report/list/sdk?${q}&fields=dt,request`,
      `/v1/report/trend/sdk?${q}&metric=revenue`,
    ]) {
      const res = await f.app.inject({ method: 'GET', url, headers: { token: f.tokens.demo } });
      expect(envelopeOf(res).code).toBe(0);
    }
    const after = await scrape();
    expect(sample(after, 'report_query_duration_seconds_count', list)).toBe((lists ?? 0) + 1);
    expect(sample(after, 'report_query_duration_seconds_count', trend)).toBe((trends ?? 0) + 1);
    expect(sample(after, 'report_query_duration_seconds_count', { kind: 'rtb', op: 'list' })).toBe(0);
  });

  it('counts the rows and bytes of an export, which is sent uncompressed', async () => {
    const labels = { kind: 'sdk', format: 'csv' };
    const res = await f.app.inject({
      method: 'GET',
      url: `/v1/report/export/sdk?dt=${START},${YESTERDAY}&fields=dt,app_key,request&format=csv`,
      headers: { token: f.tokens.demo, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    const rows = res.body.trim().split('\r\n').length - 1;
    expect(rows).toBeGreaterThan(0);
    const text = await scrape();
    expect(sample(text, 'report_export_rows_total', labels)).toBe(rows);
    expect(sample(text, 'report_export_bytes_total', labels)).toBe(res.rawPayload.length);
  });

  it('counts attempts refused by a rate limiter, by limiter', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i <= LIMITS.captchaPerIp.points; i++) {
      await f.app.inject({ method: 'POST', url: '/v1/passport/captcha/gen_math', remoteAddress: ip });
    }
    const refused = await f.app.inject({
      method: 'POST',
      url: '/v1/passport/captcha/gen_math',
      remoteAddress: ip,
    });
    expect(envelopeOf(refused).code).toBe(10002);
    const text = await scrape();
    expect(sample(text, 'rate_limit_refusals_total', { limiter: 'captcha:ip' })).toBe(2);
    expect(sample(text, 'rate_limit_refusals_total', { limiter: 'login:email' })).toBe(0);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const token = 'metrics-token-0123456789';
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: token } });
  }, 180_000);
  afterAll(async () => t.close());

  it('answers only the bearer of the token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(envelopeOf(none).code).toBe(603);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_request_duration_seconds');
  });
});
