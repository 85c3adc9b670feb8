/**
 * Sessions you can see (issue 16 §4): the caller's live sessions with device, address, start and
 * last activity (written at most once a minute), "sign out this one" and "sign out all others";
 * nobody can name another user's session.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionDetails } from '../../db/schema/security.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../demo/accounts.ts';
import { loginAs } from '../../test/login.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/test-app.ts';
import { TOUCH_INTERVAL_MS } from './activity.ts';
import { deviceOf } from './session-service.ts';

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely
type Answer = { code: number; data: any };

describe.each(testDbKinds)('sessions you can see on %s', (db) => {
  let t: TestApp;
  let skewMs = 0;
  beforeAll(async () => {
    t = await createTestApp({ db, now: () => new Date(Date.now() + skewMs) });
    await seedDemoAccounts(t.app.db);
  }, 120_000);
  afterAll(async () => t?.close());

  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    token: string,
    opts: { ua?: string; ip?: string; body?: object } = {},
  ) {
    const res = await t.app.inject({
      method,
      url,
      headers: { token, ...(opts.ua ? { 'user-agent': opts.ua } : {}) },
      ...(opts.ip ? { remoteAddress: opts.ip } : {}),
      ...(method === 'GET' ? {} : { payload: opts.body ?? {} }),
    });
    return res.json() as Answer;
  }

  /** Activity rows recorded from `ip` (written after the response, so tests poll). */
  const detailsOf = (ip: string) => t.app.db.select().from(sessionDetails).where(eq(sessionDetails.ip, ip));

  it('names the device from the user agent', () => {
    expect(deviceOf(CHROME_WIN)).toBe('Chrome 120 · Windows 10');
    expect(deviceOf(SAFARI_IPHONE)).toContain('iOS 17.1');
    expect(deviceOf(null)).toBe('');
  });

  it('lists live sessions with device, address and last seen, written at most once a minute', async () => {
    const laptop = await loginAs(t.app, 'demo@example.com', DEMO_PASSWORD);
    const phone = await loginAs(t.app, 'demo@example.com', DEMO_PASSWORD);
    await call('GET', '/api/v1/user/user_info', phone, { ua: SAFARI_IPHONE, ip: '198.51.100.4' });
    await expect.poll(() => detailsOf('198.51.100.4')).toHaveLength(1);
    const listed = await call('GET', '/v1/account/sessions', laptop, { ua: CHROME_WIN, ip: '203.0.113.9' });
    expect(listed.code).toBe(0);
    const mine = listed.data.list as {
      id: string;
      device: string;
      ip: string;
      current: boolean;
      last_seen_at: string | null;
    }[];
    const current = mine.find((s) => s.current);
    const other = mine.find((s) => s.device.includes('iOS'));
    expect(mine.filter((s) => s.current)).toHaveLength(1);
    expect(other).toMatchObject({ ip: '198.51.100.4', current: false });
    expect(other?.last_seen_at).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(laptop);
    // The listing request itself is recorded after it has answered (onResponse), so poll for it.
    await expect
      .poll(async () => {
        const again = await call('GET', '/v1/account/sessions', laptop, {
          ua: CHROME_WIN,
          ip: '203.0.113.9',
        });
        return again.data.list.find((s: { id: string }) => s.id === current?.id);
      })
      .toMatchObject({ device: 'Chrome 120 · Windows 10', ip: '203.0.113.9' });

    // Within a minute further requests write nothing; after it one write.
    const rows = async () =>
      t.app.db.select().from(sessionDetails).where(eq(sessionDetails.ip, '203.0.113.9'));
    const seen = (await rows())[0]?.last_seen_at.getTime();
    await call('GET', '/api/v1/user/user_info', laptop, { ua: CHROME_WIN, ip: '203.0.113.9' });
    expect((await rows())[0]?.last_seen_at.getTime()).toBe(seen);
    skewMs += TOUCH_INTERVAL_MS;
    await call('GET', '/api/v1/user/user_info', laptop, { ua: CHROME_WIN, ip: '203.0.113.9' });
    await expect
      .poll(async () => (await rows())[0]?.last_seen_at.getTime())
      .toBeGreaterThan(seen ?? Number.POSITIVE_INFINITY);
  });

  it('signs out one session, then all others; other users’ sessions cannot be named', async () => {
    const a = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    const b = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    const c = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    const intruder = await loginAs(t.app, 'other@example.com', DEMO_PASSWORD);
    await call('GET', '/api/v1/user/user_info', b, { ua: SAFARI_IPHONE, ip: '198.51.100.77' });
    await expect.poll(() => detailsOf('198.51.100.77')).toHaveLength(1);
    const list = (await call('GET', '/v1/account/sessions', a)).data.list as { id: string; device: string }[];
    expect(list).toHaveLength(3);
    const bId = list.find((s) => s.device.includes('iOS'))?.id as string;
    expect((await call('DELETE', '/v1/account/sessions', intruder, { body: { id: bId } })).code).toBe(10008);
    expect((await call('GET', '/api/v1/user/user_info', b)).code).toBe(200);
    expect((await call('DELETE', '/v1/account/sessions', a, { body: { id: bId } })).code).toBe(0);
    expect((await call('GET', '/api/v1/user/user_info', b)).code).toBe(20003);
    expect((await call('GET', '/v1/account/sessions', a)).data.list).toHaveLength(2);
    expect((await call('DELETE', '/v1/account/sessions', a, { body: { id: 'not-an-id' } })).code).toBe(604);

    const others = await call('POST', '/v1/account/sessions/others', a, {
      body: { password: DEMO_PASSWORD },
    });
    expect(others).toMatchObject({ code: 0, data: { revoked: 1 } });
    expect((await call('GET', '/api/v1/user/user_info', c)).code).toBe(20003);
    expect((await call('GET', '/api/v1/user/user_info', a)).code).toBe(200);
    expect((await call('GET', '/api/v1/user/user_info', intruder)).code).toBe(200);
    // Signing out the current session is signing out.
    const self = (await call('GET', '/v1/account/sessions', a)).data.list[0].id;
    expect((await call('DELETE', '/v1/account/sessions', a, { body: { id: self } })).code).toBe(0);
    expect((await call('GET', '/api/v1/user/user_info', a)).code).toBe(20003);
  });
});
