/**
 * Two-factor sign-in (issue 16 §2): enrolment with a QR code and a first code, the second sign-in
 * step with a TOTP code (never the same step twice) or a single-use recovery code, the challenge's
 * limits, wrong codes limited like passwords, disabling with password and code, and an
 * organisation's requirement.
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userTwoFactor } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../demo/accounts.ts';
import { attemptLogin, loginAs } from '../../test/login.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/test-app.ts';
import { TWO_FACTOR_LIMIT } from './two-factor-service.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely
type Answer = { code: number; msg: string; data: any };

describe.each(testDbKinds)('two-factor sign-in on %s', (db) => {
  let t: TestApp;
  let skewMs = 0;
  let demoSecret = '';
  let memberSecret = '';
  const now = () => new Date(Date.now() + skewMs);
  beforeAll(async () => {
    t = await createTestApp({ db, now });
    await seedDemoAccounts(t.app.db);
  }, 120_000);
  afterAll(async () => t.close());

  async function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object) {
    const res = await t.app.inject({
      method,
      url,
      headers: { 'accept-language': 'en', ...(token ? { token } : {}) },
      ...(method === 'GET' ? {} : { payload: payload ?? {} }),
    });
    return res.json() as Answer;
  }
  const codeAt = (secret: string, at = now()) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
  /** The next 30-second step, so a fresh code is not the one just used. */
  const nextStep = () => {
    skewMs += 30_000;
  };

  async function enrolUser(email: string) {
    const token = await loginAs(t.app, email, DEMO_PASSWORD);
    const started = await call('POST', '/v1/account/two_factor/enrol', token, { password: DEMO_PASSWORD });
    expect(started.code).toBe(0);
    const secret = started.data.secret as string;
    const confirmed = await call('POST', '/v1/account/two_factor/confirm', token, {
      code: await codeAt(secret),
    });
    expect(confirmed.code).toBe(0);
    return { token, secret, recovery: confirmed.data.recovery_codes as string[] };
  }

  async function secondStep(email: string, body: Record<string, string>) {
    const first = await attemptLogin(t.app, { email, password: DEMO_PASSWORD });
    expect(first.code).toBe(0);
    const challenge = (first.data as { two_factor_challenge: string }).two_factor_challenge;
    return {
      challenge,
      answer: await call('POST', '/v1/passport/user/login/two_factor', null, { challenge, ...body }),
    };
  }

  it('enrols with a QR code and a first code; the secret is sealed and never answered again', async () => {
    const token = await loginAs(t.app, 'demo@example.com', DEMO_PASSWORD);
    expect((await call('GET', '/v1/account/two_factor', token)).data).toMatchObject({
      enabled: false,
      must_enrol: false,
    });
    const started = await call('POST', '/v1/account/two_factor/enrol', token, { password: DEMO_PASSWORD });
    expect(started.data.qr_data_url).toMatch(/^data:image\/png;base64,/);
    expect(started.data.otpauth_url).toContain(`secret=${started.data.secret}`);
    const [user] = await t.app.db.select().from(users).where(eq(users.email, 'demo@example.com'));
    const [row] = await t.app.db
      .select()
      .from(userTwoFactor)
      .where(eq(userTwoFactor.user_id, user?.id ?? 0));
    expect(row?.secret_enc).toBeDefined();
    expect(row?.secret_enc).not.toContain(started.data.secret);
    expect(row?.enabled_at).toBeNull();

    const wrongCode = String((Number(await codeAt(started.data.secret)) + 1) % 1_000_000).padStart(6, '0');
    expect((await call('POST', '/v1/account/two_factor/confirm', token, { code: wrongCode })).code).toBe(
      10030,
    );
    expect((await call('POST', '/v1/account/two_factor/confirm', token, { code: '12ab56' })).code).toBe(604);
    const confirmed = await call('POST', '/v1/account/two_factor/confirm', token, {
      code: await codeAt(started.data.secret),
    });
    expect(confirmed.code).toBe(0);
    demoSecret = started.data.secret;
    const codes = confirmed.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const status = await call('GET', '/v1/account/two_factor', token);
    expect(status.data).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect(JSON.stringify(status)).not.toContain(started.data.secret);
    expect(
      (await call('POST', '/v1/account/two_factor/enrol', token, { password: DEMO_PASSWORD })).code,
    ).toBe(10007);
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.object_type, 'two_factor'));
    expect(audits.map((a) => [a.action, a.actor_id])).toEqual([['enable', user?.id]]);
    expect(JSON.stringify(audits)).not.toContain(started.data.secret);
  });

  it('an admin may require two-factor: members without it enrol before anything else', async () => {
    nextStep();
    const { answer: admin } = await secondStep('demo@example.com', { code: await codeAt(demoSecret) });
    const member = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    expect((await call('GET', '/v1/account/api_keys', member)).code).toBe(0);
    expect(
      (await call('PUT', '/v1/account/two_factor/policy', member, { require_two_factor: true })).code,
    ).toBe(402);
    const set = await call('PUT', '/v1/account/two_factor/policy', admin.data.token, {
      require_two_factor: true,
    });
    expect(set.data).toMatchObject({
      required_by_organisation: true,
      must_enrol: false,
      can_set_policy: true,
    });
    expect((await call('GET', '/v1/account/api_keys', member)).code).toBe(10031);
    expect((await call('GET', '/api/v1/user/user_info', member)).code).toBe(200);
    expect((await call('GET', '/v1/account/two_factor', member)).data).toMatchObject({ must_enrol: true });
    // Other organisations are not affected.
    const other = await loginAs(t.app, 'other@example.com', DEMO_PASSWORD);
    expect((await call('GET', '/v1/account/api_keys', other)).code).toBe(0);

    const started = await call('POST', '/v1/account/two_factor/enrol', member, { password: DEMO_PASSWORD });
    memberSecret = started.data.secret;
    expect(
      (await call('POST', '/v1/account/two_factor/confirm', member, { code: await codeAt(memberSecret) }))
        .code,
    ).toBe(0);
    expect((await call('GET', '/v1/account/api_keys', member)).code).toBe(0);
    const policy = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'two_factor_policy'));
    expect(policy.map((p) => [p.before, p.after])).toEqual([
      [{ require_two_factor: false }, { require_two_factor: true }],
    ]);
    await call('PUT', '/v1/account/two_factor/policy', admin.data.token, { require_two_factor: false });
  });

  it('keeps the login answer unchanged without two-factor', async () => {
    const plain = await attemptLogin(t.app, { email: 'other@example.com', password: DEMO_PASSWORD });
    expect(plain.code).toBe(0);
    expect(Object.keys(plain.data as object).sort()).toEqual(['company_status', 'token']);
  });

  it('signs in with a code after password and captcha; a code works once', async () => {
    const { secret } = await enrolUser('ops@example.com');
    nextStep();
    const first = await attemptLogin(t.app, { email: 'ops@example.com', password: DEMO_PASSWORD });
    expect(first.data).not.toHaveProperty('token');
    expect(first.data).toMatchObject({ expires_in: 300 });
    const challenge = (first.data as { two_factor_challenge: string }).two_factor_challenge;
    const code = await codeAt(secret);
    const done = await call('POST', '/v1/passport/user/login/two_factor', null, { challenge, code });
    expect(done.code).toBe(0);
    expect((await call('GET', '/api/v1/user/user_info', done.data.token)).code).toBe(200);
    // The challenge is spent, and the same code (same time step) does not sign in again.
    expect((await call('POST', '/v1/passport/user/login/two_factor', null, { challenge, code })).code).toBe(
      10032,
    );
    expect((await secondStep('ops@example.com', { code })).answer.code).toBe(10030);
    nextStep();
    expect((await secondStep('ops@example.com', { code: await codeAt(secret) })).answer.code).toBe(0);
  });

  it('a recovery code signs in once', async () => {
    const { recovery, token } = await enrolUser('other@example.com');
    const used = recovery[3] as string;
    const ok = await secondStep('other@example.com', { recovery_code: used.toUpperCase() });
    expect(ok.answer.code).toBe(0);
    expect((await secondStep('other@example.com', { recovery_code: used })).answer.code).toBe(10030);
    expect((await call('GET', '/v1/account/two_factor', token)).data.recovery_codes_left).toBe(9);
    expect(
      (await secondStep('other@example.com', { recovery_code: recovery[4] as string })).answer.code,
    ).toBe(0);
  });

  it('a challenge expires after 5 minutes and after 5 tries; wrong codes are limited like passwords', async () => {
    const secret = memberSecret;
    nextStep();
    const { challenge } = await secondStep('member@example.com', { code: '000000' });
    skewMs += 5 * 60_000 + 1000;
    const late = await call('POST', '/v1/passport/user/login/two_factor', null, {
      challenge,
      code: await codeAt(secret),
    });
    expect(late.code).toBe(10032);
    // 1 wrong code above; 4 more reach the per-user limit, then even a right code waits.
    const first = await attemptLogin(t.app, { email: 'member@example.com', password: DEMO_PASSWORD });
    const c = (first.data as { two_factor_challenge: string }).two_factor_challenge;
    for (let i = 1; i < TWO_FACTOR_LIMIT.points; i++) {
      const wrong = await call('POST', '/v1/passport/user/login/two_factor', null, {
        challenge: c,
        code: '000000',
      });
      expect(wrong.code).toBe(10030);
    }
    const blocked = await call('POST', '/v1/passport/user/login/two_factor', null, {
      challenge: c,
      code: await codeAt(secret),
    });
    expect(blocked.code).toBe(10002);
    // That was the challenge's fifth try: it is spent whatever the code.
    expect(
      (await call('POST', '/v1/passport/user/login/two_factor', null, { challenge: c, code: '000000' })).code,
    ).toBe(10032);
    const fresh = await secondStep('member@example.com', { code: await codeAt(secret) });
    expect(fresh.answer.code).toBe(10002);
    expect(fresh.answer.data.retry_after).toBeGreaterThan(0);
  });

  it('disabling needs the password and a current code', async () => {
    nextStep();
    const { answer } = await secondStep('demo@example.com', { code: await codeAt(demoSecret) });
    const token = answer.data.token as string;
    nextStep();
    const code = await codeAt(demoSecret);
    expect(
      (await call('POST', '/v1/account/two_factor/disable', token, { password: 'wrong-pass1', code })).code,
    ).toBe(606);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(
      (await call('POST', '/v1/account/two_factor/disable', token, { password: DEMO_PASSWORD, code: wrong }))
        .code,
    ).toBe(10030);
    expect((await call('GET', '/v1/account/two_factor', token)).data.enabled).toBe(true);
    expect(
      (await call('POST', '/v1/account/two_factor/disable', token, { password: DEMO_PASSWORD, code })).code,
    ).toBe(0);
    expect((await call('GET', '/v1/account/two_factor', token)).data).toMatchObject({
      enabled: false,
      recovery_codes_left: 0,
    });
    const plain = await attemptLogin(t.app, { email: 'demo@example.com', password: DEMO_PASSWORD });
    expect(plain.data).toHaveProperty('token');
  });
});
