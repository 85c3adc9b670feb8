/**
 * Issue 22 item 12: secrets in a query string (`api_key`, `key`, `token`, `t`, `code`) never reach a
 * log line; the rest of the URL stays readable. One access line per request (AccessLogController),
 * naming a signed-in caller by user id.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from '../demo/accounts.ts';
import { envelopeOf } from '../test/envelope.ts';
import { loginAs } from '../test/login.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('replaces only the values of secret parameters, keeping order and the rest', () => {
    expect(redactUrl('/v1/report/list/sdk?dt=20240101&api_key=ppk_abc&fields=a')).toBe(
      '/v1/report/list/sdk?dt=20240101&api_key=[redacted]&fields=a',
    );
    expect(redactUrl('/x?TOKEN=1&t=2&code=3&key=4&keys=5&%74oken=6')).toBe(
      '/x?TOKEN=[redacted]&t=[redacted]&code=[redacted]&key=[redacted]&keys=5&%74oken=[redacted]',
    );
    expect(redactUrl('/plain/path')).toBe('/plain/path');
    expect(redactUrl('/x?%E0%A4%A=1&token=s')).toBe('/x?%E0%A4%A=1&token=[redacted]');
  });
});

describe('request log lines', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
    await seedDemoAccounts(t.app.db);
  });
  afterAll(async () => t?.close());

  it('a key in the query string answers 603 and is not logged', async () => {
    const secret = 'ppk_ThisIsTheSecretPartOfTheKeyAAAAAAAAAAAAAAAAA';
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/report/list/sdk?dt=20240101,20240107&api_key=${secret}&token=tok_secret&t=tsecret&code=654321`,
    });
    expect(envelopeOf(res).code).toBe(603);
    const all = lines.join('\n');
    expect(all).toContain('/v1/report/list/sdk?dt=20240101,20240107&api_key=[redacted]');
    for (const s of [secret, 'tok_secret', 'tsecret', '654321']) expect(all).not.toContain(s);
  });

  it('writes one access line per request, with the request, the status and the time together', async () => {
    lines.length = 0;
    for (const url of ['/healthz', '/healthz?token=tsecret2', '/no/such/route']) {
      await t.app.inject({ method: 'GET', url, headers: { 'user-agent': 'log-test' } });
    }
    type Entry = {
      msg: string;
      reqId: string;
      responseTime: number;
      userId?: number;
      req?: { method: string; url: string };
      res?: { statusCode: number };
    };
    const entries = lines.map((l) => JSON.parse(l) as Entry);
    expect(entries.map((e) => [e.msg, e.req?.method, e.req?.url, e.res?.statusCode])).toEqual([
      ['request completed', 'GET', '/healthz', 200],
      ['request completed', 'GET', '/healthz?token=[redacted]', 200],
      ['request completed', 'GET', '/no/such/route', 404],
    ]);
    for (const e of entries) expect(e.responseTime).toBeGreaterThanOrEqual(0);
    expect(new Set(entries.map((e) => e.reqId)).size).toBe(3);
    expect(entries.map((e) => e.userId)).toEqual([undefined, undefined, undefined]);
  });

  it('names the signed-in caller by user id, never by email', async () => {
    const token = await loginAs(t.app, 'demo@example.com', DEMO_PASSWORD);
    const [user] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'demo@example.com'));
    expect(user?.id).toBeGreaterThan(0);
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/v1/report/stat_column/sdk', headers: { token } });
    expect(envelopeOf(res).code).toBe(0);
    const [entry] = lines.map((l) => JSON.parse(l) as { userId?: number; msg: string });
    expect(entry).toMatchObject({ msg: 'request completed', userId: user?.id });
    expect(lines.join('\n')).not.toContain('demo@example.com');
  });
});
