import { createHash } from 'node:crypto';
import { codeMessage } from '@portal/contracts/codes.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../demo/accounts.ts';
import { envelopeOf, failureOf } from '../../test/envelope.ts';
import { dataOf, errorFields } from '../../test/json-caller.ts';
import { attemptLogin, encryptForServer, loginAs, newCaptchaId, sessionOf } from '../../test/login.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('login on %s', (db) => {
  let t: TestApp;
  let skewMs = 0;
  const nowSec = () => Math.floor((Date.now() + skewMs) / 1000);
  beforeAll(async () => {
    t = await createTestApp({ db, now: () => new Date(Date.now() + skewMs) });
    await seedDemoAccounts(t.app.db);
  });
  afterAll(async () => t.close());

  it('logs in with an encrypted, signed form and answers a token and company_status 1', async () => {
    const body = await attemptLogin(t.app, { email: ' Demo@Example.com ', password: DEMO_PASSWORD });
    expect(body).toMatchObject({ code: 0, msg: '成功' });
    const data = sessionOf(body);
    expect(data.company_status).toBe(1);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.app.inject({ url: '/api/v1/user/user_info', headers: { token: data.token } });
    expect(dataOf(endpoints.account.userInfo, me)[0]?.email).toBe('demo@example.com');
  });

  it('stores only the SHA-256 of the token', async () => {
    const token = await loginAs(t.app, 'demo@example.com', DEMO_PASSWORD);
    const rows = await t.app.db.select().from(sessions);
    expect(rows.some((r) => Object.values(r).some((v) => v === token))).toBe(false);
    const hash = createHash('sha256').update(token).digest('hex');
    const [row] = await t.app.db.select().from(sessions).where(eq(sessions.token_hash, hash));
    expect(row?.revoked_at).toBeNull();
    const ttlDays = ((row?.expires_at.getTime() ?? 0) - (row?.created_at.getTime() ?? 0)) / 86_400_000;
    expect(ttlDays).toBeCloseTo(7, 5);
  });

  it('answers wrong password and unknown email with the same 605', async () => {
    const wrong = await attemptLogin(t.app, {
      email: 'demo@example.com',
      password: 'Wrong12345',
      ip: '10.1.0.1',
    });
    const unknown = await attemptLogin(t.app, {
      email: 'nobody@example.com',
      password: DEMO_PASSWORD,
      ip: '10.1.0.2',
    });
    expect(wrong).toEqual({ code: 605, msg: '用户名或密码错误', data: null });
    expect(unknown).toEqual(wrong);
  });

  it('answers 10001 for a wrong captcha answer, even with the right password', async () => {
    const body = await attemptLogin(t.app, {
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
      captchaAnswer: '-1',
      ip: '10.1.0.3',
    });
    expect(body.code).toBe(10001);
  });

  it('answers 10001 when a captcha is used a second time', async () => {
    const captchaId = await newCaptchaId(t.app);
    const first = await attemptLogin(t.app, {
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
      captchaId,
    });
    expect(first.code).toBe(0);
    const again = await attemptLogin(t.app, {
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
      captchaId,
    });
    expect(again.code).toBe(10001);
  });

  it('answers 10001 for an unknown captcha id', async () => {
    const body = await attemptLogin(t.app, {
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
      captchaId: 'no-such-captcha',
    });
    expect(body.code).toBe(10001);
  });

  it('answers 10003 for a timestamp more than 300 s from the server clock, either way', async () => {
    // Each attempt is signed at the client's real clock just before it is sent, so a slow attempt
    // before it cannot shrink the skew; 2 s of margin covers the whole-second timestamps.
    const signedNow = () => Math.floor(Date.now() / 1000);
    const attemptAtSkew = async (ms: number) => {
      skewMs = ms;
      return attemptLogin(t.app, {
        email: 'demo@example.com',
        password: DEMO_PASSWORD,
        timestamp: signedNow(),
      });
    };
    try {
      expect((await attemptAtSkew(302_000)).code).toBe(10003);
      expect((await attemptAtSkew(-302_000)).code).toBe(10003);
      expect((await attemptAtSkew(290_000)).code).toBe(0);
    } finally {
      skewMs = 0;
    }
  });

  it('answers 10003 for a tampered field or sign', async () => {
    const changed = await attemptLogin(t.app, {
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
      afterSign: (f) => {
        f.caller = 'attacker';
      },
    });
    expect(changed.code).toBe(10003);
    const badSign = await attemptLogin(t.app, {
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
      afterSign: (f) => {
        f.sign = `${String(f.sign).slice(0, -1)}${String(f.sign).endsWith('0') ? '1' : '0'}`;
      },
    });
    expect(badSign.code).toBe(10003);
    const noSign = await attemptLogin(t.app, {
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
      afterSign: (f) => {
        delete f.sign;
      },
    });
    expect(noSign.code).toBe(604);
  });

  it('answers 604 for a payload that is not a JWE to our key, and field errors for a bad form', async () => {
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/v1/passport/user/login',
      payload: { data: 'not.a.jwe.at.all' },
    });
    expect(envelopeOf(garbage)).toMatchObject({ code: 604, data: { errors: [{ field: 'data' }] } });
    const missing = await t.app.inject({ method: 'POST', url: '/v1/passport/user/login', payload: {} });
    expect(envelopeOf(missing).code).toBe(604);
    const noEmail = await t.app.inject({
      method: 'POST',
      url: '/v1/passport/user/login',
      payload: { data: await encryptForServer(t.app, { password: 'x', timestamp: nowSec(), plat_type: 4 }) },
    });
    const refused = failureOf(noEmail);
    expect(refused.code).toBe(604);
    expect(errorFields(refused)).toEqual(expect.arrayContaining(['email', 'captcha_id', 'sign']));
  });

  it('words the field errors of an encrypted form in the caller language', async () => {
    const messageFor = async (lang: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/passport/user/login',
        headers: { 'accept-language': lang },
        payload: { data: await encryptForServer(t.app, { email: 42, timestamp: nowSec(), plat_type: 4 }) },
      });
      const data = failureOf(res).data;
      const errors = data && 'errors' in data ? data.errors : [];
      return errors.find((e) => e.field === 'email')?.message ?? '';
    };
    expect(await messageFor('en')).toMatch(/expected string/i);
    expect(await messageFor('zh-CN')).toMatch(/[\u4e00-\u9fff]/);
  });

  it('tells an inactivated or deleted account so once the password is right, 605 otherwise', async () => {
    await t.app.db.update(users).set({ status: 2 }).where(eq(users.email, 'other@example.com'));
    const inactive = await attemptLogin(t.app, { email: 'other@example.com', password: DEMO_PASSWORD });
    expect(inactive).toMatchObject({ code: 10020, msg: codeMessage(10020, 'zh') });
    const wrongPw = await attemptLogin(t.app, { email: 'other@example.com', password: 'Wrong12345' });
    expect(wrongPw.code).toBe(605);
    await t.app.db.update(users).set({ status: -1 }).where(eq(users.email, 'other@example.com'));
    const deleted = await attemptLogin(t.app, { email: 'other@example.com', password: DEMO_PASSWORD });
    expect(deleted).toMatchObject({ code: 10021, msg: codeMessage(10021, 'zh') });
    // Without the password nothing about the account is revealed.
    const deletedWrongPw = await attemptLogin(t.app, { email: 'other@example.com', password: 'Wrong12345' });
    expect(deletedWrongPw.code).toBe(605);
    await t.app.db.update(users).set({ status: 1 }).where(eq(users.email, 'other@example.com'));
    expect((await attemptLogin(t.app, { email: 'other@example.com', password: DEMO_PASSWORD })).code).toBe(0);
  });

  it('answers company_status 3 for a pending member and 0 without an organisation', async () => {
    await t.app.db.update(users).set({ status: 3 }).where(eq(users.email, 'member@example.com'));
    const pending = await attemptLogin(t.app, { email: 'member@example.com', password: DEMO_PASSWORD });
    expect(pending).toMatchObject({ code: 0, data: { company_status: 3 } });
    await t.app.db
      .update(users)
      .set({ status: 1, company_id: null, account_id: null })
      .where(eq(users.email, 'ops@example.com'));
    const none = await attemptLogin(t.app, { email: 'ops@example.com', password: DEMO_PASSWORD });
    expect(none).toMatchObject({ code: 0, data: { company_status: 0 } });
  });

  it('answers msg in English for Accept-Language en', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/passport/user/login',
      payload: { data: 'x' },
      headers: { 'accept-language': 'en' },
    });
    expect(envelopeOf(res).msg).toBe('Parameter error');
  });
});
