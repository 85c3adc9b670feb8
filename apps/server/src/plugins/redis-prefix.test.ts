/**
 * REDIS_KEY_PREFIX on every Redis key (issue 22 item 16): two portals on one Redis share nothing. On a
 * private redis-server (test/redis-server.ts), so every key in it can be listed; runs with
 * TEST_REDIS_URL like the other Redis suites.
 */
import { API_KEY_PREFIX } from '@portal/contracts/security.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TWO_FACTOR_LIMIT } from '../modules/two-factor/two-factor-service.ts';
import { envelopeOf } from '../test/envelope.ts';
import { attemptLogin } from '../test/login.ts';
import { type PrivateRedis, startPrivateRedis } from '../test/redis-server.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createCounters } from './counters.ts';

describe.skipIf(!process.env.TEST_REDIS_URL)('two portals on one Redis', () => {
  let redis: PrivateRedis;
  const portals: TestApp[] = [];
  const prefixes = ['alpha:', 'beta:'];
  beforeAll(async () => {
    redis = await startPrivateRedis();
    for (const prefix of prefixes) {
      portals.push(await createTestApp({ env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix } }));
    }
  }, 60_000);
  afterAll(async () => {
    for (const t of portals) await t.close();
    await redis.stop();
  });

  it('write every key under their own prefix: limits, API key calls, the caller cache version', async () => {
    const hasKey = async (prefix: string, part: string) =>
      (await redis.keys()).some((k) => k.startsWith(prefix) && k.includes(part));
    // Counters connect to Redis lazily and count in process until then: repeat until a call is in Redis.
    const until = (prefix: string, part: string, act: () => Promise<unknown>) =>
      vi.waitFor(
        async () => {
          await act();
          expect(await hasKey(prefix, part), `${prefix}${part}`).toBe(true);
        },
        { timeout: 10_000, interval: 100 },
      );
    for (const [i, t] of portals.entries()) {
      const prefix = prefixes[i] ?? '';
      await until(prefix, 'login:email', async () =>
        expect(
          (await attemptLogin(t.app, { email: 'nobody@example.com', password: 'Wrong12345' })).code,
        ).toBe(605),
      );
      await until(prefix, 'apikey', async () => {
        const call = await t.app.inject({
          method: 'GET',
          url: '/v1/report/list/sdk?dt=20260101,20260101&fields=dt,request',
          headers: { authorization: `Bearer ${API_KEY_PREFIX}${'A'.repeat(43)}` },
        });
        expect(envelopeOf(call).code).toBe(20003);
      });
      const totp = createCounters(t.app.config);
      await until(prefix, 'totp:user', () => totp.counter('totp:user', TWO_FACTOR_LIMIT).penalty('1'));
      await totp.close();
      await until(prefix, 'caller-cache:version', async () => t.app.callerCache.bump());
    }
    const keys = await redis.keys();
    expect(keys.filter((k) => !prefixes.some((p) => k.startsWith(p)))).toEqual([]);
    expect(keys).toContain('alpha:caller-cache:version');
  });

  it('do not share counters: a user blocked on one is not blocked on the other', async () => {
    const counters = portals.map((t) => createCounters(t.app.config));
    const [alpha, beta] = counters.map((c) => c.counter('totp:user', TWO_FACTOR_LIMIT));
    if (!alpha || !beta) throw new Error('no portals');
    try {
      // Both connected, so both count in Redis (not in process).
      await vi.waitFor(async () => {
        await alpha.penalty('probe');
        await beta.penalty('probe');
        expect(await redis.keys()).toEqual(
          expect.arrayContaining(['alpha:totp:user:probe', 'beta:totp:user:probe']),
        );
      });
      for (let i = 0; i < TWO_FACTOR_LIMIT.points; i++) await alpha.penalty('42');
      expect(await alpha.blockedFor('42')).toBeGreaterThan(0);
      expect(await beta.blockedFor('42')).toBe(0);
    } finally {
      for (const c of counters) await c.close();
    }
  });
});
