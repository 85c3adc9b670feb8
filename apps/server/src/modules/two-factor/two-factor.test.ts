/**
 * Two-factor sign-in (issue 16 §2): enrolment with a QR code and a first code, the second sign-in
 * step with a TOTP code (never the same step twice) or a single-use recovery code, the challenge's
 * limits, wrong codes limited like passwords, disabling with password and code, and an
 * organisation's requirement.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog, userTwoFactor } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../demo/accounts.ts';
import { retryAfterOf } from '../../test/envelope.ts';
import { endpointCallers } from '../../test/json-caller.ts';
import { attemptLogin, loginAs, challengeOf as loginChallenge } from '../../test/login.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/test-app.ts';
import { TWO_FACTOR_LIMIT } from './two-factor-service.ts';

const e = endpoints.security;

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

  /** Success data of an endpoint, parsed by its schema (json-caller.ts); `fail` its failure envelope. */
  const call: ReturnType<typeof endpointCallers>['call'] = (...args) => endpointCallers(t.app).call(...args);
  const fail: ReturnType<typeof endpointCallers>['fail'] = (...args) => endpointCallers(t.app).fail(...args);
  const codeAt = (secret: string, at = now()) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
  /** The next 30-second step, so a fresh code is not the one just used. */
  const nextStep = () => {
    skewMs += 30_000;
  };

  async function enrolUser(email: string) {
    const token = await loginAs(t.app, email, DEMO_PASSWORD);
    const { secret } = await call(e.twoFactorEnrol, { body: { password: DEMO_PASSWORD } }, token);
    const confirmed = await call(e.twoFactorConfirm, { body: { code: await codeAt(secret) } }, token);
    return { token, secret, recovery: confirmed.recovery_codes };
  }

  /** A new challenge of `email` after password and captcha. */
  async function challengeOf(email: string): Promise<string> {
    const first = await attemptLogin(t.app, { email, password: DEMO_PASSWORD });
    expect(first.code).toBe(0);
    return loginChallenge(first).two_factor_challenge;
  }

  type SecondStep = { code: string } | { recovery_code: string };

  /** The second sign-in step of `email` with a code or a recovery code, succeeding: the login data. */
  async function secondStep(email: string, body: SecondStep) {
    const challenge = await challengeOf(email);
    return call(e.twoFactorLogin, { body: { challenge, ...body } }, null);
  }

  /** The second sign-in step of `email`, refused: the failure and the challenge. */
  async function refusedStep(email: string, body: SecondStep) {
    const challenge = await challengeOf(email);
    return { challenge, answer: await fail(e.twoFactorLogin, { body: { challenge, ...body } }, null) };
  }

  it('enrols with a QR code and a first code; the secret is sealed and never answered again', async () => {
    const token = await loginAs(t.app, 'demo@example.com', DEMO_PASSWORD);
    expect(await call(e.twoFactor, {}, token)).toMatchObject({ enabled: false, must_enrol: false });
    const started = await call(e.twoFactorEnrol, { body: { password: DEMO_PASSWORD } }, token);
    expect(started.qr_data_url).toMatch(/^data:image\/png;base64,/);
    expect(started.otpauth_url).toContain(`secret=${started.secret}`);
    const [user] = await t.app.db.select().from(users).where(eq(users.email, 'demo@example.com'));
    const [row] = await t.app.db
      .select()
      .from(userTwoFactor)
      .where(eq(userTwoFactor.user_id, user?.id ?? 0));
    expect(row?.secret_enc).toBeDefined();
    expect(row?.secret_enc).not.toContain(started.secret);
    expect(row?.enabled_at).toBeNull();

    const wrongCode = String((Number(await codeAt(started.secret)) + 1) % 1_000_000).padStart(6, '0');
    expect((await fail(e.twoFactorConfirm, { body: { code: wrongCode } }, token)).code).toBe(10030);
    expect((await fail(e.twoFactorConfirm, { body: { code: '12ab56' } }, token)).code).toBe(604);
    const confirmed = await call(e.twoFactorConfirm, { body: { code: await codeAt(started.secret) } }, token);
    demoSecret = started.secret;
    const codes = confirmed.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const status = await call(e.twoFactor, {}, token);
    expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect(JSON.stringify(status)).not.toContain(started.secret);
    expect((await fail(e.twoFactorEnrol, { body: { password: DEMO_PASSWORD } }, token)).code).toBe(10007);
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.object_type, 'two_factor'));
    expect(audits.map((a) => [a.action, a.actor_id])).toEqual([['enable', user?.id]]);
    expect(JSON.stringify(audits)).not.toContain(started.secret);
  });

  it('an admin may require two-factor: members without it enrol before anything else', async () => {
    nextStep();
    const admin = await secondStep('demo@example.com', { code: await codeAt(demoSecret) });
    const member = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    await call(e.apiKeys, {}, member);
    expect((await fail(e.twoFactorPolicy, { body: { require_two_factor: true } }, member)).code).toBe(402);
    const set = await call(e.twoFactorPolicy, { body: { require_two_factor: true } }, admin.token);
    expect(set).toMatchObject({ required_by_organisation: true, must_enrol: false, can_set_policy: true });
    expect((await fail(e.apiKeys, {}, member)).code).toBe(10031);
    // user_info still answers (code 200, spec §7), the status says enrol.
    expect(await call(endpoints.account.userInfo, {}, member)).toHaveLength(1);
    expect(await call(e.twoFactor, {}, member)).toMatchObject({ must_enrol: true });
    // Other organisations are not affected.
    const other = await loginAs(t.app, 'other@example.com', DEMO_PASSWORD);
    await call(e.apiKeys, {}, other);

    const started = await call(e.twoFactorEnrol, { body: { password: DEMO_PASSWORD } }, member);
    memberSecret = started.secret;
    await call(e.twoFactorConfirm, { body: { code: await codeAt(memberSecret) } }, member);
    await call(e.apiKeys, {}, member);
    const policy = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'two_factor_policy'));
    expect(policy.map((p) => [p.before, p.after])).toEqual([
      [{ require_two_factor: false }, { require_two_factor: true }],
    ]);
    await call(e.twoFactorPolicy, { body: { require_two_factor: false } }, admin.token);
  });

  it('keeps the login answer unchanged without two-factor', async () => {
    const plain = await attemptLogin(t.app, { email: 'other@example.com', password: DEMO_PASSWORD });
    expect(plain.code).toBe(0);
    // The wire keys as sent (a schema's parse would drop keys it does not know).
    expect(Object.keys(z.record(z.string(), z.unknown()).parse(plain.data)).sort()).toEqual([
      'company_status',
      'token',
    ]);
  });

  it('signs in with a code after password and captcha; a code works once', async () => {
    const { secret } = await enrolUser('ops@example.com');
    nextStep();
    const first = await attemptLogin(t.app, { email: 'ops@example.com', password: DEMO_PASSWORD });
    expect(first.data).not.toHaveProperty('token');
    expect(first.data).toMatchObject({ expires_in: 300 });
    const challenge = loginChallenge(first).two_factor_challenge;
    const code = await codeAt(secret);
    const done = await call(e.twoFactorLogin, { body: { challenge, code } }, null);
    expect(await call(endpoints.account.userInfo, {}, done.token)).toHaveLength(1);
    // The challenge is spent, and the same code (same time step) does not sign in again.
    expect((await fail(e.twoFactorLogin, { body: { challenge, code } }, null)).code).toBe(10032);
    expect((await refusedStep('ops@example.com', { code })).answer.code).toBe(10030);
    nextStep();
    expect((await secondStep('ops@example.com', { code: await codeAt(secret) })).token).toEqual(
      expect.any(String),
    );
  });

  it('a recovery code signs in once', async () => {
    const { recovery, token } = await enrolUser('other@example.com');
    const used = recovery[3] as string;
    expect((await secondStep('other@example.com', { recovery_code: used.toUpperCase() })).token).toEqual(
      expect.any(String),
    );
    expect((await refusedStep('other@example.com', { recovery_code: used })).answer.code).toBe(10030);
    expect((await call(e.twoFactor, {}, token)).recovery_codes_left).toBe(9);
    expect((await secondStep('other@example.com', { recovery_code: recovery[4] as string })).token).toEqual(
      expect.any(String),
    );
  });

  it('a challenge expires after 5 minutes and after 5 tries; wrong codes are limited like passwords', async () => {
    const secret = memberSecret;
    nextStep();
    const { challenge } = await refusedStep('member@example.com', { code: '000000' });
    skewMs += 5 * 60_000 + 1000;
    const late = await fail(e.twoFactorLogin, { body: { challenge, code: await codeAt(secret) } }, null);
    expect(late.code).toBe(10032);
    // 1 wrong code above; 4 more reach the per-user limit, then even a right code waits.
    const c = await challengeOf('member@example.com');
    for (let i = 1; i < TWO_FACTOR_LIMIT.points; i++) {
      const wrong = await fail(e.twoFactorLogin, { body: { challenge: c, code: '000000' } }, null);
      expect(wrong.code).toBe(10030);
    }
    const blocked = await fail(
      e.twoFactorLogin,
      { body: { challenge: c, code: await codeAt(secret) } },
      null,
    );
    expect(blocked.code).toBe(10002);
    // That was the challenge's fifth try: it is spent whatever the code.
    expect((await fail(e.twoFactorLogin, { body: { challenge: c, code: '000000' } }, null)).code).toBe(10032);
    const fresh = await refusedStep('member@example.com', { code: await codeAt(secret) });
    expect(fresh.answer.code).toBe(10002);
    expect(fresh.answer.data).toEqual({ retry_after: expect.any(Number) });
    expect(retryAfterOf(fresh.answer)).toBeGreaterThan(0);
  });

  it('disabling needs the password and a current code', async () => {
    nextStep();
    const { token } = await secondStep('demo@example.com', { code: await codeAt(demoSecret) });
    nextStep();
    const code = await codeAt(demoSecret);
    expect((await fail(e.twoFactorDisable, { body: { password: 'wrong-pass1', code } }, token)).code).toBe(
      606,
    );
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(
      (await fail(e.twoFactorDisable, { body: { password: DEMO_PASSWORD, code: wrong } }, token)).code,
    ).toBe(10030);
    expect((await call(e.twoFactor, {}, token)).enabled).toBe(true);
    expect(await call(e.twoFactorDisable, { body: { password: DEMO_PASSWORD, code } }, token)).toBeNull();
    expect(await call(e.twoFactor, {}, token)).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    const plain = await attemptLogin(t.app, { email: 'demo@example.com', password: DEMO_PASSWORD });
    expect(plain.data).toHaveProperty('token');
  });
});
