/**
 * Housekeeping (plugins/housekeeping.ts): one sweep deletes sessions expired more than a day ago and
 * used or expired captchas, keeps everything else; time moves with createTestApp's `now`. The timer is
 * started by buildApp outside NODE_ENV=test, sweeps on its own, and stops when the app closes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas, sessions, usedSignatures } from '../db/schema/auth.ts';
import { users } from '../db/schema/users.ts';
import { seedDemoAccounts } from '../demo/accounts.ts';
import { envelopeOf } from '../test/envelope.ts';
import { loginAs } from '../test/login.ts';
import { createTestApp, type TestApp, testDbKinds } from '../test/test-app.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe.each(testDbKinds)('housekeeping sweep on %s', (db) => {
  let t: TestApp;
  let clock = new Date('2026-03-01T12:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ db, now: () => clock });
    await seedDemoAccounts(t.app.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ago = (ms: number) => new Date(clock.getTime() - ms);
  const sessionIds = async () =>
    (await t.app.db.select({ id: sessions.token_hash }).from(sessions)).map((r) => r.id).sort();
  const captchaIds = async () =>
    (await t.app.db.select({ id: captchas.id }).from(captchas)).map((r) => r.id).sort();

  it('is off under NODE_ENV=test, so tests drive it', () => {
    expect(t.app.housekeeping.running).toBe(false);
  });

  it('deletes sessions expired over a day ago and used or expired captchas, and nothing else', async () => {
    const [demo] = await t.app.db.select().from(users).where(eq(users.email, 'demo@example.com'));
    if (!demo) throw new Error('demo user missing');
    const session = (id: string, expiresAt: Date, revoked = false) => ({
      token_hash: id,
      user_id: demo.id,
      expires_at: expiresAt,
      created_at: new Date(expiresAt.getTime() - 7 * DAY),
      ...(revoked ? { revoked_at: ago(HOUR), revoked_reason: 'inactivated' } : {}),
    });
    await t.app.db
      .insert(sessions)
      .values([
        session('s-expired-2d', ago(2 * DAY)),
        session('s-expired-2h', ago(2 * HOUR)),
        session('s-live', ago(-DAY)),
        session('s-revoked-live', ago(-DAY), true),
      ]);
    const captcha = (id: string, expiresAt: Date, usedAt: Date | null = null) => ({
      id,
      answer_hash: 'x',
      expires_at: expiresAt,
      used_at: usedAt,
    });
    await t.app.db
      .insert(captchas)
      .values([
        captcha('c-used', ago(-4 * 60_000), ago(30_000)),
        captcha('c-expired', ago(60_000)),
        captcha('c-fresh', ago(-4 * 60_000)),
      ]);

    expect(await t.app.housekeeping.sweep()).toEqual({ sessions: 1, captchas: 2, signatures: 0 });
    expect(await sessionIds()).toEqual(['s-expired-2h', 's-live', 's-revoked-live']);
    expect(await captchaIds()).toEqual(['c-fresh']);

    // A day later the session that had just expired is past its grace; the fresh captcha has expired.
    clock = new Date(clock.getTime() + DAY);
    expect(await t.app.housekeeping.sweep()).toEqual({ sessions: 1, captchas: 1, signatures: 0 });
    expect(await sessionIds()).toEqual(['s-live', 's-revoked-live']);
    expect(await captchaIds()).toEqual([]);
  });

  it('leaves a signed-in session working', async () => {
    const token = await loginAs(t.app, 'demo@example.com', 'Demo12345');
    const swept = await t.app.housekeeping.sweep();
    expect(swept.captchas).toBe(1); // the login's captcha, now used
    expect(swept.signatures).toBe(0); // the login's signature is still inside its window
    const info = await t.app.inject({ method: 'GET', url: '/api/v1/user/user_info', headers: { token } });
    expect(envelopeOf(info).code).toBe(200);
  });

  it('deletes used signatures once their window has passed', async () => {
    const count = async () => (await t.app.db.select().from(usedSignatures)).length;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    clock = new Date(clock.getTime() + 301_000);
    expect((await t.app.housekeeping.sweep()).signatures).toBe(before);
    expect(await count()).toBe(0);
  });
});

describe('housekeeping timer', () => {
  let t: TestApp;
  let closed = false;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'development' } });
  });
  afterAll(async () => {
    if (!closed) await t?.close();
  });

  it('is started by buildApp outside tests, sweeps on its own and stops on close', async () => {
    expect(t.app.housekeeping.running).toBe(true);
    // Restart it with a short interval to see it work without waiting an hour.
    await t.app.housekeeping.stop();
    expect(t.app.housekeeping.running).toBe(false);
    await t.app.db
      .insert(captchas)
      .values({ id: 'c-old', answer_hash: 'x', expires_at: new Date(Date.now() - 60_000) });
    t.app.housekeeping.start(20);
    await expect
      .poll(async () => (await t.app.db.select().from(captchas).where(eq(captchas.id, 'c-old'))).length, {
        timeout: 10_000,
      })
      .toBe(0);
    const hk = t.app.housekeeping;
    await t.close();
    closed = true;
    expect(hk.running).toBe(false);
  });
});
