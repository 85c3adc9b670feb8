/**
 * Reporting API keys (issue 16 §1): a key sees exactly what its creator sees through the report
 * list and export routes, is refused elsewhere, counts its uses, has its own rate limit, and sees
 * nothing once revoked or once its creator lost access.
 */
import { UserStatus } from '@portal/contracts/constants.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import { apiDocOf } from '../../test/api-doc.ts';
import { failureOf, retryAfterOf } from '../../test/envelope.ts';
import { endpointCallers } from '../../test/json-caller.ts';
import { createReportFixture, type ReportFixture, YESTERDAY } from '../../test/report-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';
import { API_KEY_LIMIT } from './api-key-auth.ts';

const e = endpoints.security;
const sdkList = endpoints.reports.sdkList;
/** The headers of a call with reporting key `key`. */
const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

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
  /** Success data of an endpoint, parsed by its schema (json-caller.ts); `fail` its failure envelope. */
  const call: ReturnType<typeof endpointCallers>['call'] = (...args) => endpointCallers(f.app).call(...args);
  const fail: ReturnType<typeof endpointCallers>['fail'] = (...args) => endpointCallers(f.app).fail(...args);
  const createKey = (token: string, name: string) => call(e.createApiKey, { body: { name } }, token);

  it('a key sees exactly what its creator sees, for the admin and for a member', async () => {
    const adminKey = await createKey(f.tokens.demo, 'warehouse');
    const memberKey = await createKey(f.tokens.member, 'member sync');
    expect(adminKey.key).toMatch(/^ppk_[A-Za-z0-9_-]{43}$/);
    expect(adminKey.key.startsWith(adminKey.prefix)).toBe(true);
    const [stored] = await f.app.db.select().from(apiKeys).where(eq(apiKeys.id, adminKey.id));
    expect(stored?.key_hash).not.toContain(adminKey.key.slice(4));
    expect(JSON.stringify(stored)).not.toContain(adminKey.key);

    const bySession = await call(sdkList, { query: sdkQuery }, f.tokens.demo);
    const byKey = await call(sdkList, { query: sdkQuery, ...bearer(adminKey.key) }, null);
    expect(byKey).toEqual(bySession);
    const memberSession = await call(sdkList, { query: sdkQuery }, f.tokens.member);
    const memberByKey = await call(sdkList, { query: sdkQuery, ...bearer(memberKey.key) }, null);
    expect(memberByKey).toEqual(memberSession);
    // The member sees part of the organisation only, so equal answers prove the scope, not luck.
    expect(memberByKey.count).toBeLessThan(byKey.count);
    expect(memberByKey.count).toBeGreaterThan(0);

    const exportQuery = { ...sdkQuery, format: 'csv' };
    const csvSession = await get('/v1/report/export/sdk', { token: f.tokens.member }, exportQuery);
    const csvKey = await get('/v1/report/export/sdk', { key: memberKey.key }, exportQuery);
    expect(csvKey.statusCode).toBe(200);
    expect(csvKey.body).toBe(csvSession.body);

    // The app report takes yyyy-MM-dd dates (the old query sent `dt` and compared two refusals).
    const gxQuery = { start_date: '2026-01-10', end_date: '2026-01-14', page_size: '50' };
    const gxList = endpoints.reports.gxList;
    const gxSession = await call(gxList, { query: gxQuery }, f.tokens.demo);
    expect(gxSession.count).toBeGreaterThan(0);
    expect(await call(gxList, { query: gxQuery, ...bearer(adminKey.key) }, null)).toEqual(gxSession);
  });

  it('works only on report lists and exports, counts each use and shows the key once', async () => {
    const k = await createKey(f.tokens.demo, 'counting');
    expect((await fail(e.apiKeys, bearer(k.key), null)).code).toBe(603);
    expect((await fail(endpoints.account.userInfo, bearer(k.key), null)).code).toBe(603);
    const trend = endpoints.reports.trend;
    expect(
      (await fail(trend, { params: { kind: 'sdk' }, query: { dt: sdkQuery.dt }, ...bearer(k.key) }, null))
        .code,
    ).toBe(603);
    for (let i = 0; i < 3; i++) await call(sdkList, { query: sdkQuery, ...bearer(k.key) }, null);
    const listed = await call(e.apiKeys, {}, f.tokens.demo);
    const row = listed.list.find((r) => r.id === k.id);
    expect(row).toMatchObject({ name: 'counting', use_count: 3, prefix: k.prefix });
    expect(row?.last_used_at).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(k.key);
    const bad = await fail(sdkList, { query: sdkQuery, ...bearer(`${k.key.slice(0, -1)}x`) }, null);
    expect(bad.code).toBe(20003);
  });

  it('documents the bearer scheme on the report list and export routes only', async () => {
    const doc = await apiDocOf(f.app);
    expect(doc.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const schemes = (path: string) => (doc.paths[path]?.get?.security ?? []).flatMap((s) => Object.keys(s));
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
    const memberList = await call(e.apiKeys, {}, f.tokens.member);
    expect(memberList.list.map((r) => r.id)).toContain(memberKey.id);
    expect(memberList.list.map((r) => r.id)).not.toContain(adminKey.id);
    expect((await fail(e.revokeApiKey, { body: { id: adminKey.id } }, f.tokens.member)).code).toBe(402);
    expect((await fail(e.revokeApiKey, { body: { id: memberKey.id } }, f.tokens.other)).code).toBe(402);
    expect((await fail(e.createApiKey, { body: { name: 'ops' } }, f.tokens.ops)).code).toBe(402);
    expect((await fail(e.createApiKey, { body: { name: ' ' } }, f.tokens.demo)).code).toBe(604);

    await call(sdkList, { query: sdkQuery, ...bearer(memberKey.key) }, null);
    expect(await call(e.revokeApiKey, { body: { id: memberKey.id } }, f.tokens.demo)).toBeNull();
    const after = await fail(sdkList, { query: sdkQuery, ...bearer(memberKey.key) }, null);
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
    const appKeys = (list: { list: Record<string, unknown>[] }) => list.list.map((r) => String(r.app_key));
    const before = await call(sdkList, { query: sdkQuery, ...bearer(memberKey.key) }, null);
    const all = await call(sdkList, { query: sdkQuery }, f.tokens.demo);
    const seen = new Set(appKeys(before));
    // An app of the organisation with facts that the member does not see yet.
    const rule = appKeys(all).find((k) => !seen.has(k)) ?? '';
    expect(rule).not.toBe('');
    await call(
      endpoints.members.setDataPermission,
      { body: { user_id: memberId, permissions: [{ type: 3, rule }] } },
      f.tokens.demo,
    );
    const now = await call(sdkList, { query: sdkQuery, ...bearer(memberKey.key) }, null);
    expect(now).toEqual(await call(sdkList, { query: sdkQuery }, f.tokens.member));
    expect(new Set(appKeys(now))).toEqual(new Set([rule]));

    await f.app.db.update(users).set({ status: UserStatus.INACTIVE }).where(eq(users.id, memberId));
    const refused = await fail(sdkList, { query: sdkQuery, ...bearer(memberKey.key) }, null);
    expect(refused.code).toBe(20005);
    expect(refused.data).toBeNull();
    await f.app.db.update(users).set({ status: UserStatus.ACTIVE }).where(eq(users.id, memberId));
  });

  it(`answers 10002 past ${API_KEY_LIMIT.points} calls a minute, per key`, async () => {
    const k = await createKey(f.tokens.demo, 'busy');
    const other = await createKey(f.tokens.demo, 'quiet');
    const q = { ...sdkQuery, fields: 'geo,request', page_size: '1' };
    for (let i = 0; i < API_KEY_LIMIT.points; i++) await call(sdkList, { query: q, ...bearer(k.key) }, null);
    const over = await fail(sdkList, { query: q, ...bearer(k.key) }, null);
    expect(over.code).toBe(10002);
    expect(over.data).toEqual({ retry_after: expect.any(Number) });
    expect(retryAfterOf(over)).toBeGreaterThan(0);
    await call(sdkList, { query: q, ...bearer(other.key) }, null);
    const [row] = await f.app.db.select().from(apiKeys).where(eq(apiKeys.id, k.id));
    expect(row?.use_count).toBe(API_KEY_LIMIT.points);
  });
  it("answers 10031 while the organisation requires two-factor and the key's creator has not enrolled", async () => {
    const k = await createKey(f.tokens.member, 'needs 2fa');
    const q = { ...sdkQuery, fields: 'geo,request', page_size: '1' };
    await call(sdkList, { query: q, ...bearer(k.key) }, null);
    const policy = (require_two_factor: boolean) =>
      call(e.twoFactorPolicy, { body: { require_two_factor } }, f.tokens.demo);
    expect(await policy(true)).toMatchObject({ required_by_organisation: true });
    try {
      expect((await fail(sdkList, { query: q, ...bearer(k.key) }, null)).code).toBe(10031);
      expect(
        failureOf(await get('/v1/report/export/sdk', { key: k.key }, { ...q, format: 'csv' })).code,
      ).toBe(10031);
    } finally {
      expect(await policy(false)).toMatchObject({ required_by_organisation: false });
    }
    expect((await call(sdkList, { query: q, ...bearer(k.key) }, null)).list).toHaveLength(1);
  });
});
