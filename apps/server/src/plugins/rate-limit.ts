/**
 * Attempt limits of the passport endpoints (api-contract §2 code 10002, OWASP Authentication Cheat
 * Sheet "account lockout / throttling"):
 * - failed logins: 5 per account (email) and 20 per client address per 15 minutes; a successful login
 *   clears the account's counter;
 * - captcha images: 30 per client address per minute;
 * - emailed codes (send_email): 20 per client address per hour (per-address caps are in
 *   modules/mail/email-codes.ts, kept in the accounts store);
 * - password resets (forgot) with a wrong or expired code: 10 per address (email) and 30 per client
 *   address per hour; a successful reset clears the address's counter (issue 14 item 23).
 * Counters live in process (RateLimiterMemory) or, with REDIS_URL, in Redis (RateLimiterRedis) so
 * several API instances share them; Redis failures fall back to in-process counters.
 * Emails are keyed by their SHA-256, so the counter store holds no addresses.
 */
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Config } from '../config.ts';

export type Limit = { points: number; durationSeconds: number };

/** The limits; tests and operators read them here. */
export const LIMITS = {
  loginPerEmail: { points: 5, durationSeconds: 15 * 60 },
  loginPerIp: { points: 20, durationSeconds: 15 * 60 },
  captchaPerIp: { points: 30, durationSeconds: 60 },
  mailPerIp: { points: 20, durationSeconds: 3600 },
  forgotPerEmail: { points: 10, durationSeconds: 3600 },
  forgotPerIp: { points: 30, durationSeconds: 3600 },
} satisfies Record<string, Limit>;

export type AttemptLimits = {
  /** Seconds until this email and address may try to log in again; 0 when they may now. */
  loginBlockedFor(email: string, ip: string): Promise<number>;
  /** Counts one failed login against the email and the address. */
  loginFailed(email: string, ip: string): Promise<void>;
  /** Clears the email's failure counter after a successful login. */
  loginSucceeded(email: string): Promise<void>;
  /** Counts one captcha image for the address; seconds to wait when over the limit, else 0. */
  captchaIssued(ip: string): Promise<number>;
  /** Counts one emailed code requested from the address; seconds to wait when over the limit, else 0. */
  mailIssued(ip: string): Promise<number>;
  /** Seconds until this email and address may try a password reset again; 0 when they may now. */
  forgotBlockedFor(email: string, ip: string): Promise<number>;
  /** Counts one failed password reset (wrong or expired code) against the email and the address. */
  forgotFailed(email: string, ip: string): Promise<void>;
  /** Clears the email's reset counter after a successful reset. */
  forgotSucceeded(email: string): Promise<void>;
  close(): Promise<void>;
};

/** How long start-up waits for Redis before counting in process until it connects, ms. */
const REDIS_CONNECT_WAIT_MS = 5000;

/**
 * Builds the limits on Redis when `config.redisUrl` is set (waiting up to 5 s for the connection, so
 * the first attempts are already shared; `onRedisDown` hears when it is not), otherwise in process.
 * `onRefused` hears each refusal with the limiter's name (`login:email`, `login:ip`, `captcha:ip`,
 * `mail:ip`); the server counts them (plugins/metrics.ts).
 */
export async function createAttemptLimits(
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>,
  onRedisDown: (err: unknown) => void = () => {},
  onRefused: (limiter: string) => void = () => {},
): Promise<AttemptLimits> {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true })
    : null;
  if (redis) {
    // Without this listener ioredis reports connection errors as unhandled 'error' events.
    redis.on('error', () => {});
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      redis.connect(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('Redis not ready')), REDIS_CONNECT_WAIT_MS);
      }),
    ])
      .catch(onRedisDown)
      .finally(() => clearTimeout(timer));
  }
  const names = new Map<RateLimiterAbstract, string>();
  const make = (name: string, limit: Limit): RateLimiterAbstract => {
    const opts = {
      keyPrefix: `${config.redisKeyPrefix}${name}`,
      points: limit.points,
      duration: limit.durationSeconds,
    };
    const limiter = redis
      ? new RateLimiterRedis({
          ...opts,
          storeClient: redis,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory(opts),
        })
      : new RateLimiterMemory(opts);
    names.set(limiter, name);
    return limiter;
  };
  const refused = (limiter: RateLimiterAbstract) => onRefused(names.get(limiter) ?? '');
  const byEmail = make('login:email', LIMITS.loginPerEmail);
  const byIp = make('login:ip', LIMITS.loginPerIp);
  const captcha = make('captcha:ip', LIMITS.captchaPerIp);
  const mail = make('mail:ip', LIMITS.mailPerIp);
  const forgotByEmail = make('forgot:email', LIMITS.forgotPerEmail);
  const forgotByIp = make('forgot:ip', LIMITS.forgotPerIp);
  const consume = async (limiter: RateLimiterAbstract, key: string) => {
    try {
      await limiter.consume(key, 1);
      return 0;
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      refused(limiter);
      return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
    }
  };

  const blockedFor = async (limiter: RateLimiterAbstract, limit: Limit, key: string) => {
    const res = await limiter.get(key);
    if (!res || res.consumedPoints < limit.points) return 0;
    refused(limiter);
    return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  };

  return {
    async loginBlockedFor(email, ip) {
      const [e, i] = await Promise.all([
        blockedFor(byEmail, LIMITS.loginPerEmail, emailKey(email)),
        blockedFor(byIp, LIMITS.loginPerIp, ip),
      ]);
      return Math.max(e, i);
    },
    async loginFailed(email, ip) {
      await Promise.all([byEmail.penalty(emailKey(email), 1), byIp.penalty(ip, 1)]);
    },
    async loginSucceeded(email) {
      await byEmail.delete(emailKey(email));
    },
    async forgotBlockedFor(email, ip) {
      const [e, i] = await Promise.all([
        blockedFor(forgotByEmail, LIMITS.forgotPerEmail, emailKey(email)),
        blockedFor(forgotByIp, LIMITS.forgotPerIp, ip),
      ]);
      return Math.max(e, i);
    },
    async forgotFailed(email, ip) {
      await Promise.all([forgotByEmail.penalty(emailKey(email), 1), forgotByIp.penalty(ip, 1)]);
    },
    async forgotSucceeded(email) {
      await forgotByEmail.delete(emailKey(email));
    },
    captchaIssued: (ip) => consume(captcha, ip),
    mailIssued: (ip) => consume(mail, ip),
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}
