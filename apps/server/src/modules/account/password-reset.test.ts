import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { DEMO_PASSWORD } from '../../demo/accounts.ts';
import { hashPassword } from '../../lib/password.ts';
import { envelopeOf, retryAfterOf } from '../../test/envelope.ts';
import { attemptLogin, loginAs } from '../../test/login.ts';
import { codeIn, parseMail, startSmtpServer, type TestSmtp } from '../../test/mail.ts';
import { postEncrypted } from '../../test/signed.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/test-app.ts';

const NEW_PASSWORD = 'Fresh12345';

describe.each(testDbKinds)('password reset over SMTP on %s', (db) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let skewMs = 0;
  let ipSeq = 0;
  /** Each test uses its own client address, so the per-address mail limit does not leak between tests. */
  const nextIp = () => `10.9.${++ipSeq}.1`;
  const later = (seconds: number) => {
    skewMs += seconds * 1000;
  };

  const addUser = async (email: string) => {
    await t.app.db.insert(users).values({
      email,
      password_hash: await hashPassword(DEMO_PASSWORD),
      name: email,
      user_name: email.split('@')[0] ?? email,
      status: 1,
    });
  };
  const send = (email: string, ip: string, type = 'reset', lang = 'en') =>
    postEncrypted(t.app, '/v1/passport/captcha/send_email', { email, type }, { ip, lang });
  const forgot = (email: string, code: string, password = NEW_PASSWORD) =>
    postEncrypted(t.app, '/v1/passport/password/forgot', { email, code, password });
  /** Sends a reset code to `email` and reads it out of the mail that arrived. */
  const mailedCode = async (email: string, ip: string, lang = 'en') => {
    const before = smtp.received.filter((m) => m.to.includes(email)).length;
    expect((await send(email, ip, 'reset', lang)).code).toBe(0);
    return codeIn(parseMail((await smtp.waitFor(email, before)).raw));
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ db, env: { SMTP_URL: smtp.url }, now: () => new Date(Date.now() + skewMs) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails a 6-digit code in the caller language; the code resets the password and revokes every session', async () => {
    const email = 'reset1@example.com';
    await addUser(email);
    const token1 = await loginAs(t.app, email, DEMO_PASSWORD);
    const token2 = await loginAs(t.app, email, DEMO_PASSWORD);
    const ip = nextIp();
    expect(await send(email, ip)).toEqual({ code: 0, msg: 'Success', data: null });
    const mail = parseMail((await smtp.waitFor(email)).raw);
    expect(mail.subject).toBe('Your password reset code');
    expect(mail.to).toContain(email);
    expect(mail.from).toContain('no-reply@portal.local');
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    // The store keeps only a hash.
    const rows = await t.app.db.select().from(emailCodes).where(eq(emailCodes.email, email));
    expect(JSON.stringify(rows)).not.toContain(code);

    expect(await forgot(email, code)).toMatchObject({ code: 0, data: null });
    for (const token of [token1, token2]) {
      const me = await t.app.inject({ url: '/api/v1/user/user_info', headers: { token } });
      expect(envelopeOf(me).code).toBe(20003);
    }
    expect((await attemptLogin(t.app, { email, password: DEMO_PASSWORD })).code).toBe(605);
    expect((await attemptLogin(t.app, { email, password: NEW_PASSWORD })).code).toBe(0);
    // Single use.
    expect((await forgot(email, code, 'Again12345')).code).toBe(10005);
    expect((await attemptLogin(t.app, { email, password: NEW_PASSWORD })).code).toBe(0);
  });

  it('writes the mail in Chinese for zh', async () => {
    const email = 'reset-zh@example.com';
    await addUser(email);
    expect((await send(email, nextIp(), 'reset', 'zh-CN')).code).toBe(0);
    const mail = parseMail((await smtp.waitFor(email)).raw);
    expect(mail.subject).toBe('重置密码验证码');
    expect(mail.text).toContain('验证码');
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
  });

  it('answers the same for an unknown email and mails nothing to it', async () => {
    const known = 'reset-known@example.com';
    await addUser(known);
    const unknown = 'nobody-here@example.com';
    const a = await send(unknown, nextIp());
    const b = await send(known, nextIp());
    expect(a).toEqual(b);
    expect(a.code).toBe(0);
    await smtp.waitFor(known);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.some((m) => m.to.includes(unknown))).toBe(false);
    // Resend wait applies to unknown addresses just the same.
    const again = await send(unknown, nextIp());
    expect(again.code).toBe(10002);
    // And a guessed code is refused as for any wrong code.
    expect((await forgot(unknown, '123456')).code).toBe(10005);
  });

  it('checks the password rule (604 on password) before the code, so a typo does not burn a try', async () => {
    const email = 'reset-rule@example.com';
    await addUser(email);
    const code = await mailedCode(email, nextIp());
    for (const weak of ['short1A', 'alllowercase1', 'NoDigitsHere', `Aa1${'x'.repeat(28)}`]) {
      const res = await forgot(email, code, weak);
      expect(res.code).toBe(604);
      expect(res.data).toEqual({ errors: [{ field: 'password', message: expect.stringContaining('8') }] });
    }
    const badEmail = await forgot('not-an-email', code);
    expect(badEmail).toMatchObject({ code: 604, data: { errors: [{ field: 'email' }] } });
    expect((await forgot(email, code)).code).toBe(0);
  });

  it('enforces the 10-second resend wait with retry_after', async () => {
    const email = 'reset-wait@example.com';
    await addUser(email);
    const ip = nextIp();
    expect((await send(email, ip)).code).toBe(0);
    later(3);
    const early = await send(email, ip);
    expect(early.code).toBe(10002);
    expect(early.data).toEqual({ retry_after: 7 });
    later(7);
    expect((await send(email, ip)).code).toBe(0);
  });

  it('caps codes at 5 per address per hour', async () => {
    const email = 'reset-cap@example.com';
    await addUser(email);
    for (let i = 0; i < 5; i++) {
      expect((await send(email, nextIp())).code).toBe(0);
      later(11);
    }
    const capped = await send(email, nextIp());
    expect(capped.code).toBe(10002);
    const wait = retryAfterOf(capped);
    expect(wait).toBeGreaterThan(3600 - 5 * 11 - 2);
    expect(wait).toBeLessThanOrEqual(3600 - 5 * 11 + 11);
    later(wait);
    expect((await send(email, nextIp())).code).toBe(0);
  });

  it('voids a code after 5 wrong tries; 4 wrong tries leave it usable', async () => {
    const email = 'reset-tries@example.com';
    await addUser(email);
    const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const code1 = await mailedCode(email, nextIp());
    for (let i = 0; i < 4; i++) expect((await forgot(email, wrongOf(code1))).code).toBe(10005);
    expect((await forgot(email, code1)).code).toBe(0);

    later(11);
    const code2 = await mailedCode(email, nextIp());
    for (let i = 0; i < 5; i++) expect((await forgot(email, wrongOf(code2))).code).toBe(10005);
    expect((await forgot(email, code2, 'Other12345')).code).toBe(10005);
    expect((await attemptLogin(t.app, { email, password: NEW_PASSWORD })).code).toBe(0);
  });

  it('expires a code after 10 minutes', async () => {
    const email = 'reset-expiry@example.com';
    await addUser(email);
    const code = await mailedCode(email, nextIp());
    later(10 * 60 + 1);
    expect((await forgot(email, code)).code).toBe(10005);
    expect((await attemptLogin(t.app, { email, password: DEMO_PASSWORD })).code).toBe(0);
  });

  it('a newer code replaces the older one, and a sign-up code does not reset a password', async () => {
    const email = 'reset-newer@example.com';
    await addUser(email);
    const first = await mailedCode(email, nextIp());
    later(11);
    const second = await mailedCode(email, nextIp());
    if (first !== second) expect((await forgot(email, first)).code).toBe(10005);
    later(11);
    const before = smtp.received.filter((m) => m.to.includes(email)).length;
    expect((await send(email, nextIp(), 'signup')).code).toBe(0);
    const signupCode = codeIn(parseMail((await smtp.waitFor(email, before)).raw));
    if (signupCode !== second) expect((await forgot(email, signupCode)).code).toBe(10005);
    expect((await forgot(email, second)).code).toBe(0);
  });

  it('refuses a tampered signature (10003) and an unknown type (604)', async () => {
    const tampered = await postEncrypted(
      t.app,
      '/v1/passport/captcha/send_email',
      { email: 'demo@example.com', type: 'reset' },
      {
        afterSign: (f) => {
          f.email = 'victim@example.com';
        },
        ip: nextIp(),
      },
    );
    expect(tampered.code).toBe(10003);
    const badType = await send('demo@example.com', nextIp(), 'admin');
    expect(badType).toMatchObject({ code: 604, data: { errors: [{ field: 'type' }] } });
  });

  it('limits one client address to 20 codes per hour', async () => {
    const ip = nextIp();
    let last = 0;
    for (let i = 0; i <= 20; i++) last = (await send(`flood${i}@example.com`, ip)).code;
    expect(last).toBe(10002);
    expect((await send('flood-other@example.com', nextIp())).code).toBe(0);
  });
});

