/**
 * Named attempt counters for the issue-16 features (reporting API key calls, two-factor codes), on
 * rate-limiter-flexible like plugins/rate-limit.ts: in process, or in Redis with REDIS_URL (in-process
 * counters stand in while Redis is unreachable). Keys are opaque ids or hashes, never secrets; in Redis
 * they are `<REDIS_KEY_PREFIX><name>:<key>`, so two portals on one Redis share no counter.
 */
import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Config } from '../config.ts';
import type { Limit } from './rate-limit.ts';

export type Counter = {
  /** Counts one use of `key`; seconds to wait when that was over the limit, else 0. */
  consume(key: string): Promise<number>;
  /** Seconds until `key` may try again (limit reached), else 0; counts nothing. */
  blockedFor(key: string): Promise<number>;
  /** Counts one failure of `key` without refusing. */
  penalty(key: string): Promise<void>;
  /** Forgets `key`'s count. */
  reset(key: string): Promise<void>;
};

export type Counters = { counter(name: string, limit: Limit): Counter; close(): Promise<void> };

/** Counters sharing one Redis connection when `config.redisUrl` is set (connected lazily). */
export function createCounters(config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>): Counters {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : null;
  // Without this listener ioredis reports connection errors as unhandled 'error' events.
  redis?.on('error', () => {});
  return {
    counter(name, limit) {
      const opts = {
        keyPrefix: `${config.redisKeyPrefix}${name}`,
        points: limit.points,
        duration: limit.durationSeconds,
      };
      const limiter: RateLimiterAbstract = redis
        ? new RateLimiterRedis({
            ...opts,
            storeClient: redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(opts),
          })
        : new RateLimiterMemory(opts);
      return {
        async consume(key) {
          try {
            await limiter.consume(key, 1);
            return 0;
          } catch (err) {
            if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
            throw err;
          }
        },
        async blockedFor(key) {
          const res = await limiter.get(key);
          if (!res || res.consumedPoints < limit.points) return 0;
          return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        },
        async penalty(key) {
          await limiter.penalty(key, 1);
        },
        async reset(key) {
          await limiter.delete(key);
        },
      };
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
