/**
 * Several API instances on one PostgreSQL (README "Running at scale"): a write on one instance (a
 * revoked permission, an inactivated user, a logout) must reach every instance's caller cache
 * (caller-cache.ts) at once, not after `AUTH_CACHE_MS`. With `REDIS_URL` the instances share one
 * version counter, `<REDIS_KEY_PREFIX>caller-cache:version`:
 *
 * - every bump this process makes increments it: at the write (early) and, for a state-changing
 *   request whose writes moved the generation, again before its response is sent (`published`,
 *   awaited in app.ts `onSend`), i.e. after its transaction committed and before its client can
 *   ask another instance;
 * - every request first reads it (`refresh`, one Redis GET) and, when another instance moved it,
 *   drops this process's cached values before anything reads them.
 *
 * A value cached from a read that raced the write is dropped by the second increment. Redis
 * unavailable: requests go on, staleness is bounded by `AUTH_CACHE_MS` again, and the failure is
 * reported once per outage through `onError`.
 */
import { Redis } from 'ioredis';
import type { CallerCache } from './caller-cache.ts';

export type CallerCacheSync = {
  /** Drops the cached values when another instance bumped since the last call. */
  refresh(): Promise<void>;
  /** Increments the shared version now (after this process's writes committed). */
  publish(): Promise<void>;
  close(): Promise<void>;
};

/** How long a Redis round trip may take before the request goes on without it, ms. */
const REDIS_WAIT_MS = 500;

/** Shares `cache`'s bumps with every instance using the Redis at `redisUrl` under `prefix`. */
export async function createCallerCacheSync(
  cache: CallerCache,
  redisUrl: string,
  prefix: string,
  onError: (err: unknown) => void = () => {},
): Promise<CallerCacheSync> {
  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
    commandTimeout: REDIS_WAIT_MS,
  });
  redis.on('error', () => {});
  const key = `${prefix}caller-cache:version`;
  let seen: string | null = null;
  let failing = false;
  const failed = (err: unknown) => {
    if (!failing) onError(err);
    failing = true;
  };
  const ok = () => {
    failing = false;
  };

  async function publish() {
    try {
      const n = await redis.incr(key);
      ok();
      // Our own increment is no news; someone else's in between will differ at the next refresh.
      if (seen !== null && Number(seen) === n - 1) seen = String(n);
    } catch (err) {
      failed(err);
    }
  }

  await redis.connect().catch(failed);
  try {
    seen = await redis.get(key);
    ok();
  } catch (err) {
    failed(err);
  }
  cache.onLocalBump(() => {
    publish();
  });

  return {
    async refresh() {
      try {
        const now = await redis.get(key);
        ok();
        if (now !== seen) {
          seen = now;
          cache.bump(true);
        }
      } catch (err) {
        failed(err);
      }
    },
    publish,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