describe.each(testDbKinds)('password reset without SMTP_URL on %s', (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db });
    await t.app.db.insert(users).values({
      email: 'outbox@example.com',
      password_hash: await hashPassword(DEMO_PASSWORD),
      name: 'Outbox',
      user_name: 'outbox',
      status: 1,
    });
  });
  afterAll(async () => t.close());

  it('writes the mail as an .eml file to DATA_DIR/outbox, and its code works', async () => {
    const { outboxMails } = await import('../../test/mail.ts');
    const dir = `${t.dataDir}/outbox`;
    expect(await outboxMails(dir)).toEqual([]);
    const res = await postEncrypted(
      t.app,
      '/v1/passport/captcha/send_email',
      { email: 'outbox@example.com', type: 'reset' },
      { lang: 'en' },
    );
    expect(res.code).toBe(0);
    let files = await outboxMails(dir);
    for (let i = 0; i < 100 && files.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      files = await outboxMails(dir);
    }
    expect(files).toHaveLength(1);
    const mail = parseMail(files[0]?.raw ?? '');
    expect(mail.to).toBe('outbox@example.com');
    expect(mail.subject).toBe('Your password reset code');
    const reset = await postEncrypted(t.app, '/v1/passport/password/forgot', {
      email: 'outbox@example.com',
      code: codeIn(mail),
      password: NEW_PASSWORD,
    });
    expect(reset.code).toBe(0);
    expect((await attemptLogin(t.app, { email: 'outbox@example.com', password: NEW_PASSWORD })).code).toBe(0);
  });
});
