import { type EndpointQuery, endpoints } from '@portal/contracts/endpoints.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../demo/accounts.ts';
import { endpointCallers, jsonCaller } from '../../test/json-caller.ts';
import { attemptLogin, loginAs } from '../../test/login.ts';
import { allRoles, newApplicant, newOrganisation, type Org, userRow } from '../../test/org.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('user management on %s', (db) => {
  let t: TestApp;
  let org: Org;
  let otherAdmin: string;
  const m = endpoints.members;
  /** Either envelope of an endpoint, success data parsed by its entry (json-caller.ts). */
  const answer: ReturnType<typeof endpointCallers>['answer'] = (...args) =>
    endpointCallers(t.app).answer(...args);
  const setStatus = (token: string, user_id: number, status: 1 | 2) =>
    answer(m.setStatus, { body: { user_id, status } }, token);
  const remove = (token: string, user_id: number) => answer(m.remove, { body: { user_id } }, token);
  const whoAmI = async (token: string) => (await answer(endpoints.account.userInfo, {}, token)).code;
  const channels = async (token: string) =>
    (await answer(endpoints.reports.channels, { query: { publisher_type: 1 } }, token)).code;
  /** The member list as `token` sees it, parsed by its entry's answer schema (json-caller.ts). */
  const members = (token: string, query: EndpointQuery<typeof endpoints.members.list> = {}) =>
    endpointCallers(t.app).call(endpoints.members.list, { query }, token);

  beforeAll(async () => {
    t = await createTestApp({ db });
    await seedDemoAccounts(t.app.db);
    org = await newOrganisation(t.app, 'boss@example.com', 'Boss Co');
    otherAdmin = await loginAs(t.app, 'other@example.com', DEMO_PASSWORD);
  });
  afterAll(async () => t.close());

  it('lists the organisation members with status, roles and reason; filters by status and email', async () => {
    const applicant = await newApplicant(t.app, 'list-applicant@example.com', org.accountId);
    const all = await members(org.token, { page_no: 1, page_size: 10 });
    expect(all.list.map((u) => u.email)).toEqual(['boss@example.com', 'list-applicant@example.com']);
    expect(all.list[0]).toMatchObject({ status: 1, role_ids: [67], join_reason: null });
    expect(all.list[1]).toMatchObject({
      user_id: applicant.userId,
      status: 3,
      role_ids: [68],
      join_reason: 'I work here',
    });
    const pending = await members(org.token, { status: 3 });
    expect(pending).toMatchObject({ total: 1, list: [{ user_id: applicant.userId }] });
    const byEmail = await members(org.token, { email: 'BOSS' });
    expect(byEmail.list.map((u) => u.email)).toEqual(['boss@example.com']);
    const wildcard = await members(org.token, { email: '%' });
    expect(wildcard.total).toBe(0);
    const paged = await members(org.token, { page_no: 2, page_size: 1 });
    expect(paged).toMatchObject({ total: 2, list: [{ user_id: applicant.userId }] });
    const bad = await answer(m.list, { query: { status: 7 } }, org.token);
    expect(bad).toMatchObject({ code: 604, data: { errors: [{ field: 'status' }] } });
  });

  it('approve 3→1, inactivate 1→2 (next call 20005, login 10020), reactivate 2→1', async () => {
    const a = await newApplicant(t.app, 'cycle@example.com', org.accountId);
    expect(await channels(a.token)).toBe(601);
    expect(await setStatus(org.token, a.userId, 1)).toMatchObject({ code: 0, data: { status: 1 } });
    expect(await channels(a.token)).toBe(0);
    expect(
      (await attemptLogin(t.app, { email: 'cycle@example.com', password: DEMO_PASSWORD })).data,
    ).toMatchObject({
      company_status: 1,
    });
    expect(await setStatus(org.token, a.userId, 2)).toMatchObject({ code: 0, data: { status: 2 } });
    expect(await whoAmI(a.token)).toBe(20005);
    expect((await attemptLogin(t.app, { email: 'cycle@example.com', password: DEMO_PASSWORD })).code).toBe(
      10020,
    );
    expect(await setStatus(org.token, a.userId, 1)).toMatchObject({ code: 0, data: { status: 1 } });
    // The session revoked by inactivation stays dead after reactivation; a new login works.
    expect(await whoAmI(a.token)).toBe(20005);
    const fresh = await loginAs(t.app, 'cycle@example.com', DEMO_PASSWORD);
    expect(await whoAmI(fresh)).toBe(200);
  });

  it('other transitions and changes to oneself answer 10007 and change nothing', async () => {
    const a = await newApplicant(t.app, 'odd@example.com', org.accountId);
    // 3 → 2 is not a transition.
    expect((await setStatus(org.token, a.userId, 2)).code).toBe(10007);
    expect((await setStatus(org.token, a.userId, 1)).code).toBe(0);
    // 1 → 1 is not a transition either.
    expect((await setStatus(org.token, a.userId, 1)).code).toBe(10007);
    expect((await setStatus(org.token, org.userId, 2)).code).toBe(10007);
    expect((await remove(org.token, org.userId)).code).toBe(10007);
    expect((await userRow(t.app, org.userId)).status).toBe(1);
    // A status the body's schema refuses, sent raw.
    const raw = jsonCaller(t.app);
    expect((await raw('PUT', m.setStatus.path, org.token, { user_id: a.userId, status: -1 })).code).toBe(604);
    const msg = await setStatus(org.token, a.userId, 1);
    expect(msg.msg).toBe('This status change is not allowed');
  });

  it('delete: status -1, sessions revoked (20005), roles removed; deleting again answers 10007', async () => {
    const a = await newApplicant(t.app, 'gone@example.com', org.accountId);
    expect((await setStatus(org.token, a.userId, 1)).code).toBe(0);
    const token = await loginAs(t.app, 'gone@example.com', DEMO_PASSWORD);
    expect((await remove(org.token, a.userId)).code).toBe(0);
    expect((await userRow(t.app, a.userId)).status).toBe(-1);
    expect(await whoAmI(token)).toBe(20005);
    expect(await whoAmI(a.token)).toBe(20005);
    expect((await allRoles(t.app)).filter((r) => r.startsWith(`${a.userId}:`))).toEqual([]);
    expect((await attemptLogin(t.app, { email: 'gone@example.com', password: DEMO_PASSWORD })).code).toBe(
      10021,
    );
    expect((await remove(org.token, a.userId)).code).toBe(10007);
    const listed = await members(org.token);
    expect(listed.list.some((u) => u.user_id === a.userId)).toBe(false);
    const deleted = await members(org.token, { status: -1 });
    expect(deleted.list.map((u) => u.user_id)).toEqual([a.userId]);
  });

  it("another organisation's admin, members and applicants get 402 and change nothing", async () => {
    const a = await newApplicant(t.app, 'victim@example.com', org.accountId);
    expect((await setStatus(otherAdmin, a.userId, 1)).code).toBe(402);
    expect((await remove(otherAdmin, a.userId)).code).toBe(402);
    expect((await setStatus(otherAdmin, org.userId, 2)).code).toBe(402);
    const otherList = await members(otherAdmin);
    expect(otherList.list.some((u) => u.user_id === a.userId)).toBe(false);
    // A plain member (68) of the demo organisation, and the applicant itself.
    const member = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    expect((await answer(m.list, {}, member)).code).toBe(402);
    expect((await setStatus(a.token, a.userId, 1)).code).toBe(402);
    // Unknown ids look the same as other organisations' ids.
    expect((await setStatus(org.token, 999999, 1)).code).toBe(402);
    expect((await userRow(t.app, a.userId)).status).toBe(3);
    expect((await userRow(t.app, org.userId)).status).toBe(1);
    expect((await answer(m.list, {}, null)).code).toBe(603);
  });

  it('operations staff (70) manage only their own organisation', async () => {
    // ops@example.com (role 70) manages its own organisation, whose only member it is.
    const ops = await loginAs(t.app, 'ops@example.com', DEMO_PASSWORD);
    const own = await members(ops);
    expect(own.list.map((u) => u.email)).toEqual(['ops@example.com']);
    expect((await setStatus(ops, org.userId, 2)).code).toBe(402);
  });
});
