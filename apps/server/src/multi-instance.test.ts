/**
 * Two API instances on shared stores (README "Running at scale"): one PostgreSQL database, one
 * ClickHouse database (chDB behind the test endpoint) and one Redis (a key prefix of its own), each
 * instance listening on its own port. Proves that a session made on one works on the other, that a
 * revoked data permission, an inactivated user and a logout on one apply on the other at once (the
 * caller cache is long here, 60 s, and demonstrably in use), that both read the same report facts,
 * and that failed-login limits count across both.
 *
 * Needs TEST_DATABASE_URL (PostgreSQL) and TEST_REDIS_URL; skipped without them.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { DataPermissionType, UserStatus } from '@portal/contracts/constants.ts';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './db/schema/users.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from './demo/accounts.ts';
import { seedDemoFacts } from './demo/demo-facts.ts';
import { LIMITS } from './plugins/rate-limit.ts';
import { attemptLogin, loginAs } from './test/login.ts';
import {
  createTestApp,
  freshClickHouseDatabase,
  freshPostgresDatabase,
  type TestApp,
} from './test/test-app.ts';

const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const NOW = new Date('2026-01-15T12:00:00Z');

describe.skipIf(!enabled)('two API instances on PostgreSQL + ClickHouse + Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let urls: { a: string; b: string };
  let databaseUrl: string;
  const drops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const pg = await freshPostgresDatabase();
    const ch = await freshClickHouseDatabase();
    drops.push(pg.drop, ch.drop);
    databaseUrl = pg.url;
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      REDIS_KEY_PREFIX: `portal_t_${randomBytes(6).toString('hex')}:`,
      AUTH_CACHE_MS: '60000',
      DEMO_DAYS: '3',
    };
    const shared = { databaseUrl: pg.url, reportStoreUrl: ch.url };
    // One after the other: the second finds the migrations and the schema in place.
    a = await createTestApp({ shared, env, now: () => NOW });
    b = await createTestApp({ shared, env, now: () => NOW });
    const listen = async (t: TestApp) => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    };
    urls = { a: await listen(a), b: await listen(b) };
    await seedDemoAccounts(a.app.db);
    await seedDemoFacts(a.app);
  }, 180_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const drop of drops) await drop();
  });

  async function call(on: 'a' | 'b', method: string, path: string, token: string, body?: unknown) {
    const res = await fetch(`${urls[on]}${path}`, {
      method,
      headers: { token, 'accept-language': 'en', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as { code: number; data: unknown };
  }
  const userInfo = async (on: 'a' | 'b', token: string) =>
    (await call(on, 'GET', '/api/v1/user/user_info', token)).code;
  const idOf = async (email: string) =>
    (await a.app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? -1;

  it('a session made on one instance works on the other, and both read the same report facts', async () => {
    const token = await loginAs(a.app, 'demo@example.com', DEMO_PASSWORD);
    expect(await userInfo('b', token)).toBe(200);
    const list = (on: 'a' | 'b') =>
      call(on, 'GET', '/v1/report/list/sdk?dt=20260112,20260114&fields=dt,request', token) as Promise<{
        code: number;
        data: { count: number; total: { request: number } };
      }>;
    const [onA, onB] = [await list('a'), await list('b')];
    expect(onA.code).toBe(0);
    expect(onA.data.count).toBe(3);
    expect(onA.data.total.request).toBeGreaterThan(0);
    expect(onB.data).toEqual(onA.data);
  });

  it('the other instance caches callers: a write no instance saw stays unseen there', async () => {
    const token = await loginAs(a.app, 'other@example.com', DEMO_PASSWORD);
    const id = await idOf('other@example.com');
    expect(await userInfo('b', token)).toBe(200);
    // Straight to PostgreSQL, past both instances: only the cache's time limit (60 s) would end it.
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await sql`UPDATE users SET status = ${UserStatus.INACTIVE} WHERE id = ${id}`;
      expect(await userInfo('b', token)).toBe(200);
      await sql`UPDATE users SET status = ${UserStatus.ACTIVE} WHERE id = ${id}`;
    } finally {
      await sql.end();
    }
  });

  it('a data permission revoked on one instance applies on the other at once', async () => {
    const demo = await loginAs(a.app, 'demo@example.com', DEMO_PASSWORD);
    const member = await loginAs(b.app, 'member@example.com', DEMO_PASSWORD);
    const memberKeys = async () =>
      (
        (await call('b', 'GET', '/v1/user/channels?publisher_type=1', member)).data as { app_key: string }[]
      ).map((c) => c.app_key);
    const before = await memberKeys();
    expect(before.length).toBeGreaterThan(0);
    const keep = before[0] ?? '';
    const saved = await call('a', 'PUT', '/v1/company/users/data_permission', demo, {
      user_id: await idOf('member@example.com'),
      permissions: [{ type: DataPermissionType.SDK, rule: keep }],
    });
    expect(saved.code).toBe(0);
    expect(await memberKeys()).toEqual([keep]);
  });

  it('a user inactivated on one instance is refused by the other at once', async () => {
    const demo = await loginAs(a.app, 'demo@example.com', DEMO_PASSWORD);
    const member = await loginAs(a.app, 'member@example.com', DEMO_PASSWORD);
    expect(await userInfo('b', member)).toBe(200);
    const id = await idOf('member@example.com');
    const off = await call('a', 'PUT', '/v1/company/users/status', demo, {
      user_id: id,
      status: UserStatus.INACTIVE,
    });
    expect(off.code).toBe(0);
    expect(await userInfo('b', member)).not.toBe(200);
  });

  it('a logout on one instance ends the session on the other at once', async () => {
    const token = await loginAs(b.app, 'ops@example.com', DEMO_PASSWORD);
    expect(await userInfo('b', token)).toBe(200);
    expect((await call('a', 'POST', '/v1/passport/user/logout', token)).code).toBe(0);
    expect(await userInfo('b', token)).toBe(20003);
  });

  it('failed-login limits count the attempts made on both instances', async () => {
    const email = 'other@example.com';
    for (let i = 0; i < LIMITS.loginPerEmail.points; i++) {
      const on = i % 2 === 0 ? a : b;
      const r = await attemptLogin(on.app, { email, password: 'Wrong12345', ip: `10.9.0.${i + 1}` });
      expect(r.code).toBe(605);
    }
    for (const on of [a, b]) {
      const r = await attemptLogin(on.app, { email, password: DEMO_PASSWORD, ip: '10.9.1.1' });
      expect(r.code).toBe(10002);
    }
  });
});
