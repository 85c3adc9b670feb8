/**
 * Reporting API keys (issue 16 §1): a key sees exactly what its creator sees through the report
 * list and export routes, is refused elsewhere, counts its uses, has its own rate limit, and sees
 * nothing once revoked or once its creator lost access.
 */
import { UserStatus } from '@portal/contracts/constants.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import { createReportFixture, type ReportFixture, YESTERDAY } from '../../test/report-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';
import { API_KEY_LIMIT } from './api-key-auth.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely
type Answer = { code: number; msg: string; data: any };

describe.each(testDbKinds)('reporting API keys on %s', (db) => {
  let f: ReportFixture;
  const sdkQuery = { dt: `20260105,${YESTERDAY}`, fields: 'app_key,geo,request,revenue', page_size: '100' };

  beforeAll(async () => {
    f = await createReportFixture(db);
  }, 120_000);
  afterAll(async () => f?.close());

  const headersOf = (auth: { token?: string; key?: string }) => ({
    'accept-language': 'en',
    ...(auth.token ? { token: auth.token } : {}),
    ...(auth.key ? { authorization: `Bearer ${auth.key}` } : {}),
  });
  async function get(
    url: string,
    auth: { token?: string; key?: string },
    query: Record<string, string> = {},
  ) {
    const res = await f.app.inject({ method: 'GET', url, query, headers: headersOf(auth) });
    return res;
  }
  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ) {
    const res = await f.app.inject({
      method,
      url,
      headers: headersOf({ token }),
      ...(method === 'GET' ? {} : { payload: payload ?? {} }),
    });
    return res.json() as Answer;
  }
  const createKey = async (token: string, name: string) => {
    const body = await call('POST', '/v1/account/api_keys', token, { name });
    expect(body.code).toBe(0);
    return body.data as { id: number; key: string; prefix: string };
  };

  it('a key sees exactly what its creator sees, for the admin and for a member', async () => {
    const adminKey = await createKey(f.tokens.demo, 'warehouse');
    const memberKey = await createKey(f.tokens.member, 'member sync');
    expect(adminKey.key).toMatch(/^ppk_[A-Za-z0-9_-]{43}$/);
    expect(adminKey.key.startsWith(adminKey.prefix)).toBe(true);
    const [stored] = await f.app.db.select().from(apiKeys).where(eq(apiKeys.id, adminKey.id));
    expect(stored?.key_hash).not.toContain(adminKey.key.slice(4));
    expect(JSON.stringify(stored)).not.toContain(adminKey.key);

    const bySession = (await get('/v1/report/list/sdk', { token: f.tokens.demo }, sdkQuery)).json();
    const byKey = (await get('/v1/report/list/sdk', { key: adminKey.key }, sdkQuery)).json();
    expect(byKey.code).toBe(0);
    expect(byKey).toEqual(bySession);
    const memberSession = (await get('/v1/report/list/sdk', { token: f.tokens.member }, sdkQuery)).json();
    const memberByKey = (await get('/v1/report/list/sdk', { key: memberKey.key }, sdkQuery)).json();
    expect(memberByKey).toEqual(memberSession);
    // The member sees part of the organisation only, so equal answers prove the scope, not luck.
    expect(memberByKey.data.count).toBeLessThan(byKey.data.count);
    expect(memberByKey.data.count).toBeGreaterThan(0);

    const exportQuery = { ...sdkQuery, format: 'csv' };
    const csvSession = await get('/v1/report/export/sdk', { token: f.tokens.member }, exportQuery);
    const csvKey = await get('/v1/report/export/sdk', { key: memberKey.key }, exportQuery);
    expect(csvKey.statusCode).toBe(200);
    expect(csvKey.body).toBe(csvSession.body);

    const gxQuery = { dt: `20260110,${YESTERDAY}`, page_size: '50' };
    const gxSession = (await get('/gx/report/list', { token: f.tokens.demo }, gxQuery)).json();
    expect((await get('/gx/report/list', { key: adminKey.key }, gxQuery)).json()).toEqual(gxSession);
  });

  it('works only on report lists and exports, counts each use and shows the key once', async () => {
    const k = await createKey(f.tokens.demo, 'counting');
    expect((await get('/v1/account/api_keys', { key: k.key })).json().code).toBe(603);
    expect((await get('/api/v1/user/user_info', { key: k.key })).json().code).toBe(603);
    expect((await get('/v1/report/trend/sdk', { key: k.key }, { dt: sdkQuery.dt })).json().code).toBe(603);
    for (let i = 0; i < 3; i++) {
      expect((await get('/v1/report/list/sdk', { key: k.key }, sdkQuery)).json().code).toBe(0);
    }
    const listed = await call('GET', '/v1/account/api_keys', f.tokens.demo);
    const row = listed.data.list.find((r: { id: number }) => r.id === k.id);
    expect(row).toMatchObject({ name: 'counting', use_count: 3, prefix: k.prefix });
    expect(row.last_used_at).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(k.key);
    const bad = await get('/v1/report/list/sdk', { key: `${k.key.slice(0, -1)}x` }, sdkQuery);
    expect(bad.json().code).toBe(20003);
  });

  it('documents the bearer scheme on the report list and export routes only', async () => {
    const doc = (await f.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const schemes = (path: string) =>
      (doc.paths[path]?.get?.security ?? []).flatMap((s: Record<string, unknown>) => Object.keys(s));
    for (const path of [
      '/v1/report/list/sdk',
      '/v1/report/export/rtb',
      '/gx/report/list',
      '/v1/report/list/game/sdk',
    ]) {
      expect(schemes(path), path).toEqual(['token', 'bearer']);
    }
    expect(schemes('/v1/account/api_keys')).toEqual(['token']);
    expect(schemes('/v1/report/trend/{kind}')).toEqual(['token']);
  });

  it('admins list and revoke every key of the organisation; members only their own', async () => {
    const adminKey = await createKey(f.tokens.demo, 'admin own');
    const memberKey = await createKey(f.tokens.member, 'member own');
    const memberList = await call('GET', '/v1/account/api_keys', f.tokens.member);
    expect(memberList.data.list.map((r: { id: number }) => r.id)).toContain(memberKey.id);
    expect(memberList.data.list.map((r: { id: number }) => r.id)).not.toContain(adminKey.id);
    expect((await call('DELETE', '/v1/account/api_keys', f.tokens.member, { id: adminKey.id })).code).toBe(
      402,
    );
    expect((await call('DELETE', '/v1/account/api_keys', f.tokens.other, { id: memberKey.id })).code).toBe(
      402,
    );
    expect((await call('POST', '/v1/account/api_keys', f.tokens.ops, { name: 'ops' })).code).toBe(402);
    expect((await call('POST', '/v1/account/api_keys', f.tokens.demo, { name: ' ' })).code).toBe(604);

    expect((await get('/v1/report/list/sdk', { key: memberKey.key }, sdkQuery)).json().code).toBe(0);
    expect((await call('DELETE', '/v1/account/api_keys', f.tokens.demo, { id: memberKey.id })).code).toBe(0);
    const after = (await get('/v1/report/list/sdk', { key: memberKey.key }, sdkQuery)).json();
    expect(after.code).toBe(20003);
    expect(after.data).toBeNull();
    const entries = await f.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.object_type, 'api_key'), eq(auditLog.object_id, String(memberKey.id))));
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'revoke']);
  });

  it('follows its creator: new data permissions apply, an inactivated creator sees nothing', async () => {
    const memberKey = await createKey(f.tokens.member, 'follows');
    const [member] = await f.app.db.select().from(users).where(eq(users.email, 'member@example.com'));
    const memberId = member?.id as number;
    const before = (await get('/v1/report/list/sdk', { key: memberKey.key }, sdkQuery)).json();
    const all = (await get('/v1/report/list/sdk', { token: f.tokens.demo }, sdkQuery)).json();
    const seen = new Set(before.data.list.map((r: { app_key: string }) => r.app_key));
    // An app of the organisation with facts that the member does not see yet.
    const one = {
      rule: all.data.list.map((r: { app_key: string }) => r.app_key).find((k: string) => !seen.has(k)),
    };
    expect(one.rule).toBeDefined();
    const saved = await f.app.inject({
      method: 'PUT',
      url: '/v1/company/users/data_permission',
      headers: headersOf({ token: f.tokens.demo }),
      payload: { user_id: memberId, permissions: [{ type: 3, rule: one.rule }] },
    });
    expect(saved.json().code).toBe(0);
    const now = (await get('/v1/report/list/sdk', { key: memberKey.key }, sdkQuery)).json();
    expect(now).toEqual((await get('/v1/report/list/sdk', { token: f.tokens.member }, sdkQuery)).json());
    expect(new Set(now.data.list.map((r: { app_key: string }) => r.app_key))).toEqual(new Set([one.rule]));

    await f.app.db.update(users).set({ status: UserStatus.INACTIVE }).where(eq(users.id, memberId));
    const refused = (await get('/v1/report/list/sdk', { key: memberKey.key }, sdkQuery)).json();
    expect(refused.code).toBe(20005);
    expect(refused.data).toBeNull();
    await f.app.db.update(users).set({ status: UserStatus.ACTIVE }).where(eq(users.id, memberId));
  });

  it(`answers 10002 past ${API_KEY_LIMIT.points} calls a minute, per key`, async () => {
    const k = await createKey(f.tokens.demo, 'busy');
    const other = await createKey(f.tokens.demo, 'quiet');
    const q = { ...sdkQuery, fields: 'geo,request', page_size: '1' };
    for (let i = 0; i < API_KEY_LIMIT.points; i++) {
      expect((await get('/v1/report/list/sdk', { key: k.key }, q)).json().code).toBe(0);
    }
    const over = (await get('/v1/report/list/sdk', { key: k.key }, q)).json();
    expect(over.code).toBe(10002);
    expect(over.data.retry_after).toBeGreaterThan(0);
    expect((await get('/v1/report/list/sdk', { key: other.key }, q)).json().code).toBe(0);
    const [row] = await f.app.db.select().from(apiKeys).where(eq(apiKeys.id, k.id));
    expect(row?.use_count).toBe(API_KEY_LIMIT.points);
  });
  it("answers 10031 while the organisation requires two-factor and the key's creator has not enrolled", async () => {
    const k = await createKey(f.tokens.member, 'needs 2fa');
    const q = { ...sdkQuery, fields: 'geo,request', page_size: '1' };
    expect((await get('/v1/report/list/sdk', { key: k.key }, q)).json().code).toBe(0);
    const policy = (require_two_factor: boolean) =>
      call('PUT', '/v1/account/two_factor/policy', f.tokens.demo, { require_two_factor });
    expect((await policy(true)).code).toBe(0);
    try {
      expect((await get('/v1/report/list/sdk', { key: k.key }, q)).json().code).toBe(10031);
      expect((await get('/v1/report/export/sdk', { key: k.key }, { ...q, format: 'csv' })).json().code).toBe(
        10031,
      );
    } finally {
      expect((await policy(false)).code).toBe(0);
    }
    expect((await get('/v1/report/list/sdk', { key: k.key }, q)).json().code).toBe(0);
  });
});
