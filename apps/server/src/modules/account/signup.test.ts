import { endpoints } from '@portal/contracts/endpoints.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../demo/accounts.ts';
import { endpointCallers } from '../../test/json-caller.ts';
import { attemptLogin, sessionOf } from '../../test/login.ts';
import { codeIn, parseMail, startSmtpServer, type TestSmtp } from '../../test/mail.ts';
import { postEncrypted } from '../../test/signed.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('sign-up on %s', (db) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let ip = 0;
  const signupCode = async (email: string) => {
    const before = smtp.received.filter((m) => m.to.includes(email)).length;
    const res = await postEncrypted(
      t.app,
      '/v1/passport/captcha/send_email',
      { email, type: 'signup' },
      { lang: 'en', ip: `10.20.0.${++ip}` },
    );
    expect(res.code).toBe(0);
    const mail = parseMail((await smtp.waitFor(email, before)).raw);
    expect(mail.subject).toBe('Your sign-up code');
    return codeIn(mail);
  };
  const signup = (fields: Record<string, unknown>) =>
    postEncrypted(t.app, '/v1/passport/user/signup', {
      name: 'New Person',
      password: 'Start12345',
      ...fields,
    });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ db, env: { SMTP_URL: smtp.url } });
    await seedDemoAccounts(t.app.db);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('creates an active user without organisation; login answers company_status 0', async () => {
    const code = await signupCode('newbie@example.com');
    const res = await signup({ email: 'Newbie@Example.com', code });
    expect(res).toMatchObject({ code: 0, data: { user_id: expect.any(Number) } });
    const login = await attemptLogin(t.app, { email: 'newbie@example.com', password: 'Start12345' });
    expect(login).toMatchObject({ code: 0, data: { company_status: 0 } });
    const { token } = sessionOf(login);
    const [info] = await endpointCallers(t.app).call(endpoints.account.userInfo, {}, token);
    expect(info).toMatchObject({
      email: 'newbie@example.com',
      name: 'New Person',
      status: 1,
      company_id: null,
    });
    // The code was consumed.
    expect((await signup({ email: 'newbie@example.com', code })).code).toBe(10005);
  });

  it('10005 for a wrong code; 604 for a weak password; 10004 for a registered email', async () => {
    const code = await signupCode('second@example.com');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await signup({ email: 'second@example.com', code: wrong })).code).toBe(10005);
    const weak = await signup({ email: 'second@example.com', code, password: 'weakpass' });
    expect(weak).toMatchObject({ code: 604, data: { errors: [{ field: 'password' }] } });
    expect((await signup({ email: 'second@example.com', code })).code).toBe(0);

    const demoCode = await signupCode('demo@example.com');
    expect((await signup({ email: 'demo@example.com', code: demoCode })).code).toBe(10004);
    expect((await attemptLogin(t.app, { email: 'demo@example.com', password: DEMO_PASSWORD })).code).toBe(0);
  });
});
