import { endpoints } from '@portal/contracts/endpoints.ts';
import svgCaptcha from 'svg-captcha';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../demo/accounts.ts';
import { envelopeOf } from '../../test/envelope.ts';
import { endpointCallers } from '../../test/json-caller.ts';
import { attemptLogin, newCaptchaId } from '../../test/login.ts';
import { createTestApp, TEST_CAPTCHA, type TestApp, testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('math captcha on %s', (db) => {
  let t: TestApp;
  let skewMs = 0;
  beforeAll(async () => {
    t = await createTestApp({ db, now: () => new Date(Date.now() + skewMs) });
    await seedDemoAccounts(t.app.db);
  });
  afterAll(async () => t.close());
  afterEach(() => {
    vi.restoreAllMocks();
    t.app.config.captchaTestAnswer = TEST_CAPTCHA;
    skewMs = 0;
  });

  const fixedCaptcha = (text: string) =>
    vi.spyOn(svgCaptcha, 'createMathExpr').mockReturnValue({ text, data: '<svg>3+4</svg>' });

  it('gen_math answers an id and an SVG data URL', async () => {
    // callEndpoint throws unless the answer is a success.
    const data = await endpointCallers(t.app).call(endpoints.account.captcha, {}, null);
    expect(data.captcha_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(data.b64s).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(data.b64s.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });

  it('accepts the real answer once, without test mode, and rejects other answers', async () => {
    t.app.config.captchaTestAnswer = undefined;
    fixedCaptcha('7');
    const right = await attemptLogin(t.app, {
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
      captchaAnswer: '7',
    });
    expect(right.code).toBe(0);
    const testAnswer = await attemptLogin(t.app, {
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
      captchaAnswer: '424242',
    });
    expect(testAnswer.code).toBe(10001);
    const wrong = await attemptLogin(t.app, {
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
      captchaAnswer: '8',
    });
    expect(wrong.code).toBe(10001);
  });

  it('a wrong answer consumes the captcha: the right answer afterwards fails', async () => {
    t.app.config.captchaTestAnswer = undefined;
    fixedCaptcha('9');
    const captchaId = await newCaptchaId(t.app);
    const wrong = await attemptLogin(t.app, {
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
      captchaId,
      captchaAnswer: '8',
    });
    expect(wrong.code).toBe(10001);
    const right = await attemptLogin(t.app, {
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
      captchaId,
      captchaAnswer: '9',
    });
    expect(right.code).toBe(10001);
  });

  it('expires after 5 minutes', async () => {
    const captchaId = await newCaptchaId(t.app);
    skewMs = 5 * 60 * 1000 + 1000;
    const body = await attemptLogin(t.app, { email: 'demo@example.com', password: DEMO_PASSWORD, captchaId });
    expect(body.code).toBe(10001);
    const fresh = await attemptLogin(t.app, { email: 'demo@example.com', password: DEMO_PASSWORD });
    expect(fresh.code).toBe(0);
  });

  it('refresh_math answers a new id and invalidates the old one', async () => {
    const oldId = await newCaptchaId(t.app);
    const data = await endpointCallers(t.app).call(
      endpoints.account.captchaRefresh,
      { body: { captcha_id: oldId } },
      null,
    );
    expect(data.captcha_id).not.toBe(oldId);
    expect(data.b64s).toMatch(/^data:image\/svg\+xml;base64,/);
    const old = await attemptLogin(t.app, {
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
      captchaId: oldId,
    });
    expect(old.code).toBe(10001);
    const fresh = await attemptLogin(t.app, {
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
      captchaId: data.captcha_id,
    });
    expect(fresh.code).toBe(0);
  });

  it('refresh_math without a captcha_id answers 604 with the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/passport/captcha/refresh_math', payload: {} });
    expect(envelopeOf(res)).toMatchObject({ code: 604, data: { errors: [{ field: 'captcha_id' }] } });
  });
});
