/**
 * Owner and co-admins (api-contract §10) and the role page's refusals (issue 14 items 6 and 19): the
 * creator of an organisation is its owner; nobody else demotes, inactivates or deletes it (10026);
 * admins promote members to co-admin (67); only the owner demotes a co-admin (10027); nobody changes
 * their own role (10024); leaving no active admin has its own code (10025). Each refusal changes nothing.
 */
import { codeMessage } from '@portal/contracts/codes.ts';
import { Role, UserStatus } from '@portal/contracts/constants.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/organisations.ts';
import { userRoles, users } from '../../db/schema/users.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../demo/accounts.ts';
import { hashPassword } from '../../lib/password.ts';
import { endpointCallers } from '../../test/json-caller.ts';
import { loginAs } from '../../test/login.ts';
import { allRoles, newApplicant, newOrganisation, type Org, userRow } from '../../test/org.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('owner and co-admins on %s', (db) => {
  let t: TestApp;
  let owner: Org;
  let coA: { userId: number; token: string };
  let coB: { userId: number; token: string };
  const m = endpoints.members;
  /** Either envelope of an endpoint, success data parsed by its entry (json-caller.ts). */
  const answer: ReturnType<typeof endpointCallers>['answer'] = (...args) =>
    endpointCallers(t.app).answer(...args);
  const setRole = (token: string, user_id: number, role: 67 | 68, lang?: string) =>
    answer(m.setRoles, { body: { user_id, role_ids: [role] } }, token, lang);
  const setStatus = (token: string, user_id: number, status: 1 | 2) =>
    answer(m.setStatus, { body: { user_id, status } }, token);
  const remove = (token: string, user_id: number) => answer(m.remove, { body: { user_id } }, token);

  /** An applicant approved by the owner, then made co-admin by the owner; a fresh token. */
  async function coAdmin(email: string) {
    const a = await newApplicant(t.app, email, owner.accountId);
    expect((await setStatus(owner.token, a.userId, UserStatus.ACTIVE)).code).toBe(0);
    expect((await setRole(owner.token, a.userId, Role.ADMIN)).code).toBe(0);
    return { userId: a.userId, token: await loginAs(t.app, email, DEMO_PASSWORD) };
  }

  beforeAll(async () => {
    t = await createTestApp({ db });
    await seedDemoAccounts(t.app.db);
    owner = await newOrganisation(t.app, 'owner@example.com', 'Owner Co');
    coA = await coAdmin('co-a@example.com');
    coB = await coAdmin('co-b@example.com');
  });
  afterAll(async () => t.close());

  it('a co-admin cannot demote, inactivate or delete the owner', async () => {
    const before = await allRoles(t.app);
    const demote = await setRole(coA.token, owner.userId, Role.MEMBER);
    expect(demote).toMatchObject({ code: 10026, msg: codeMessage(10026, 'en') });
    expect((await setStatus(coA.token, owner.userId, UserStatus.INACTIVE)).code).toBe(10026);
    expect((await remove(coA.token, owner.userId)).code).toBe(10026);
    expect(await allRoles(t.app)).toEqual(before);
    expect((await userRow(t.app, owner.userId)).status).toBe(UserStatus.ACTIVE);
  });

  it("only the owner changes the owner's data permissions (issue 22 item 18)", async () => {
    const grants = (token: string, user_id: number) =>
      answer(m.setDataPermission, { body: { user_id, permissions: [] } }, token);
    const refused = await grants(coA.token, owner.userId);
    expect(refused).toMatchObject({ code: 10050, msg: codeMessage(10050, 'en') });
    // The owner may change their own, and a co-admin another co-admin's.
    expect((await grants(owner.token, owner.userId)).code).toBe(0);
    expect((await grants(coA.token, coB.userId)).code).toBe(0);
  });

  it('only the owner demotes a co-admin; an admin may promote a member', async () => {
    const refused = await setRole(coA.token, coB.userId, Role.MEMBER, 'zh-CN');
    expect(refused).toMatchObject({ code: 10027, msg: codeMessage(10027, 'zh') });
    expect(await allRoles(t.app)).toContain(`${coB.userId}:${Role.ADMIN}`);
    expect((await setRole(owner.token, coB.userId, Role.MEMBER)).code).toBe(0);
    // A co-admin may promote a member (back) to co-admin.
    expect((await setRole(coA.token, coB.userId, Role.ADMIN)).code).toBe(0);
    expect(await allRoles(t.app)).toContain(`${coB.userId}:${Role.ADMIN}`);
  });

  it('nobody changes their own role, the owner included', async () => {
    const before = await allRoles(t.app);
    const own = await setRole(owner.token, owner.userId, Role.MEMBER);
    expect(own).toMatchObject({ code: 10024, msg: codeMessage(10024, 'en') });
    expect((await setRole(coA.token, coA.userId, Role.MEMBER)).code).toBe(10024);
    expect(await allRoles(t.app)).toEqual(before);
  });

  it('the demo seed records each organisation creator as its owner', async () => {
    const demo = await loginAs(t.app, 'demo@example.com', DEMO_PASSWORD);
    const [member] = await t.app.db.select().from(users).where(eq(users.email, 'member@example.com'));
    const [demoRow] = await t.app.db.select().from(users).where(eq(users.email, 'demo@example.com'));
    if (!member || !demoRow) throw new Error('demo users missing');
    expect((await setRole(demo, member.id, Role.ADMIN)).code).toBe(0);
    const memberToken = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    expect((await setRole(memberToken, demoRow.id, Role.MEMBER)).code).toBe(10026);
    expect((await setRole(demo, member.id, Role.MEMBER)).code).toBe(0);
  });

  it('leaving no active admin answers 10025 (operations staff managing their own organisation)', async () => {
    // The operations organisation has no recorded owner; give it one admin besides ops@ (70).
    const [ops] = await t.app.db.select().from(users).where(eq(users.email, 'ops@example.com'));
    if (!ops?.company_id) throw new Error('ops user missing');
    await t.app.db.update(companies).set({ created_by: null }).where(eq(companies.id, ops.company_id));
    const [admin] = await t.app.db
      .insert(users)
      .values({
        email: 'ops-admin@example.com',
        password_hash: await hashPassword(DEMO_PASSWORD),
        name: 'Ops Admin',
        user_name: 'ops-admin',
        status: UserStatus.ACTIVE,
        company_id: ops.company_id,
        account_id: ops.account_id,
      })
      .returning();
    if (!admin) throw new Error('not inserted');
    await t.app.db.insert(userRoles).values({ user_id: admin.id, role_id: Role.ADMIN });
    const opsToken = await loginAs(t.app, 'ops@example.com', DEMO_PASSWORD);
    const demote = await setRole(opsToken, admin.id, Role.MEMBER, 'zh-CN');
    expect(demote).toMatchObject({ code: 10025, msg: codeMessage(10025, 'zh') });
    expect((await setStatus(opsToken, admin.id, UserStatus.INACTIVE)).code).toBe(10025);
    expect((await remove(opsToken, admin.id)).code).toBe(10025);
    expect(await allRoles(t.app)).toContain(`${admin.id}:${Role.ADMIN}`);
  });
});
