import { DataPermissionType, Role, SESSION_TTL_MS } from '@portal/contracts/constants.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { yesterdayIn } from '@portal/contracts/report-dates.ts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apps } from '../db/schema/inventory.ts';
import { dataPermissions, userRoles, users } from '../db/schema/users.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from '../demo/accounts.ts';
import { seedDemoFacts } from '../demo/demo-facts.ts';
import { endpointCallers, isSuccess } from '../test/json-caller.ts';
import { loginAs } from '../test/login.ts';
import { createTestApp, type TestApp, testDbKinds } from '../test/test-app.ts';
import { callerCacheLimitMs, changesCallerData, createCallerCache } from './caller-cache.ts';

describe('createCallerCache', () => {
  it('shares one load per token and key while fresh, and loads again after the time limit', async () => {
    let t = 0;
    const cache = createCallerCache(2000, () => t);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', 'k', load), cache.get('a', 'k', load)])).toEqual([1, 1]);
    expect(await cache.get('b', 'k', load)).toBe(2);
    expect(await cache.get('a', 'other', load)).toBe(3);
    t = 1999;
    expect(await cache.get('a', 'k', load)).toBe(1);
    t = 2000;
    expect(await cache.get('a', 'k', load)).toBe(4);
  });

  it('forgets everything on a bump and on a write to a table the values come from', async () => {
    const cache = createCallerCache(60_000, () => 0);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', 'k', load);
    cache.bump();
    expect(await cache.get('a', 'k', load)).toBe(2);
    cache.observe('update "data_permissions" set "rule" = $1 where "id" = $2');
    expect(await cache.get('a', 'k', load)).toBe(3);
    cache.observe('insert into "captchas" ("id", "answer") values ($1, $2)');
    cache.observe('select "id" from "users" where "id" = $1');
    expect(await cache.get('a', 'k', load)).toBe(3);
    expect(cache.generation()).toBe(2);
  });

  it('does not keep a failed load, and with a zero limit always loads', async () => {
    const cache = createCallerCache(60_000, () => 0);
    await expect(cache.get('a', 'k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('a', 'k', async () => 'ok')).toBe('ok');
    const off = createCallerCache(0, () => 0);
    let loads = 0;
    await off.get('a', 'k', async () => ++loads);
    expect(await off.get('a', 'k', async () => ++loads)).toBe(2);
  });

  it('keeps values with no time limit until the generation moves', async () => {
    let t = 0;
    const cache = createCallerCache(Number.POSITIVE_INFINITY, () => t);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', 'k', load);
    t = 7 * 24 * 3600_000;
    expect(await cache.get('a', 'k', load)).toBe(1);
    cache.bump(true);
    expect(await cache.get('a', 'k', load)).toBe(2);
  });

  it('has a time limit only where a write could go unheard (PostgreSQL without Redis)', () => {
    const pg = 'postgres://x/db';
    expect(callerCacheLimitMs({ authCacheMs: 2000, databaseUrl: pg })).toBe(2000);
    expect(callerCacheLimitMs({ authCacheMs: 2000, databaseUrl: pg, redisUrl: 'redis://r' })).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(callerCacheLimitMs({ authCacheMs: 2000 })).toBe(Number.POSITIVE_INFINITY);
    expect(callerCacheLimitMs({ authCacheMs: 0, redisUrl: 'redis://r' })).toBe(0);
  });

  it('keeps shared values apart from any token', async () => {
    const cache = createCallerCache(60_000, () => 0);
    expect(await cache.shared('names', async () => 'shared')).toBe('shared');
    expect(await cache.get('names', 'names', async () => 'token')).toBe('token');
    expect(await cache.shared('names', async () => 'again')).toBe('shared');
  });
});

describe('changesCallerData', () => {
  it('counts writes to caller tables and DDL, not reads or other tables', () => {
    expect(changesCallerData('update "sessions" set "revoked_at" = $1 where "token_hash" = $2')).toBe(true);
    expect(
      changesCallerData('insert into "sessions" ("token_hash") values ($1) on conflict do nothing'),
    ).toBe(true);
    expect(changesCallerData('delete from "user_roles" where "user_id" = $1')).toBe(true);
    expect(changesCallerData('UPDATE apps SET app_name = $1')).toBe(true);
    expect(changesCallerData('with x as (delete from "users") select 1')).toBe(true);
    expect(changesCallerData('ALTER TABLE "companies" ADD COLUMN "x" int')).toBe(true);
    expect(changesCallerData('update "todo_outbox" set "lease_until" = $1')).toBe(false);
    expect(changesCallerData('insert into "email_codes" ("email") values ($1)')).toBe(false);
    expect(changesCallerData('select * from "users"')).toBe(false);
    // A login's new session: nothing was read under a token that did not exist.
    expect(changesCallerData('insert into "sessions" ("token_hash", "user_id") values ($1, $2)')).toBe(false);
  });
});

describe.each(testDbKinds)('cached callers on %s', (db) => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let clock = Date.now();
  /** Yesterday's SDK list as `tok`: either envelope, the data parsed by the entry (json-caller.ts). */
  const sdkList = (tok: string, fields = 'request') =>
    endpointCallers(t.app).answer(
      endpoints.reports.sdkList,
      { query: { dt: `${yesterdayIn(t.app.now(), 'UTC')},${yesterdayIn(t.app.now(), 'UTC')}`, fields } },
      tok,
    );
  /** The rows of a successful SDK list (throws on a failure). */
  const rows = async (tok: string, fields = 'request') => {
    const answer = await sdkList(tok, fields);
    if (!isSuccess(answer)) throw new Error(`the SDK list answered ${answer.code}`);
    return answer.data.list;
  };

  beforeAll(async () => {
    t = await createTestApp({ db, now: () => new Date(clock), env: { DEMO_DAYS: '2' } });
    await seedDemoAccounts(t.app.db);
    await seedDemoFacts(t.app);
    token = await loginAs(t.app, 'demo@example.com', DEMO_PASSWORD);
    const [me] = await t.app.db.select().from(users).where(eq(users.email, 'demo@example.com'));
    if (!me) throw new Error('demo user missing');
    userId = me.id;
  }, 60_000);
  afterAll(async () => t?.close());

  it('applies a role written straight to the store on the very next request', async () => {
    expect((await sdkList(token)).code).toBe(0);
    await t.app.db.delete(userRoles).where(eq(userRoles.user_id, userId));
    // Without role 67 and without data permissions the demo user may open no report (402).
    expect((await sdkList(token)).code).toBe(402);
    await t.app.db.insert(userRoles).values({ user_id: userId, role_id: Role.ADMIN });
    expect((await sdkList(token)).code).toBe(0);
  });

  it('reads session, roles, access and scope in one statement when cold, none when warm', async () => {
    const member = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    for (const tok of [token, member]) {
      t.app.callerCache.bump();
      const seen: string[] = [];
      const watch = vi.spyOn(t.app.callerCache, 'observe').mockImplementation((q) => {
        seen.push(q);
      });
      try {
        await sdkList(tok);
        const cold = seen.filter((q) => /^\s*select\b/i.test(q));
        expect(cold, cold.join('\n')).toHaveLength(1);
        seen.length = 0;
        await sdkList(tok);
        expect(seen.filter((q) => /^\s*select\b/i.test(q))).toEqual([]);
      } finally {
        watch.mockRestore();
      }
    }
    // On the embedded store that statement runs from a plan kept since the first (db/pglite-plans.ts).
    if (db === 'pglite') {
      const kept = (await t.app.db.execute(sql`select name from pg_prepared_statements`)) as {
        rows: { name: string }[];
      };
      expect(kept.rows.map((r) => r.name)).toContain('caller_session');
    }
  });

  it("applies a member's removed data permission on the very next request", async () => {
    const [m] = await t.app.db.select().from(users).where(eq(users.email, 'member@example.com'));
    if (!m) throw new Error('member missing');
    const member = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    const keys = async () => new Set((await rows(member, 'app_key,request')).map((r) => r.app_key));
    const before = await keys();
    expect(before.size).toBeGreaterThan(0);
    const granted = await t.app.db
      .select()
      .from(dataPermissions)
      .where(and(eq(dataPermissions.user_id, m.id), eq(dataPermissions.type, DataPermissionType.SDK)));
    await t.app.db.delete(dataPermissions).where(eq(dataPermissions.user_id, m.id));
    try {
      expect((await sdkList(member, 'app_key,request')).code).not.toBe(0);
    } finally {
      if (granted.length) await t.app.db.insert(dataPermissions).values(granted);
    }
    expect(await keys()).toEqual(before);
  });

  it('labels rows with an app name changed a moment ago', async () => {
    const key = String((await rows(token, 'app_key,request'))[0]?.app_key);
    await t.app.db.update(apps).set({ app_name: 'Renamed just now' }).where(eq(apps.app_key, key));
    const again = await rows(token, 'app_key,request');
    expect(again[0]).toMatchObject({ app_key: key, app_name: 'Renamed just now' });
  });

  it("keeps other callers' values when someone signs in", async () => {
    expect((await sdkList(token)).code).toBe(0);
    const before = t.app.callerCache.generation();
    const other = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    expect(other).toMatch(/\S{20,}/);
    expect(t.app.callerCache.generation()).toBe(before);
  });

  it('refuses a cached session once it expires, and a logged-out one at once', async () => {
    const other = await loginAs(t.app, 'demo@example.com', DEMO_PASSWORD);
    expect((await sdkList(other)).code).toBe(0);
    expect(await endpointCallers(t.app).call(endpoints.account.logout, {}, other)).toBeNull();
    expect((await sdkList(other)).code).toBe(20003);

    expect((await sdkList(token)).code).toBe(0);
    clock += SESSION_TTL_MS + 1000;
    expect((await sdkList(token)).code).toBe(20003);
  });
});
