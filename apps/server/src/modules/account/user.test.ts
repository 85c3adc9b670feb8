import { endpoints } from '@portal/contracts/endpoints.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import {
  DEMO_PASSWORD,
  demoAffiliateChannels,
  demoAppKey,
  memberAppPackages,
  seedDemoAccounts,
} from '../../demo/accounts.ts';
import { hashPassword } from '../../lib/password.ts';
import { endpointCallers, isSuccess } from '../../test/json-caller.ts';
import { loginAs } from '../../test/login.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/test-app.ts';

type Menu = { key: string; path: string; children?: Menu }[];
const paths = (menu: Menu): string[] => menu.flatMap((m) => [m.path, ...paths(m.children ?? [])]);

describe.each(testDbKinds)('user_info and menu on %s', (db) => {
  let t: TestApp;
  const api = () => endpointCallers(t.app);
  /** The caller's menu, parsed by its entry (throws on a failure). */
  const menuOf = (token: string) => api().call(endpoints.account.menu, {}, token, 'zh-CN');
  beforeAll(async () => {
    t = await createTestApp({ db });
    await seedDemoAccounts(t.app.db);
    await t.app.db.insert(users).values({
      email: 'loner@example.com',
      password_hash: await hashPassword(DEMO_PASSWORD),
      name: 'Loner',
      user_name: 'loner',
      status: 1,
    });
  });
  afterAll(async () => t.close());

  it('user_info answers code 200 and data[0] with every field of spec §3', async () => {
    const token = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    const body = await api().answer(endpoints.account.userInfo, {}, token, 'en');
    expect(body.code).toBe(200);
    expect(body.msg).toBe('Success');
    if (!isSuccess(body)) throw new Error(`user_info answered ${body.code}`);
    expect(body.data).toHaveLength(1);
    const [info] = body.data;
    if (!info) throw new Error('user_info answered no user');
    expect(info).toMatchObject({
      email: 'member@example.com',
      user_name: 'member',
      name: 'Demo Member',
      status: 1,
      company_name: 'Demo Games',
      company_status: 1,
      cooperation_types: [1, 4],
      opt_permission: [{ role_info: { id: 68, name: 'Member' } }],
    });
    expect(info.company_id).toEqual(expect.any(Number));
    expect(info.account_id).toEqual(expect.any(Number));
    expect(info.data_permission.map((d) => d.permission_info)).toEqual([
      ...memberAppPackages.map((pkg) => expect.objectContaining({ type: 3, rule: demoAppKey(pkg) })),
      expect.objectContaining({ type: 5, rule: demoAffiliateChannels[0] }),
    ]);
  });

  it('user_info of a user without an organisation', async () => {
    const token = await loginAs(t.app, 'loner@example.com', DEMO_PASSWORD);
    const [info] = await api().call(endpoints.account.userInfo, {}, token, 'zh-CN');
    expect(info).toMatchObject({
      company_id: null,
      company_name: null,
      account_id: null,
      company_status: 0,
      opt_permission: [],
      data_permission: [],
      cooperation_types: [],
    });
  });

  it('menu of the super admin: reports, app report, apps, ad slots, payments, account, users, roles', async () => {
    const token = await loginAs(t.app, 'demo@example.com', DEMO_PASSWORD);
    const body = await api().answer(endpoints.account.menu, {}, token, 'zh-CN');
    expect(body.code).toBe(0);
    if (!isSuccess(body)) throw new Error(`menu answered ${body.code}`);
    expect(paths(body.data)).toEqual([
      '/report',
      '/report/sdk',
      '/report/newreport',
      '/report/reportv2',
      '/report/game',
      '/appReport/list',
      '/apps/list',
      '/adpos/list',
      '/payments',
      '/account',
      '/account/index',
      '/account/modPassword',
      '/users',
      '/roles',
    ]);
    expect(body.data[0]?.key).toBe('menu.reports');
    expect(body.data[0]?.children?.[0]).toEqual({ key: 'menu.sdkReport', path: '/report/sdk' });
  });

  it('menu of a member with SDK and affiliate data permissions: those reports, no management', async () => {
    const token = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    const p = paths(await menuOf(token));
    expect(p).toContain('/report/sdk');
    expect(p).toContain('/report/newreport');
    expect(p).not.toContain('/report/rtb');
    expect(p).not.toContain('/apps/list');
    expect(p).not.toContain('/users');
  });

  it('menu of another organisation: no APP report, no affiliate', async () => {
    const token = await loginAs(t.app, 'other@example.com', DEMO_PASSWORD);
    const p = paths(await menuOf(token));
    expect(p).toContain('/report/sdk');
    expect(p).not.toContain('/appReport/list');
    expect(p).not.toContain('/report/reportv2');
  });

  it('menu without an organisation, or while pending, holds only the account entries', async () => {
    const account = ['/account', '/account/index', '/account/modPassword'];
    const loner = await loginAs(t.app, 'loner@example.com', DEMO_PASSWORD);
    expect(paths(await menuOf(loner))).toEqual(account);
    await t.app.db.update(users).set({ status: 3 }).where(eq(users.email, 'other@example.com'));
    const pending = await loginAs(t.app, 'other@example.com', DEMO_PASSWORD);
    expect(paths(await menuOf(pending))).toEqual(account);
    await t.app.db.update(users).set({ status: 1 }).where(eq(users.email, 'other@example.com'));
  });

  it('both need a session', async () => {
    expect((await api().fail(endpoints.account.menu, {}, null)).code).toBe(603);
    expect((await api().fail(endpoints.account.userInfo, {}, null)).code).toBe(603);
  });
});
