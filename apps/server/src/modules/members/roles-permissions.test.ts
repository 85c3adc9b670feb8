import { endpoints } from '@portal/contracts/endpoints.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyChannels } from '../../db/schema/organisations.ts';
import { dataPermissions, users } from '../../db/schema/users.ts';
import {
  DEMO_PASSWORD,
  demoAffiliateChannels,
  demoAppKey,
  demoRtbChannels,
  seedDemoAccounts,
} from '../../demo/accounts.ts';
import { type EndpointCallers, endpointCallers, jsonCaller } from '../../test/json-caller.ts';
import { loginAs } from '../../test/login.ts';
import { allRoles } from '../../test/org.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('roles and data permissions on %s', (db) => {
  let t: TestApp;
  let demo: string;
  let other: string;
  let memberId: number;
  let demoId: number;
  let companyId: number;
  const m = endpoints.members;
  /** Success data parsed by the entry (json-caller.ts); `fail` the failure envelope. */
  const call: EndpointCallers['call'] = (...args) => endpointCallers(t.app).call(...args);
  const fail: EndpointCallers['fail'] = (...args) => endpointCallers(t.app).fail(...args);
  const idOf = async (email: string) => {
    const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(email);
    return row;
  };

  beforeAll(async () => {
    t = await createTestApp({ db });
    await seedDemoAccounts(t.app.db);
    demo = await loginAs(t.app, 'demo@example.com', DEMO_PASSWORD);
    other = await loginAs(t.app, 'other@example.com', DEMO_PASSWORD);
    const member = await idOf('member@example.com');
    memberId = member.id;
    companyId = member.company_id as number;
    demoId = (await idOf('demo@example.com')).id;
    await t.app.db.insert(companyChannels).values([
      { company_id: companyId, type: 4, name: 'rtb-main' },
      { company_id: companyId, type: 5, name: 'aff-partner-a' },
    ]);
  });
  afterAll(async () => t.close());

  it('the catalogue shows 70 as not assignable, 67 and 68 as assignable, in the caller language', async () => {
    const res = await call(m.roles, {}, demo);
    expect(res).toMatchObject([
      { id: 70, assignable: false },
      { id: 67, name: 'Super admin', assignable: true },
      { id: 68, name: 'Member', assignable: true },
    ]);
    const member = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    expect((await fail(m.roles, {}, member)).code).toBe(402);
  });

  it('promotes a member to co-admin and the owner demotes them again (refusals: owner.test.ts)', async () => {
    const promote = await call(m.setRoles, { body: { user_id: memberId, role_ids: [67] } }, demo);
    expect(promote).toMatchObject({ user_id: memberId, role_ids: [67] });
    const member = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    // The co-admin now manages the organisation (roles are read per request).
    expect(await call(m.roles, {}, member)).toHaveLength(3);
    const demote = await call(m.setRoles, { body: { user_id: memberId, role_ids: [68] } }, demo);
    expect(demote).toMatchObject({ role_ids: [68] });
    expect((await fail(m.roles, {}, member)).code).toBe(402);
    expect(
      (await allRoles(t.app)).filter((r) => r.startsWith(`${memberId}:`) || r.startsWith(`${demoId}:`)),
    ).toEqual([`${demoId}:67`, `${memberId}:68`].sort());
  });

  it('never assigns 70, and never across organisations', async () => {
    const before = await allRoles(t.app);
    // Role lists the body's schema refuses, sent raw.
    const raw = jsonCaller(t.app);
    const seventy = await raw('PUT', m.setRoles.path, demo, { user_id: memberId, role_ids: [70] });
    expect(seventy.code).toBe(604);
    const two = await raw('PUT', m.setRoles.path, demo, { user_id: memberId, role_ids: [67, 68] });
    expect(two.code).toBe(604);
    const cross = await fail(m.setRoles, { body: { user_id: memberId, role_ids: [67] } }, other);
    expect(cross.code).toBe(402);
    expect(await allRoles(t.app)).toEqual(before);
  });

  it('the editor offers only the organisation apps and channels, and shows what the member has', async () => {
    const res = await call(m.dataPermission, { query: { user_id: memberId } }, demo);
    const options = res.options;
    expect(options.filter((o) => o.type === 3).map((o) => o.rule)).toContain(
      demoAppKey('com.demogames.mergekingdom'),
    );
    expect(options.some((o) => o.rule === demoAppKey('com.othermedia.dailynews'))).toBe(false);
    // The organisation's own channels (seeded and added here), never Other Media's RTB channels.
    const channels = options.filter((o) => o.type !== 3);
    expect(channels).toHaveLength(2 + demoAffiliateChannels.length);
    expect(channels).toEqual(
      expect.arrayContaining([
        { type: 4, rule: 'rtb-main', name: 'rtb-main' },
        { type: 5, rule: 'aff-partner-a', name: 'aff-partner-a' },
        ...demoAffiliateChannels.map((c) => ({ type: 5, rule: c, name: c })),
      ]),
    );
    for (const c of demoRtbChannels) expect(channels.some((o) => o.rule === c)).toBe(false);
    expect(res.granted.map((g) => g.rule).sort()).toEqual(
      [
        demoAppKey('com.demogames.puzzlequest'),
        demoAppKey('com.demogames.wordblitz'),
        demoAffiliateChannels[0],
      ].sort(),
    );
    expect((await fail(m.dataPermission, { query: { user_id: memberId } }, other)).code).toBe(402);
  });

  it('saving replaces the set and reports follow it on the next request', async () => {
    const member = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    const channelKeys = async () =>
      (await call(endpoints.reports.channels, { query: { publisher_type: 1 } }, member))
        .map((c) => c.app_key)
        .sort();
    expect(await channelKeys()).toHaveLength(2);
    const merge = demoAppKey('com.demogames.mergekingdom');
    const saved = await call(
      m.setDataPermission,
      {
        body: {
          user_id: memberId,
          permissions: [
            { type: 3, rule: merge },
            { type: 3, rule: merge },
            { type: 5, rule: 'aff-partner-a' },
          ],
        },
      },
      demo,
    );
    expect(saved.granted).toEqual([
      { type: 3, rule: merge, name: 'Merge Kingdom' },
      { type: 5, rule: 'aff-partner-a', name: 'aff-partner-a' },
    ]);
    expect(await channelKeys()).toEqual([merge]);
    const [info] = await call(endpoints.account.userInfo, {}, member);
    expect(info?.data_permission.map((d) => d.permission_info.type)).toEqual([3, 5]);
  });

  it('refuses another organisation app key or an unknown channel with 604 and changes nothing', async () => {
    const before = await t.app.db.select().from(dataPermissions).where(eq(dataPermissions.user_id, memberId));
    const res = await fail(
      m.setDataPermission,
      {
        body: {
          user_id: memberId,
          permissions: [
            { type: 3, rule: demoAppKey('com.demogames.puzzlequest') },
            { type: 3, rule: demoAppKey('com.othermedia.dailynews') },
            { type: 4, rule: 'aff-partner-a' },
          ],
        },
      },
      demo,
    );
    expect(res).toMatchObject({
      code: 604,
      data: { errors: [{ field: 'permissions.1.rule' }, { field: 'permissions.2.rule' }] },
    });
    const after = await t.app.db.select().from(dataPermissions).where(eq(dataPermissions.user_id, memberId));
    expect(after).toEqual(before);
    const cross = await fail(m.setDataPermission, { body: { user_id: memberId, permissions: [] } }, other);
    expect(cross.code).toBe(402);
    expect(
      await t.app.db.select().from(dataPermissions).where(eq(dataPermissions.user_id, memberId)),
    ).toEqual(before);
  });
});
