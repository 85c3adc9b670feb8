/**
 * One rule on both sides (issue 15 item 3): every demo caller (demo/accounts.ts) and a few synthetic
 * ones covering the rule branches go through the server (menu endpoint, report access, the report
 * guard) and through the web's derivation (apps/web/src/lib/access.ts over the route table: routes,
 * sidebar tree, and the user_info fallback menu). Each side is checked against the same expected
 * table, so a rule changed on one side alone fails here.
 */
import { menuPaths } from '@portal/contracts/access.ts';
import type { MenuItem, UserInfo } from '@portal/contracts/account.ts';
import { DataPermissionType, Role, UserStatus } from '@portal/contracts/constants.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { type ReportKind, reportKinds } from '@portal/contracts/reports-kinds.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedMenu, menuInForce, permittedPaths, routedPaths } from '../../../../web/src/lib/access.ts';
import { findEntry, navParents } from '../../../../web/src/lib/route-table.ts';
import { accounts, companies, companyChannels } from '../../db/schema/organisations.ts';
import { dataPermissions, userRoles, users } from '../../db/schema/users.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../demo/accounts.ts';
import { hashPassword } from '../../lib/password.ts';
import { hashToken } from '../../lib/session-token.ts';
import { endpointCallers } from '../../test/json-caller.ts';
import { loginAs } from '../../test/login.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/test-app.ts';
import { loadReportAccess, permittedReports, requireReport } from '../permission/report-access.ts';

const account = ['/account', '/account/index', '/account/modPassword'];
const management = ['/apps/list', '/adpos/list'];
const admin = ['/users', '/roles'];

type Expected = {
  /** The server's menu, depth first. */
  menu: string[];
  /** Report kinds the server grants (menu and 402 guard). */
  reports: ReportKind[];
  /** Menu paths decided by inputs user_info lacks (channel types, APP report): absent from the fallback. */
  serverOnly: string[];
  /** Routes the web adds beside the menu (security, notifications, API keys, audit, schedules). */
  beside: string[];
};

const expected: Record<string, Expected> = {
  // Admin 67 of Demo Games (cooperation 1 and 4, affiliate channels only, the APP report company).
  'demo@example.com': {
    menu: [
      '/report',
      '/report/sdk',
      '/report/newreport',
      '/report/reportv2',
      '/report/game',
      '/appReport/list',
      ...management,
      '/payments',
      ...account,
      ...admin,
    ],
    reports: ['sdk', 'affiliate', 'game', 'gx'],
    serverOnly: ['/appReport/list'],
    beside: [
      '/account/security',
      '/account/notifications',
      '/account/apiKeys',
      '/account/testDevices',
      '/account/audit',
      '/report/schedules',
    ],
  },
  // Member 68 of Demo Games with data permissions of types 3 and 5.
  'member@example.com': {
    menu: [
      '/report',
      '/report/sdk',
      '/report/newreport',
      '/report/reportv2',
      '/report/game',
      '/appReport/list',
      ...account,
    ],
    reports: ['sdk', 'affiliate', 'game', 'gx'],
    serverOnly: ['/appReport/list'],
    beside: ['/account/security', '/account/notifications', '/account/apiKeys', '/report/schedules'],
  },
  // Admin 67 of Other Media (cooperation 1) whose organisation has RTB channels.
  'other@example.com': {
    menu: [
      '/report',
      '/report/sdk',
      '/report/rtb',
      '/report/game',
      ...management,
      '/payments',
      ...account,
      ...admin,
    ],
    reports: ['sdk', 'rtb', 'game'],
    serverOnly: ['/report/rtb'],
    beside: [
      '/account/security',
      '/account/notifications',
      '/account/apiKeys',
      '/account/testDevices',
      '/account/audit',
      '/report/schedules',
    ],
  },
  // Operations 70 (cooperation 1 and 4, no channels): RTB by role alone.
  'ops@example.com': {
    menu: [
      '/report',
      '/report/sdk',
      '/report/rtb',
      '/report/newreport',
      '/report/reportv2',
      '/report/game',
      ...management,
      '/ops/payments',
      ...account,
      ...admin,
    ],
    reports: ['sdk', 'rtb', 'affiliate', 'game'],
    serverOnly: [],
    beside: ['/account/security', '/account/notifications', '/account/audit', '/report/schedules'],
  },
  // Synthetic: member 68 of Other Media with one RTB data permission (type 4) and nothing else.
  'rtb-member@example.com': {
    menu: ['/report', '/report/rtb', ...account],
    reports: ['rtb'],
    serverOnly: [],
    beside: ['/account/security', '/account/notifications', '/account/apiKeys', '/report/schedules'],
  },
  // Synthetic: admin 67 of an organisation without cooperation types but with an RTB channel.
  'rtb-admin@example.com': {
    menu: ['/report', '/report/rtb', '/payments', ...account, ...admin],
    reports: ['rtb'],
    serverOnly: ['/report', '/report/rtb'],
    beside: [
      '/account/security',
      '/account/notifications',
      '/account/apiKeys',
      '/account/testDevices',
      '/account/audit',
      '/report/schedules',
    ],
  },
  // Synthetic: a pending application (status 3) to Demo Games holding an SDK data permission.
  'pending@example.com': {
    menu: account,
    reports: [],
    serverOnly: [],
    beside: ['/account/security', '/account/notifications'],
  },
  // Synthetic: signed up, no organisation yet.
  'loner@example.com': {
    menu: account,
    reports: [],
    serverOnly: [],
    beside: ['/account/security', '/account/notifications'],
  },
};

