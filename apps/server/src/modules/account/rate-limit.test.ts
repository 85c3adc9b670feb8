import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../demo/accounts.ts';
import { LIMITS } from '../../plugins/rate-limit.ts';
import { envelopeOf, retryAfterOf } from '../../test/envelope.ts';
import { attemptLogin } from '../../test/login.ts';
import { postEncrypted } from '../../test/signed.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('failed-login limits on %s', (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db });
    await seedDemoAccounts(t.app.db);
  });
  afterAll(async () => t.close());

  it('blocks an email after 5 failures with 10002 and retry_after, even with the right password', async () => {
    for (let i = 0; i < LIMITS.loginPerEmail.points; i++) {
      const ip = `10.2.0.${i + 1}`;
      expect(
        (await attemptLogin(t.app, { email: 'other@example.com', password: 'Wrong12345', ip })).code,
      ).toBe(605);
    }
    const blocked = await attemptLogin(t.app, {
      email: 'other@example.com',
      password: DEMO_PASSWORD,
      ip: '10.2.1.1',
    });
    expect(blocked.code).toBe(10002);
    const retryAfter = retryAfterOf(blocked);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.loginPerEmail.durationSeconds);
    // Another account from the same address is not affected.
    const otherAccount = await attemptLogin(t.app, {
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
      ip: '10.2.1.1',
    });
    expect(otherAccount.code).toBe(0);
  });

  it('checks the limit before the captcha, so a blocked attempt does not consume it', async () => {
    const blocked = await attemptLogin(t.app, {
      email: 'other@example.com',
      password: DEMO_PASSWORD,
      captchaAnswer: '-1',
      ip: '10.2.1.2',
    });
    expect(blocked.code).toBe(10002);
  });

  it('clears the email counter after a successful login', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < LIMITS.loginPerEmail.points - 1; i++) {
      expect(
        (await attemptLogin(t.app, { email: 'member@example.com', password: 'Wrong12345', ip })).code,
      ).toBe(605);
    }
    expect(
      (await attemptLogin(t.app, { email: 'member@example.com', password: DEMO_PASSWORD, ip })).code,
    ).toBe(0);
    for (let i = 0; i < LIMITS.loginPerEmail.points - 1; i++) {
      expect(
        (await attemptLogin(t.app, { email: 'member@example.com', password: 'Wrong12345', ip })).code,
      ).toBe(605);
    }
    expect(
      (await attemptLogin(t.app, { email: 'member@example.com', password: DEMO_PASSWORD, ip })).code,
    ).toBe(0);
  });

  it('blocks a client address after 20 failures across different emails', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < LIMITS.loginPerIp.points; i++) {
      const body = await attemptLogin(t.app, { email: `nobody${i}@example.com`, password: 'Wrong12345', ip });
      expect(body.code).toBe(605);
    }
    const blocked = await attemptLogin(t.app, { email: 'ops@example.com', password: DEMO_PASSWORD, ip });
    expect(blocked.code).toBe(10002);
    expect(retryAfterOf(blocked)).toBeGreaterThan(0);
    expect(
      (await attemptLogin(t.app, { email: 'ops@example.com', password: DEMO_PASSWORD, ip: '10.4.0.2' })).code,
    ).toBe(0);
  });

  it('limits captcha images per address', async () => {
    let last = 0;
    for (let i = 0; i <= LIMITS.captchaPerIp.points; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/passport/captcha/gen_math',
        remoteAddress: '10.5.0.1',
      });
      last = envelopeOf(res).code;
    }
    expect(last).toBe(10002);
  });

  describe('password resets (forgot)', () => {
    const forgot = (email: string, ip: string) =>
      postEncrypted(
        t.app,
        '/v1/passport/password/forgot',
        { email, code: '000000', password: 'Renewed123' },
        { ip },
      );

    it('blocks an address after 10 wrong codes with 10002 and retry_after, from any client', async () => {
      for (let i = 0; i < LIMITS.forgotPerEmail.points; i++) {
        expect((await forgot('member@example.com', `10.6.0.${i + 1}`)).code).toBe(10005);
      }
      const blocked = await forgot('member@example.com', '10.6.1.1');
      expect(blocked.code).toBe(10002);
      const retryAfter = retryAfterOf(blocked);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(LIMITS.forgotPerEmail.durationSeconds);
      // Another address from the same client is not affected.
      expect((await forgot('ops@example.com', '10.6.1.1')).code).toBe(10005);
    });

    it('blocks a client after 30 wrong codes across addresses', async () => {
      const ip = '10.7.0.1';
      for (let i = 0; i < LIMITS.forgotPerIp.points; i++) {
        expect((await forgot(`reset${i}@example.com`, ip)).code).toBe(10005);
      }
      const blocked = await forgot('reset-next@example.com', ip);
      expect(blocked.code).toBe(10002);
      expect(retryAfterOf(blocked)).toBeGreaterThan(0);
      expect((await forgot('reset-next@example.com', '10.7.0.2')).code).toBe(10005);
    });
  });
});
