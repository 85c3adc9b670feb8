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
 * A value cached from a read that raced the write is dropped by the second increment.
 *
 * Redis unavailable (a command fails or times out, or the connection closes): the cache is paused
 * (caller-cache.ts), so every request reads its session, access and scopes from the accounts store
 * and a logout or revocation made on another instance applies at once; requests go on (fail closed
 * for revocation, open for availability). The failure is reported once per outage through `onError`.
 * When Redis answers again the cache resumes empty, and an increment this process could not make
 * during the outage is made then, so instances that did not notice the outage drop their values too.
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
  /** An increment failed: it is owed to the other instances when Redis answers again. */
  let owed = false;
  let closing = false;
  const failed = (err: unknown) => {
    if (!failing) onError(err);
    failing = true;
    cache.pause();
  };
  /** The recovery under way: the 'ready' event and a request's refresh can both notice Redis is back. */
  let recovering: Promise<void> | null = null;
  /**
   * Redis answered after an outage: pay the owed increment (once, however many callers noticed),
   * then use the cache again, empty. Throws when the increment fails; the debt stays owed.
   */
  function recovered(current: string | null): Promise<void> {
    recovering ??= (async () => {
      seen = current;
      if (owed) {
        seen = String(await redis.incr(key));
        owed = false;
      }
      failing = false;
      cache.resume();
    })().finally(() => {
      recovering = null;
    });
    return recovering;
  }

  async function publish() {
    try {
      const n = await redis.incr(key);
      if (failing) await recovered(String(n));
      // Our own increment is no news; someone else's in between will differ at the next refresh.
      else if (seen !== null && Number(seen) === n - 1) seen = String(n);
    } catch (err) {
      owed = true;
      failed(err);
    }
  }

  async function refresh() {
    try {
      const now = await redis.get(key);
      if (failing) await recovered(now);
      else if (now !== seen) {
        seen = now;
        cache.bump(true);
      }
    } catch (err) {
      failed(err);
    }
  }

  // A lost connection pauses the cache at once, also on an instance with no request in the meantime.
  redis.on('close', () => {
    if (!closing) failed(new Error('Redis connection closed'));
  });
  redis.on('ready', () => {
    if (failing) void refresh();
  });
  await redis.connect().catch(failed);
  try {
    seen = await redis.get(key);
  } catch (err) {
    failed(err);
  }
  cache.onLocalBump(() => {
    publish();
  });

  return {
    refresh,
    publish,
    async close() {
      closing = true;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
