/**
 * Two API instances on shared stores (README "Running at scale"), started at the same moment on an
 * empty PostgreSQL database, one ClickHouse database (chDB behind the test endpoint) and one Redis (a
 * private redis-server, since this test stops it), each listening on its own port, with no key
 * configured (PORTAL_RSA_PRIVATE_KEY unset). Proves that both come up (migrations and the demo seed
 * under advisory locks, one key ring), that a login encrypted to one instance's key is accepted by the
 * other, that two-factor enrolled on one signs in on the other, that a session made on one works on
 * the other, that a revoked data permission, an inactivated user and a logout on one apply on the
 * other at once (the caller cache is long here, 60 s, and demonstrably in use), that both read the
 * same report facts, that failed-login limits count across both, and that with Redis down a logout on
 * one is refused by the other at once while rate limits count per instance (issue 22).
 *
 * Needs TEST_DATABASE_URL (PostgreSQL) and TEST_REDIS_URL (Redis is there; the test runs its own
 * redis-server); skipped without them.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { DataPermissionType, UserStatus } from '@portal/contracts/constants.ts';
import {
  type EndpointBody,
  type EndpointData,
  type EndpointQuery,
  endpoints,
} from '@portal/contracts/endpoints.ts';
import { count, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverKeys } from './db/schema/server.ts';
import { users } from './db/schema/users.ts';
import { DEMO_PASSWORD } from './demo/accounts.ts';
import { seedDemoIfNeeded } from './demo/seed.ts';
import { failureEnvelope } from './lib/route-schema.ts';
import { LIMITS } from './plugins/rate-limit.ts';
import { anyEnvelope } from './test/envelope.ts';
import { type EndpointAnswer, type EnvelopeEndpoint, isSuccess } from './test/json-caller.ts';
import { attemptLogin, challengeOf, loginAs, sessionOf } from './test/login.ts';
import { type PrivateRedis, startPrivateRedis } from './test/redis-server.ts';
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
  let redis: PrivateRedis;
  /** Both instances' clock; moved on to reach the next two-factor time step. */
  let clock = NOW;
  const drops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
    const pg = await freshPostgresDatabase();
    const ch = await freshClickHouseDatabase();
    drops.push(pg.drop, ch.drop);
    databaseUrl = pg.url;
    const env = {
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `portal_t_${randomBytes(6).toString('hex')}:`,
      AUTH_CACHE_MS: '60000',
      DEMO_DAYS: '3',
      // As in production: no key given (the key ring of the accounts store), the demo seeded by the
      // first start of an empty store.
      PORTAL_RSA_PRIVATE_KEY: '',
      DEMO_SEED: '',
    };
    const shared = { databaseUrl: pg.url, reportStoreUrl: ch.url };
    // Both at the same moment, as main.ts starts: build (migrate, key ring), then seed.
    const start = async () => {
      const t = await createTestApp({ shared, env, now: () => clock });
      await seedDemoIfNeeded(t.app);
      return t;
    };
    const started = await Promise.allSettled([start(), start()]);
    const up = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    if (up.length !== 2) {
      for (const t of up) await t.close();
      throw (started.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason;
    }
    [a, b] = up as [TestApp, TestApp];
    const listen = async (t: TestApp) => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    };
    urls = { a: await listen(a), b: await listen(b) };
  }, 240_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const drop of drops) await drop();
    await redis?.stop();
  });

  /**
   * Calls `endpoint` over HTTP on instance `on` as the web does; answers either envelope, the success
   * data parsed by the entry (json-caller.ts EndpointAnswer).
   */
  async function answer<E extends EnvelopeEndpoint>(
    on: 'a' | 'b',
    endpoint: E,
    input: { query?: EndpointQuery<E>; body?: EndpointBody<E> },
    token: string | null,
  ): Promise<EndpointAnswer<E>> {
    const url = new URL(`${urls[on]}${endpoint.path}`);
    for (const [k, v] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
      url.searchParams.set(k, String(v));
    }
    const res = await fetch(url, {
      method: endpoint.method,
      headers: {
        'accept-language': 'en',
        ...(token ? { token } : {}),
        ...(input.body ? { 'content-type': 'application/json' } : {}),
      },
      body: input.body ? JSON.stringify(input.body) : undefined,
    });
    const got = anyEnvelope.parse(await res.json());
    if (got.code !== 0 && got.code !== 200) return failureEnvelope.parse(got);
    return {
      code: got.code as 0 | 200,
      msg: got.msg,
      data: endpoint.data.parse(got.data) as EndpointData<E>,
    };
  }
  /** The success data of `endpoint` on `on` (throws on a failure). */
  async function call<E extends EnvelopeEndpoint>(
    on: 'a' | 'b',
    endpoint: E,
    input: { query?: EndpointQuery<E>; body?: EndpointBody<E> },
    token: string | null,
  ): Promise<EndpointData<E>> {
    const got = await answer(on, endpoint, input, token);
    if (!isSuccess(got))
      throw new Error(`${endpoint.method} ${endpoint.path} answered ${got.code} ${got.msg}`);
    return got.data;
  }
  const userInfo = async (on: 'a' | 'b', token: string) =>
    (await answer(on, endpoints.account.userInfo, {}, token)).code;
  const idOf = async (email: string) =>
    (await a.app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? -1;

  it('both came up on the empty database, with the demo seeded once and one key', async () => {
    const [{ n } = { n: 0 }] = await a.app.db.select({ n: count() }).from(users);
    expect(n).toBe(4);
    const keys = await a.app.db.select().from(serverKeys);
    expect(keys.map((k) => [k.source, k.current])).toEqual([['generated', true]]);
    const kidOf = async (on: 'a' | 'b') => (await call(on, endpoints.account.publicKey, {}, null)).kid;
    expect(await kidOf('a')).toBe(keys[0]?.kid);
    expect(await kidOf('b')).toBe(keys[0]?.kid);
  });

  it('signs in through both alternately: get_key on one, the encrypted login posted to the other', async () => {
    for (const [keyFrom, on] of [
      [a, b],
      [b, a],
    ] as const) {
      const answer = await attemptLogin(on.app, {
        email: 'demo@example.com',
        password: DEMO_PASSWORD,
        keyFrom: keyFrom.app,
      });
      const { token } = sessionOf(answer);
      expect(await userInfo(keyFrom === a ? 'a' : 'b', token)).toBe(200);
    }
  });

  it('a session made on one instance works on the other, and both read the same report facts', async () => {
    const token = await loginAs(a.app, 'demo@example.com', DEMO_PASSWORD);
    expect(await userInfo('b', token)).toBe(200);
    const list = (on: 'a' | 'b') =>
      call(
        on,
        endpoints.reports.sdkList,
        { query: { dt: '20260112,20260114', fields: 'dt,request' } },
        token,
      );
    const [onA, onB] = [await list('a'), await list('b')];
    expect(onA.count).toBe(3);
    expect(onA.total.request).toBeGreaterThan(0);
    expect(onB).toEqual(onA);
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
      (await call('b', endpoints.reports.channels, { query: { publisher_type: 1 } }, member)).map(
        (c) => c.app_key,
      );
    const before = await memberKeys();
    expect(before.length).toBeGreaterThan(0);
    const keep = before[0] ?? '';
    const saved = await call(
      'a',
      endpoints.members.setDataPermission,
      {
        body: {
          user_id: await idOf('member@example.com'),
          permissions: [{ type: DataPermissionType.SDK, rule: keep }],
        },
      },
      demo,
    );
    expect(saved.granted.map((g) => g.rule)).toEqual([keep]);
    expect(await memberKeys()).toEqual([keep]);
  });

  it('a user inactivated on one instance is refused by the other at once', async () => {
    const demo = await loginAs(a.app, 'demo@example.com', DEMO_PASSWORD);
    const member = await loginAs(a.app, 'member@example.com', DEMO_PASSWORD);
    expect(await userInfo('b', member)).toBe(200);
    const id = await idOf('member@example.com');
    const off = await call(
      'a',
      endpoints.members.setStatus,
      { body: { user_id: id, status: UserStatus.INACTIVE } },
      demo,
    );
    expect(off.status).toBe(UserStatus.INACTIVE);
    expect(await userInfo('b', member)).not.toBe(200);
  });

  it('a logout on one instance ends the session on the other at once', async () => {
    const token = await loginAs(b.app, 'ops@example.com', DEMO_PASSWORD);
    expect(await userInfo('b', token)).toBe(200);
    expect(await call('a', endpoints.account.logout, {}, token)).toBeNull();
    expect(await userInfo('b', token)).toBe(20003);
  });

  it('two-factor enrolled on one instance signs in on the other', async () => {
    const email = 'ops@example.com';
    const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(clock.getTime() / 1000) });
    const token = await loginAs(a.app, email, DEMO_PASSWORD);
    const { secret } = await call(
      'a',
      endpoints.security.twoFactorEnrol,
      { body: { password: 'Demo12345' } },
      token,
    );
    const confirmed = await call(
      'a',
      endpoints.security.twoFactorConfirm,
      { body: { code: await codeNow(secret) } },
      token,
    );
    expect(confirmed.recovery_codes.length).toBeGreaterThan(0);
    // The next time step, so the code is not the one just used.
    clock = new Date(clock.getTime() + 30_000);
    const first = await attemptLogin(b.app, { email, password: DEMO_PASSWORD, keyFrom: a.app });
    const { two_factor_challenge: challenge } = challengeOf(first);
    expect(challenge).toBeTruthy();
    const second = await call(
      'b',
      endpoints.security.twoFactorLogin,
      { body: { challenge, code: await codeNow(secret) } },
      null,
    );
    expect(await userInfo('a', second.token)).toBe(200);
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

  it('with Redis down, a logout on one is refused by the other at once; limits count per instance', async () => {
    const token = await loginAs(a.app, 'demo@example.com', DEMO_PASSWORD);
    // B caches the session (60 s) before the outage.
    expect(await userInfo('b', token)).toBe(200);
    expect(await userInfo('b', token)).toBe(200);

    await redis.stop();
    expect(await call('a', endpoints.account.logout, {}, token)).toBeNull();
    expect(await userInfo('b', token)).toBe(20003);
    // Availability: sessions still work, read from the accounts store.
    const during = await loginAs(b.app, 'demo@example.com', DEMO_PASSWORD);
    expect(await userInfo('a', during)).toBe(200);
    // Rate limits count in each instance's own memory: A refuses after the limit, B counts apart.
    const email = 'nobody@example.com';
    for (let i = 0; i < LIMITS.loginPerEmail.points; i++) {
      const r = await attemptLogin(a.app, { email, password: 'Wrong12345', ip: `10.8.0.${i + 1}` });
      expect(r.code).toBe(605);
    }
    expect((await attemptLogin(a.app, { email, password: 'Wrong12345', ip: '10.8.1.1' })).code).toBe(10002);
    expect((await attemptLogin(b.app, { email, password: 'Wrong12345', ip: '10.8.1.2' })).code).toBe(605);

    // Redis back: both use their caches again, emptied, and a logout still applies at once.
    await redis.start();
    for (const t of [a, b]) {
      await vi.waitFor(
        async () => {
          await t.app.inject({ method: 'GET', url: '/api/v1/user/user_info', headers: { token: during } });
          expect(t.app.callerCache.paused()).toBe(false);
        },
        { timeout: 20_000, interval: 200 },
      );
    }
    expect(await userInfo('b', during)).toBe(200);
    expect(await call('a', endpoints.account.logout, {}, during)).toBeNull();
    expect(await userInfo('b', during)).toBe(20003);
  }, 60_000);
});
