/**
 * Sessions you can see (issue 16 §4): the caller's live sessions with device, address, start and
 * last activity (written at most once a minute), "sign out this one" and "sign out all others";
 * nobody can name another user's session.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionDetails } from '../../db/schema/security.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../demo/accounts.ts';
import { endpointCallers } from '../../test/json-caller.ts';
import { loginAs } from '../../test/login.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/test-app.ts';
import { TOUCH_INTERVAL_MS } from './activity.ts';
import { deviceOf } from './session-service.ts';

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

const e = endpoints.security;
const userInfo = endpoints.account.userInfo;

describe.each(testDbKinds)('sessions you can see on %s', (db) => {
  let t: TestApp;
  let skewMs = 0;
  beforeAll(async () => {
    t = await createTestApp({ db, now: () => new Date(Date.now() + skewMs) });
    await seedDemoAccounts(t.app.db);
  }, 120_000);
  afterAll(async () => t?.close());

  /** Success data of an endpoint, parsed by its schema (json-caller.ts); `fail` its failure envelope. */
  const call: ReturnType<typeof endpointCallers>['call'] = (...args) => endpointCallers(t.app).call(...args);
  const fail: ReturnType<typeof endpointCallers>['fail'] = (...args) => endpointCallers(t.app).fail(...args);
  /** A request from device `ua` at address `ip`. */
  const from = (ua: string, ip: string) => ({ headers: { 'user-agent': ua }, remoteAddress: ip });

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
    await call(userInfo, from(SAFARI_IPHONE, '198.51.100.4'), phone);
    await expect.poll(() => detailsOf('198.51.100.4')).toHaveLength(1);
    const listed = await call(e.sessions, from(CHROME_WIN, '203.0.113.9'), laptop);
    const mine = listed.list;
    const current = mine.find((s) => s.current);
    const other = mine.find((s) => s.device.includes('iOS'));
    expect(mine.filter((s) => s.current)).toHaveLength(1);
    expect(other).toMatchObject({ ip: '198.51.100.4', current: false });
    expect(other?.last_seen_at).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(laptop);
    // The listing request itself is recorded after it has answered (onResponse), so poll for it.
    await expect
      .poll(async () => {
        const again = await call(e.sessions, from(CHROME_WIN, '203.0.113.9'), laptop);
        return again.list.find((s) => s.id === current?.id);
      })
      .toMatchObject({ device: 'Chrome 120 · Windows 10', ip: '203.0.113.9' });

    // Within a minute further requests write nothing; after it one write.
    const rows = async () =>
      t.app.db.select().from(sessionDetails).where(eq(sessionDetails.ip, '203.0.113.9'));
    const seen = (await rows())[0]?.last_seen_at.getTime();
    await call(userInfo, from(CHROME_WIN, '203.0.113.9'), laptop);
    expect((await rows())[0]?.last_seen_at.getTime()).toBe(seen);
    skewMs += TOUCH_INTERVAL_MS;
    await call(userInfo, from(CHROME_WIN, '203.0.113.9'), laptop);
    await expect
      .poll(async () => (await rows())[0]?.last_seen_at.getTime())
      .toBeGreaterThan(seen ?? Number.POSITIVE_INFINITY);
  });

  it('signs out one session, then all others; other users’ sessions cannot be named', async () => {
    const a = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    const b = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    const c = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    const intruder = await loginAs(t.app, 'other@example.com', DEMO_PASSWORD);
    await call(userInfo, from(SAFARI_IPHONE, '198.51.100.77'), b);
    await expect.poll(() => detailsOf('198.51.100.77')).toHaveLength(1);
    const list = (await call(e.sessions, {}, a)).list;
    expect(list).toHaveLength(3);
    const bId = list.find((s) => s.device.includes('iOS'))?.id ?? '';
    expect((await fail(e.revokeSession, { body: { id: bId } }, intruder)).code).toBe(10008);
    await call(userInfo, {}, b);
    expect(await call(e.revokeSession, { body: { id: bId } }, a)).toBeNull();
    expect((await fail(userInfo, {}, b)).code).toBe(20003);
    expect((await call(e.sessions, {}, a)).list).toHaveLength(2);
    expect((await fail(e.revokeSession, { body: { id: 'not-an-id' } }, a)).code).toBe(604);

    expect(await call(e.revokeOtherSessions, { body: { password: DEMO_PASSWORD } }, a)).toEqual({
      revoked: 1,
    });
    expect((await fail(userInfo, {}, c)).code).toBe(20003);
    await call(userInfo, {}, a);
    await call(userInfo, {}, intruder);
    // Signing out the current session is signing out.
    const self = (await call(e.sessions, {}, a)).list[0]?.id ?? '';
    expect(await call(e.revokeSession, { body: { id: self } }, a)).toBeNull();
    expect((await fail(userInfo, {}, a)).code).toBe(20003);
  });
});
