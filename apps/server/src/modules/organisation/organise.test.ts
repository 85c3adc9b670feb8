import { codeMessage } from '@portal/contracts/codes.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../demo/accounts.ts';
import { envelopeOf } from '../../test/envelope.ts';
import { type EndpointCallers, endpointCallers } from '../../test/json-caller.ts';
import { attemptLogin, loginAs } from '../../test/login.ts';
import { allRoles, newApplicant, newLoner, newOrganisation, userRow } from '../../test/org.ts';
import { sendSigned } from '../../test/signed.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/test-app.ts';

type Menu = { path: string; children?: Menu }[];
const paths = (menu: Menu): string[] => menu.flatMap((m) => [m.path, ...paths(m.children ?? [])]);

describe.each(testDbKinds)('create and join an organisation on %s', (db) => {
  let t: TestApp;
  // Without Accept-Language, as a browser of the default language (zh) asks.
  const call: EndpointCallers['call'] = (endpoint, input, token) =>
    endpointCallers(t.app).call(endpoint, input, token, 'zh-CN');
  const answer: EndpointCallers['answer'] = (endpoint, input, token) =>
    endpointCallers(t.app).answer(endpoint, input, token, 'zh-CN');
  const demoAccountId = async () =>
    (await userRow(t.app, await idOf('demo@example.com'))).account_id as number;
  const idOf = async (email: string) =>
    ((await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ??
      0) as number;

  beforeAll(async () => {
    t = await createTestApp({ db });
    await seedDemoAccounts(t.app.db);
  });
  afterAll(async () => t.close());

  it('create: company → account → bind (first joiner) → role 67; the creator is an active super admin', async () => {
    const { userId, token } = await newLoner(t.app, 'alice@example.com');
    const company = await sendSigned(t.app, '/v1/passport/company/signup', token, {
      is_publisher: 1,
      company_name: 'Alice Apps',
    });
    expect(company).toMatchObject({ code: 0, data: { company_id: expect.any(Number) } });
    const companyId = endpoints.organisation.companySignup.data.parse(company.data).company_id;
    const account = await sendSigned(t.app, '/v1/passport/account/signup', token, {
      account_name: 'Alice Apps',
      company_id: companyId,
    });
    expect(account.code).toBe(0);
    const accountId = endpoints.organisation.accountSignup.data.parse(account.data).account_id;
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.company_id, companyId));
    expect(audits.map((a) => [a.action, a.actor_id, a.after])).toEqual([
      ['create', userId, expect.objectContaining({ company_name: 'Alice Apps' })],
      ['account_create', userId, { account_id: accountId, account_name: 'Alice Apps' }],
    ]);
    const bind = await sendSigned(t.app, '/v1/passport/user/bind_account', token, {
      bind_type: 2,
      account_id: accountId,
    });
    expect(bind).toMatchObject({ code: 0, data: { account_id: accountId, is_first_join: true } });
    const newToken = endpoints.organisation.bindAccount.data.parse(bind.data).new_token;
    expect(newToken).not.toBe(token);
    expect((await answer(endpoints.account.userInfo, {}, token)).code).toBe(20003);
    const role = await sendSigned(t.app, '/v1/permission/user/add_opt_permission', newToken, {
      account_id: accountId,
      user_id: userId,
      role_ids: [67],
    });
    expect(role).toMatchObject({ code: 0, data: { user_id: userId, role_ids: [67] } });
    const [info] = await call(endpoints.account.userInfo, {}, newToken);
    expect(info).toMatchObject({
      status: 1,
      company_id: companyId,
      company_name: 'Alice Apps',
      account_id: accountId,
      company_status: 1,
      opt_permission: [{ role_info: { id: 67 } }],
      cooperation_types: [1],
    });
    expect(paths(await call(endpoints.account.menu, {}, newToken))).toEqual(
      expect.arrayContaining(['/users', '/roles', '/apps/list']),
    );
    expect(
      (await attemptLogin(t.app, { email: 'alice@example.com', password: DEMO_PASSWORD })).data,
    ).toMatchObject({
      company_status: 1,
    });
  });

  it('join by Super Email: the applicant is pending (status 3, role 68), sees only account pages, reports answer 601', async () => {
    const { userId, token } = await newLoner(t.app, 'bob@example.com');
    const bind = await sendSigned(t.app, '/v1/passport/user/bind_account', token, {
      bind_type: 1,
      email: 'Demo@Example.com',
      reason: 'I am the new producer',
    });
    expect(bind).toMatchObject({
      code: 0,
      data: { account_id: await demoAccountId(), is_first_join: false },
    });
    const newToken = endpoints.organisation.bindAccount.data.parse(bind.data).new_token;
    const role = await sendSigned(t.app, '/v1/permission/user/add_opt_permission', newToken, {
      account_id: await demoAccountId(),
      user_id: userId,
      role_ids: [68],
    });
    expect(role).toMatchObject({ code: 0, data: { role_ids: [68] } });
    const row = await userRow(t.app, userId);
    expect(row).toMatchObject({ status: 3, join_reason: 'I am the new producer' });
    const login = await attemptLogin(t.app, { email: 'bob@example.com', password: DEMO_PASSWORD });
    expect(login.data).toMatchObject({ company_status: 3 });
    const [info] = await call(endpoints.account.userInfo, {}, newToken);
    expect(info).toMatchObject({ status: 3, company_status: 3 });
    expect(paths(await call(endpoints.account.menu, {}, newToken))).toEqual([
      '/account',
      '/account/index',
      '/account/modPassword',
    ]);
    expect((await answer(endpoints.reports.channels, { query: { publisher_type: 1 } }, newToken)).code).toBe(
      601,
    );
  });

  it("join by Account ID needs a reason; an unknown Account ID answers 10023, an email that is no super admin's 10022, each with its text", async () => {
    const { token } = await newLoner(t.app, 'carl@example.com');
    const noReason = await sendSigned(t.app, '/v1/passport/user/bind_account', token, {
      bind_type: 2,
      account_id: await demoAccountId(),
    });
    expect(noReason).toMatchObject({ code: 604, data: { errors: [{ field: 'reason' }] } });
    const noAccount = await sendSigned(t.app, '/v1/passport/user/bind_account', token, {
      bind_type: 2,
      account_id: 999999,
      reason: 'x',
    });
    expect(noAccount).toMatchObject({ code: 10023, msg: codeMessage(10023, 'zh') });
    // member@example.com is not a super admin.
    const notAdmin = await sendSigned(
      t.app,
      '/v1/passport/user/bind_account',
      token,
      {
        bind_type: 1,
        email: 'member@example.com',
        reason: 'x',
      },
      { lang: 'en' },
    );
    expect(notAdmin).toMatchObject({ code: 10022, msg: codeMessage(10022, 'en') });
    const unknownEmail = await sendSigned(t.app, '/v1/passport/user/bind_account', token, {
      bind_type: 1,
      email: 'nobody-at-all@example.com',
      reason: 'x',
    });
    expect(unknownEmail.code).toBe(10022);
    expect((await userRow(t.app, await idOf('carl@example.com'))).company_id).toBeNull();
    const ok = await sendSigned(t.app, '/v1/passport/user/bind_account', token, {
      bind_type: 2,
      account_id: await demoAccountId(),
      reason: 'Analyst',
    });
    expect(ok).toMatchObject({ code: 0, data: { is_first_join: false } });
  });

  it('only the creator may sign up an account under a company or join an empty account first', async () => {
    const { token: carol } = await newLoner(t.app, 'carol@example.com');
    const { userId: daveId, token: dave } = await newLoner(t.app, 'dave@example.com');
    const company = await sendSigned(t.app, '/v1/passport/company/signup', carol, {
      is_publisher: 1,
      company_name: 'Carol Co',
    });
    const companyId = endpoints.organisation.companySignup.data.parse(company.data).company_id;
    const stolen = await sendSigned(t.app, '/v1/passport/account/signup', dave, {
      account_name: 'Mine now',
      company_id: companyId,
    });
    expect(stolen.code).toBe(402);
    const account = await sendSigned(t.app, '/v1/passport/account/signup', carol, {
      account_name: 'Carol Co',
      company_id: companyId,
    });
    const accountId = endpoints.organisation.accountSignup.data.parse(account.data).account_id;
    const before = await allRoles(t.app);
    for (const reason of [undefined, 'let me in']) {
      const first = await sendSigned(t.app, '/v1/passport/user/bind_account', dave, {
        bind_type: 2,
        account_id: accountId,
        ...(reason ? { reason } : {}),
      });
      expect(first.code).toBe(402);
    }
    expect(await allRoles(t.app)).toEqual(before);
    expect(await userRow(t.app, daveId)).toMatchObject({ company_id: null, account_id: null, status: 1 });
    // Dave's token still works (nothing rotated).
    expect((await answer(endpoints.account.userInfo, {}, dave)).code).toBe(200);
  });

  it('a user belongs to one organisation: company signup, account signup and bind answer 402 once bound', async () => {
    const org = await newOrganisation(t.app, 'erin@example.com');
    const company = await sendSigned(t.app, '/v1/passport/company/signup', org.token, {
      is_publisher: 1,
      company_name: 'Second',
    });
    expect(company.code).toBe(402);
    const account = await sendSigned(t.app, '/v1/passport/account/signup', org.token, {
      account_name: 'Second',
      company_id: org.companyId,
    });
    expect(account.code).toBe(402);
    const bind = await sendSigned(t.app, '/v1/passport/user/bind_account', org.token, {
      bind_type: 1,
      email: 'demo@example.com',
      reason: 'moving',
    });
    expect(bind.code).toBe(402);
    // Also while an application is pending.
    const applicant = await newApplicant(t.app, 'fred@example.com', org.accountId);
    const again = await sendSigned(t.app, '/v1/passport/user/bind_account', applicant.token, {
      bind_type: 1,
      email: 'demo@example.com',
      reason: 'other one',
    });
    expect(again.code).toBe(402);
    expect((await userRow(t.app, applicant.userId)).account_id).toBe(org.accountId);
  });

  it('forged add_opt_permission answers 402 and changes nothing', async () => {
    const org = await newOrganisation(t.app, 'gina@example.com');
    const applicant = await newApplicant(t.app, 'hank@example.com', org.accountId);
    const demoAccount = await demoAccountId();
    const memberId = await idOf('member@example.com');
    const otherToken = await loginAs(t.app, 'other@example.com', DEMO_PASSWORD);
    const add = (token: string, fields: Record<string, unknown>) =>
      sendSigned(t.app, '/v1/permission/user/add_opt_permission', token, fields);
    const before = await allRoles(t.app);
    const forged: [string, Record<string, unknown>][] = [
      // An applicant making itself super admin or operations staff.
      [applicant.token, { account_id: org.accountId, user_id: applicant.userId, role_ids: [67] }],
      [applicant.token, { account_id: org.accountId, user_id: applicant.userId, role_ids: [70] }],
      [applicant.token, { account_id: org.accountId, user_id: applicant.userId, role_ids: [68, 67] }],
      // An applicant granting a role to someone else.
      [applicant.token, { account_id: org.accountId, user_id: org.userId, role_ids: [68] }],
      // The admin granting 70, or 67 to another user.
      [org.token, { account_id: org.accountId, user_id: org.userId, role_ids: [70] }],
      [org.token, { account_id: org.accountId, user_id: applicant.userId, role_ids: [67] }],
      // The admin reaching into another organisation, naming either account.
      [org.token, { account_id: demoAccount, user_id: memberId, role_ids: [68] }],
      [org.token, { account_id: org.accountId, user_id: memberId, role_ids: [68] }],
      // Another organisation's admin granting a role to this organisation's applicant.
      [otherToken, { account_id: org.accountId, user_id: applicant.userId, role_ids: [68] }],
      // Unknown role ids.
      [org.token, { account_id: org.accountId, user_id: org.userId, role_ids: [1] }],
    ];
    for (const [token, fields] of forged) {
      const res = await add(token, fields);
      expect({ fields, code: res.code }).toEqual({ fields, code: 402 });
    }
    expect(await allRoles(t.app)).toEqual(before);
    // The legitimate grants still work (idempotent).
    expect(
      (await add(org.token, { account_id: org.accountId, user_id: applicant.userId, role_ids: [68] })).code,
    ).toBe(0);
    expect(await allRoles(t.app)).toEqual(before);
  });

  it('refuses an unsigned or tampered body (10003) and a call without session (603)', async () => {
    const { token } = await newLoner(t.app, 'ivan@example.com');
    const tampered = await sendSigned(
      t.app,
      '/v1/passport/company/signup',
      token,
      { is_publisher: 1, company_name: 'Ivan' },
      {
        afterSign: (f) => {
          f.company_name = 'Someone else';
        },
      },
    );
    expect(tampered.code).toBe(10003);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/v1/passport/company/signup',
      headers: { token },
      payload: { is_publisher: 1, company_name: 'Ivan', timestamp: 1, plat_type: 4, sign: 'AB' },
    });
    expect(envelopeOf(stale).code).toBe(10003);
    const noSession = await t.app.inject({
      method: 'POST',
      url: '/v1/passport/company/signup',
      payload: { is_publisher: 1, company_name: 'Ivan', timestamp: 1, plat_type: 4, sign: 'AB' },
    });
    expect(envelopeOf(noSession).code).toBe(603);
    const badField = await sendSigned(t.app, '/v1/passport/company/signup', token, {
      is_publisher: 1,
      company_name: '',
    });
    expect(badField).toMatchObject({ code: 604, data: { errors: [{ field: 'company_name' }] } });
  });
});
