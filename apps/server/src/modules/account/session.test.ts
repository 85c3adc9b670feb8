import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../demo/accounts.ts';
import { envelopeOf } from '../../test/envelope.ts';
import { loginAs } from '../../test/login.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('sessions on %s', (db) => {
  let t: TestApp;
  let skewMs = 0;
  const userInfo = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/v1/user/user_info', headers }).then(envelopeOf);
  beforeAll(async () => {
    t = await createTestApp({ db, now: () => new Date(Date.now() + skewMs) });
    await seedDemoAccounts(t.app.db);
  });
  afterAll(async () => t.close());

  it('answers 603 without a token header, and ignores a token cookie', async () => {
    expect((await userInfo()).code).toBe(603);
    const token = await loginAs(t.app, 'demo@example.com', DEMO_PASSWORD);
    expect((await userInfo({ cookie: `token=${token}` })).code).toBe(603);
  });

  it('answers 20003 for an unknown token', async () => {
    expect((await userInfo({ token: 'x'.repeat(43) })).code).toBe(20003);
    expect((await userInfo({ token: 'y'.repeat(1000) })).code).toBe(20003);
  });

  it('logout revokes the session: the next call answers 20003', async () => {
    const token = await loginAs(t.app, 'demo@example.com', DEMO_PASSWORD);
    const other = await loginAs(t.app, 'demo@example.com', DEMO_PASSWORD);
    expect((await userInfo({ token })).code).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/v1/passport/user/logout', headers: { token } });
    expect(envelopeOf(out)).toEqual({ code: 0, msg: '成功', data: null });
    expect((await userInfo({ token })).code).toBe(20003);
    const again = await t.app.inject({ method: 'POST', url: '/v1/passport/user/logout', headers: { token } });
    expect(envelopeOf(again).code).toBe(20003);
    // Only that session: another login of the same user still works.
    expect((await userInfo({ token: other })).code).toBe(200);
  });

  it('answers 20003 once the session is older than 7 days', async () => {
    const token = await loginAs(t.app, 'demo@example.com', DEMO_PASSWORD);
    try {
      skewMs = 7 * 24 * 3600 * 1000 - 60_000;
      expect((await userInfo({ token })).code).toBe(200);
      skewMs = 7 * 24 * 3600 * 1000 + 1000;
      expect((await userInfo({ token })).code).toBe(20003);
    } finally {
      skewMs = 0;
    }
  });

  it('answers 20005 when the user is inactivated or deleted while signed in', async () => {
    const token = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    expect((await userInfo({ token })).code).toBe(200);
    await t.app.db.update(users).set({ status: 2 }).where(eq(users.email, 'member@example.com'));
    expect((await userInfo({ token })).code).toBe(20005);
    await t.app.db.update(users).set({ status: -1 }).where(eq(users.email, 'member@example.com'));
    expect((await userInfo({ token })).code).toBe(20005);
    await t.app.db.update(users).set({ status: 1 }).where(eq(users.email, 'member@example.com'));
    expect((await userInfo({ token })).code).toBe(200);
  });
});
