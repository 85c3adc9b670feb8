/**
 * One use per signature (api-contract §10, issue 14 item 20): the same signed body sent again inside
 * the 5-minute window answers 10003 and creates nothing, for plain signed bodies (company and account
 * signup) and encrypted ones (login); a body signed anew is accepted.
 */
import { codeMessage } from '@portal/contracts/codes.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, companies } from '../../db/schema/organisations.ts';
import { seedDemoAccounts } from '../../demo/accounts.ts';
import { envelopeOf } from '../../test/envelope.ts';
import { encryptForServer, newCaptchaId } from '../../test/login.ts';
import { newLoner } from '../../test/org.ts';
import { signed } from '../../test/signed.ts';
import { createTestApp, TEST_CAPTCHA, type TestApp, testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('a signature is accepted once on %s', (db) => {
  let t: TestApp;
  let clock = new Date('2026-05-01T08:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ db, now: () => clock });
    await seedDemoAccounts(t.app.db);
  });
  afterAll(async () => t.close());

  /** Signed fields sent as they are (a replay must be byte-identical); the envelope's data unknown. */
  const post = async (url: string, token: string, payload: Record<string, unknown>) =>
    envelopeOf(await t.app.inject({ method: 'POST', url, headers: { token }, payload }));

  it('a replayed company or account signup answers 10003 and creates no duplicate', async () => {
    const { token } = await newLoner(t.app, 'replayer@example.com');
    const body = await signed(t.app, { is_publisher: 1, company_name: 'Replay Co' });
    const first = await post('/v1/passport/company/signup', token, body);
    expect(first.code).toBe(0);
    clock = new Date(clock.getTime() + 60_000); // still inside the window
    const again = await post('/v1/passport/company/signup', token, body);
    expect(again).toMatchObject({ code: 10003, msg: codeMessage(10003, 'zh') });
    const rows = await t.app.db.select().from(companies).where(eq(companies.company_name, 'Replay Co'));
    expect(rows).toHaveLength(1);

    const companyId = endpoints.organisation.companySignup.data.parse(first.data).company_id;
    const account = await signed(t.app, { account_name: 'Replay Acc', company_id: companyId });
    expect((await post('/v1/passport/account/signup', token, account)).code).toBe(0);
    expect((await post('/v1/passport/account/signup', token, account)).code).toBe(10003);
    expect(await t.app.db.select().from(accounts).where(eq(accounts.company_id, companyId))).toHaveLength(1);
    // The same fields signed anew (a later timestamp) are a new request.
    clock = new Date(clock.getTime() + 1000);
    const fresh = await signed(t.app, { account_name: 'Replay Acc', company_id: companyId });
    expect((await post('/v1/passport/account/signup', token, fresh)).code).toBe(0);
  });

  it('a replayed encrypted login answers 10003', async () => {
    const form = await signed(t.app, {
      email: 'demo@example.com',
      password: 'Demo12345',
      captcha_id: await newCaptchaId(t.app),
      captcha_answer: TEST_CAPTCHA,
      caller: 'web',
    });
    const payload = { data: await encryptForServer(t.app, form) };
    const login = () => t.app.inject({ method: 'POST', url: '/v1/passport/user/login', payload });
    expect(envelopeOf(await login()).code).toBe(0);
    expect(envelopeOf(await login()).code).toBe(10003);
  });
});
