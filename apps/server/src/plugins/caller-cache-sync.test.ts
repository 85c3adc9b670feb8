/**
 * The caller cache across instances when Redis goes away (issue 22 item 3), on a private redis-server
 * (test/redis-server.ts) that the test kills and restarts. Runs with TEST_REDIS_URL, like the other
 * Redis suites.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PrivateRedis, startPrivateRedis } from '../test/redis-server.ts';
import { createCallerCache } from './caller-cache.ts';
import { type CallerCacheSync, createCallerCacheSync } from './caller-cache-sync.ts';

describe.skipIf(!process.env.TEST_REDIS_URL)('the caller cache while Redis is down', () => {
  let redis: PrivateRedis;
  const syncs: CallerCacheSync[] = [];
  beforeAll(async () => {
    redis = await startPrivateRedis();
  });
  afterAll(async () => {
    for (const s of syncs) await s.close();
    await redis.stop();
  });

  it('reads the store on every request during the outage, then resumes empty and pays the bump it owed', async () => {
    const instance = async () => {
      const cache = createCallerCache(60_000);
      const sync = await createCallerCacheSync(cache, redis.url, 'p1:');
      syncs.push(sync);
      return { cache, sync };
    };
    const a = await instance();
    const b = await instance();
    const idle = await instance();
    let session = 'valid';
    const load = async () => session;
    for (const i of [b, idle]) {
      await i.sync.refresh();
      expect(await i.cache.get('token', 'session', load)).toBe('valid');
    }

    await redis.stop();
    // A logs the session out: the store changes, the bump cannot reach Redis.
    session = 'revoked';
    a.cache.bump();
    await a.sync.publish();
    // B's next request cannot read the shared version: it does not use what it cached.
    await b.sync.refresh();
    expect(b.cache.paused()).toBe(true);
    expect(await b.cache.get('token', 'session', load)).toBe('revoked');
    // An instance with no request meanwhile pauses as soon as its connection closes.
    await vi.waitFor(() => expect(idle.cache.paused()).toBe(true), { timeout: 10_000 });
    expect(await idle.cache.get('token', 'session', load)).toBe('revoked');

    await redis.start();
    for (const i of [a, b, idle]) {
      await vi.waitFor(
        async () => {
          // Two requests (and the connection's 'ready') may notice the return at once: one payment.
          await Promise.all([i.sync.refresh(), i.sync.refresh()]);
          expect(i.cache.paused()).toBe(false);
        },
        { timeout: 15_000, interval: 100 },
      );
    }
    // Resumed empty: nothing cached before the outage is used again.
    expect(await b.cache.get('token', 'session', load)).toBe('revoked');
    expect(await idle.cache.get('token', 'session', load)).toBe('revoked');
    // A paid the increment it owed (Redis came back empty), so an instance that never noticed the
    // outage drops its values too.
    const client = new Redis(redis.url);
    try {
      expect(await client.get('p1:caller-cache:version')).toBe('1');
    } finally {
      client.disconnect();
    }
  }, 60_000);
});