/** Inserts a user (password DEMO_PASSWORD) with roles and data permission types. */
async function addUser(
  t: TestApp,
  email: string,
  opts: {
    status: number;
    companyId: number | null;
    accountId: number | null;
    roles: number[];
    perms: number[];
  },
): Promise<void> {
  const [row] = await t.app.db
    .insert(users)
    .values({
      email,
      password_hash: await hashPassword(DEMO_PASSWORD),
      name: email,
      user_name: email.split('@')[0] ?? email,
      status: opts.status,
      company_id: opts.companyId,
      account_id: opts.accountId,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user not inserted');
  if (opts.roles.length > 0) {
    await t.app.db.insert(userRoles).values(opts.roles.map((role_id) => ({ user_id: row.id, role_id })));
  }
  for (const type of opts.perms) {
    await t.app.db
      .insert(dataPermissions)
      .values({ user_id: row.id, type, name: `p${type}`, rule: `r${type}` });
  }
}

/** The company and account of `name` (seeded by demo/accounts.ts). */
async function orgOf(t: TestApp, name: string): Promise<{ companyId: number; accountId: number }> {
  const [co] = await t.app.db.select().from(companies).where(eq(companies.company_name, name));
  const [acc] = await t.app.db.select().from(accounts).where(eq(accounts.account_name, name));
  if (!co || !acc) throw new Error(`no organisation ${name}`);
  return { companyId: co.id, accountId: acc.id };
}

async function seedSynthetic(t: TestApp): Promise<void> {
  const other = await orgOf(t, 'Other Media');
  const demo = await orgOf(t, 'Demo Games');
  const [co] = await t.app.db
    .insert(companies)
    .values({ company_name: 'RTB Only', is_publisher: 1, cooperation_types: [] })
    .returning();
  if (!co) throw new Error('company not inserted');
  const [acc] = await t.app.db
    .insert(accounts)
    .values({ account_name: 'RTB Only', company_id: co.id })
    .returning();
  if (!acc) throw new Error('account not inserted');
  await t.app.db
    .insert(companyChannels)
    .values({ company_id: co.id, type: DataPermissionType.RTB, name: 'Bidder' });
  const active = UserStatus.ACTIVE;
  await addUser(t, 'rtb-member@example.com', { status: active, ...other, roles: [Role.MEMBER], perms: [4] });
  await addUser(t, 'rtb-admin@example.com', {
    status: active,
    companyId: co.id,
    accountId: acc.id,
    roles: [Role.ADMIN],
    perms: [],
  });
  const pending = UserStatus.APPLICATION;
  await addUser(t, 'pending@example.com', { status: pending, ...demo, roles: [Role.MEMBER], perms: [3] });
  await addUser(t, 'loner@example.com', {
    status: active,
    companyId: null,
    accountId: null,
    roles: [],
    perms: [],
  });
}

const leaves = (paths: string[]) => paths.filter((p) => !navParents.some((n) => n.path === p));

describe.each(testDbKinds)('the server and the web grant the same (issue 15 item 3) on %s', (db) => {
  let t: TestApp;
  const seen = new Map<string, { menu: MenuItem[]; info: UserInfo; token: string }>();
  beforeAll(async () => {
    t = await createTestApp({ db });
    await seedDemoAccounts(t.app.db);
    await seedSynthetic(t);
    for (const email of Object.keys(expected)) {
      const token = await loginAs(t.app, email, DEMO_PASSWORD);
      const api = endpointCallers(t.app);
      const menu = await api.call(endpoints.account.menu, {}, token);
      const [info] = await api.call(endpoints.account.userInfo, {}, token);
      if (!info) throw new Error(`user_info of ${email} answered no user`);
      seen.set(email, { menu, info, token });
    }
  });
  afterAll(async () => t.close());

  const caller = (email: string) => {
    const s = seen.get(email);
    if (!s) throw new Error(`${email} not signed in`);
    return s;
  };

  it.each(Object.keys(expected))('%s: the server menu, report access and report guard', async (email) => {
    const want = expected[email] as Expected;
    const { menu, info, token } = caller(email);
    expect(menuPaths(menu)).toEqual(want.menu);
    const user = {
      userId: info.user_id,
      status: info.status,
      companyId: info.company_id,
      roles: info.opt_permission.map((p) => p.role_info.id),
      tokenHash: hashToken(token),
    };
    const granted = permittedReports(await loadReportAccess(t.app, user));
    expect(reportKinds.filter((k) => granted[k])).toEqual(want.reports);
    const unseated = info.company_id === null || info.status === UserStatus.APPLICATION;
    for (const kind of reportKinds) {
      const guard = requireReport(t.app, user, kind);
      if (want.reports.includes(kind)) await expect(guard).resolves.toBeUndefined();
      else await expect(guard).rejects.toMatchObject({ code: unseated ? 601 : 402 });
    }
  });

  it.each(Object.keys(expected))('%s: the web routes and sidebar from the server menu', (email) => {
    const want = expected[email] as Expected;
    const { menu, info } = caller(email);
    const tree = menuInForce(menu, info);
    const permitted = permittedPaths(tree);
    // The sidebar is the server's menu plus the routes the web grants beside it, nothing else.
    expect([...permitted].sort()).toEqual([...want.menu, ...want.beside].sort());
    expect(menuPaths(tree).filter((p) => !want.beside.includes(p))).toEqual(want.menu);
    // Every route gets a screen of the table; the report routes are exactly the server's reports.
    const routed = routedPaths(permitted);
    expect(routed.sort()).toEqual(leaves([...want.menu, ...want.beside]).sort());
    for (const path of routed) expect(findEntry(path)?.path, path).toBe(path);
    const reportRoutes: Record<string, ReportKind> = {
      '/report/sdk': 'sdk',
      '/report/rtb': 'rtb',
      '/report/newreport': 'affiliate',
      '/report/reportv2': 'affiliate',
      '/report/game': 'game',
      '/appReport/list': 'gx',
    };
    const kinds = new Set(routed.flatMap((p) => (reportRoutes[p] ? [reportRoutes[p]] : [])));
    expect(reportKinds.filter((k) => kinds.has(k))).toEqual(want.reports);
  });

  it.each(Object.keys(expected))(
    '%s: the web fallback menu is the server menu less server-only inputs',
    (email) => {
      const want = expected[email] as Expected;
      const { menu, info } = caller(email);
      const fallback = derivedMenu(info);
      expect(menuPaths(fallback)).toEqual(want.menu.filter((p) => !want.serverOnly.includes(p)));
      // Where user_info decides everything, the fallback is the server's answer, keys and shape alike.
      if (want.serverOnly.length === 0) expect(fallback).toEqual(menu);
    },
  );
});
