import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AttemptLimits, createAttemptLimits, LIMITS } from './rate-limit.ts';

const stores: [string, string | undefined][] = [['memory', undefined]];
if (process.env.TEST_REDIS_URL) stores.push(['redis', process.env.TEST_REDIS_URL]);

describe.each(stores)('attempt limits in %s', (_name, redisUrl) => {
  let limits: AttemptLimits;
  const run = `${Date.now()}-${Math.random()}`;
  beforeAll(async () => {
    limits = await createAttemptLimits({ redisUrl, redisKeyPrefix: `portal_t_${run}:` }, (err) => {
      throw err;
    });
  });
  afterAll(async () => limits.close());

  it('blocks an email after its failures and clears it on success', async () => {
    const email = `a-${run}@example.com`;
    for (let i = 0; i < LIMITS.loginPerEmail.points; i++) {
      expect(await limits.loginBlockedFor(email, `ip-a-${run}-${i}`)).toBe(0);
      await limits.loginFailed(email, `ip-a-${run}-${i}`);
    }
    const wait = await limits.loginBlockedFor(` ${email.toUpperCase()}`, `ip-a-${run}-x`);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(LIMITS.loginPerEmail.durationSeconds);
    await limits.loginSucceeded(email);
    expect(await limits.loginBlockedFor(email, `ip-a-${run}-x`)).toBe(0);
  });

  it('blocks an address after its failures across emails', async () => {
    const ip = `ip-b-${run}`;
    for (let i = 0; i < LIMITS.loginPerIp.points; i++) await limits.loginFailed(`b${i}-${run}@x.io`, ip);
    expect(await limits.loginBlockedFor(`fresh-${run}@x.io`, ip)).toBeGreaterThan(0);
    expect(await limits.loginBlockedFor(`fresh-${run}@x.io`, `${ip}-other`)).toBe(0);
  });
});

describe('attempt limits with Redis down', () => {
  it('starts anyway, reports it, and counts in process', async () => {
    const errors: unknown[] = [];
    const limits = await createAttemptLimits(
      { redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: 'portal:' },
      (e) => errors.push(e),
    );
    expect(errors).toHaveLength(1);
    for (let i = 0; i < LIMITS.loginPerEmail.points; i++)
      await limits.loginFailed('down@example.com', `ip${i}`);
    expect(await limits.loginBlockedFor('down@example.com', 'ipx')).toBeGreaterThan(0);
    await limits.close();
  });
});
