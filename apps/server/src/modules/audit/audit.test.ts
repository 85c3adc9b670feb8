/**
 * The audit log (issue 16 §3): each audited change writes exactly one entry (actor, organisation,
 * address, object, before and after) in its own transaction, so a refused or failed change writes
 * none; admins read their organisation's entries with filters and a CSV export, operations read all,
 * members nothing; no route edits entries.
 */
import { type EndpointQuery, endpoints } from '@portal/contracts/endpoints.ts';
import { desc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps } from '../../db/schema/inventory.ts';
import { auditLog } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import { DEMO_PASSWORD } from '../../demo/accounts.ts';
import { envelopeOf, failureOf } from '../../test/envelope.ts';
import { appForm, appIdByName, createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import { loginAs } from '../../test/login.ts';
import { testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('audit log on %s', (db) => {
  let inv: Inventory;
  let ids: { demo: number; member: number; ops: number };
  let demoCompany: number;

  beforeAll(async () => {
    inv = await createInventory({ db });
    const idOf = async (email: string) =>
      (await inv.app.db.select().from(users).where(eq(users.email, email)))[0] as typeof users.$inferSelect;
    const demo = await idOf('demo@example.com');
    ids = {
      demo: demo.id,
      member: (await idOf('member@example.com')).id,
      ops: (await idOf('ops@example.com')).id,
    };
    demoCompany = demo.company_id as number;
  }, 180_000);
  afterAll(async () => inv.close());

  const lastId = async () =>
    (await inv.app.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]
      ?.id ?? 0;
  const entriesAfter = (id: number) =>
    inv.app.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(auditLog.id);

  /** Runs `change` and answers the entries it wrote. */
  async function audited(change: () => Promise<{ code: number }>, expectCode = 0) {
    const before = await lastId();
    const res = await change();
    expect(res.code).toBe(expectCode);
    return entriesAfter(before);
  }

  it('each change of apps, ad slots, statuses, members, roles and data permissions writes one entry', async () => {
    const created = await audited(() =>
      inv.endpointAnswer(endpoints.apps.create, { body: appForm('com.audit.first') }, inv.tokens.demo),
    );
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      actor_id: ids.demo,
      company_id: demoCompany,
      object_type: 'app',
      action: 'create',
      before: null,
      ip: '127.0.0.1',
    });
    const appId = Number(created[0]?.object_id);
    expect((created[0]?.after as { package_name?: string } | undefined)?.package_name).toBe(
      'com.audit.first',
    );

    const edited = await audited(() =>
      inv.endpointAnswer(
        endpoints.apps.update,
        { body: { id: appId, ...appForm('com.audit.first', 'Renamed') } },
        inv.tokens.demo,
      ),
    );
    expect(edited.map((e) => [e.action, e.before, e.after])).toEqual([
      ['update', { app_name: 'first' }, { app_name: 'Renamed' }],
    ]);
    const approved = await audited(() =>
      inv.endpointAnswer(endpoints.apps.setStatus, { body: { id: appId, audit_status: 2 } }, inv.tokens.ops),
    );
    expect(approved.map((e) => [e.actor_id, e.company_id, e.action, e.before, e.after])).toEqual([
      [ids.ops, demoCompany, 'status', { audit_status: 1 }, { audit_status: 2 }],
    ]);

    const slot = await audited(() =>
      inv.endpointAnswer(
        endpoints.placements.create,
        {
          body: {
            app: { id: appId },
            adpos_name: 'Audit Banner',
            ad_style: 3,
            content_type: [2],
          },
        },
        inv.tokens.demo,
      ),
    );
    expect(slot.map((e) => [e.object_type, e.action])).toEqual([['adpos', 'create']]);
    const slotId = Number(slot[0]?.object_id);
    const renamed = await audited(() =>
      inv.endpointAnswer(
        endpoints.placements.update,
        {
          body: {
            adpos_id: slotId,
            app: { id: appId },
            adpos_name: 'Audit Banner 2',
            ad_style: 3,
            content_type: [2],
          },
        },
        inv.tokens.demo,
      ),
    );
    expect(renamed.map((e) => [e.action, e.after])).toEqual([['update', { adpos_name: 'Audit Banner 2' }]]);
    expect(
      (
        await audited(() =>
          inv.endpointAnswer(
            endpoints.placements.setStatus,
            { body: { id: slotId, audit_status: 2 } },
            inv.tokens.ops,
          ),
        )
      ).length,
    ).toBe(1);
    expect(
      (
        await audited(() =>
          inv.endpointAnswer(
            endpoints.placements.remove,
            { body: { id: slotId, status: -1 } },
            inv.tokens.demo,
          ),
        )
      ).map((e) => [e.object_type, e.action, e.after]),
    ).toEqual([['adpos', 'delete', { audit_status: -1 }]]);
    expect(
      (
        await audited(() =>
          inv.endpointAnswer(endpoints.apps.remove, { body: { id: appId, status: -1 } }, inv.tokens.demo),
        )
      ).map((e) => [e.object_type, e.action]),
    ).toEqual([['app', 'delete']]);

    const perms = await audited(() =>
      inv.endpointAnswer(
        endpoints.members.setDataPermission,
        {
          body: {
            user_id: ids.member,
            permissions: [],
          },
        },
        inv.tokens.demo,
      ),
    );
    expect(perms.map((e) => [e.object_type, e.object_id, e.after])).toEqual([
      ['data_permission', String(ids.member), { permissions: [] }],
    ]);
    expect(
      (perms[0]?.before as { permissions: unknown[] } | undefined)?.permissions.length ?? 0,
    ).toBeGreaterThan(0);
    const role = await audited(() =>
      inv.endpointAnswer(
        endpoints.members.setRoles,
        { body: { user_id: ids.member, role_ids: [67] } },
        inv.tokens.demo,
      ),
    );
    expect(role.map((e) => [e.object_type, e.before, e.after])).toEqual([
      ['role', { role_ids: [68] }, { role_ids: [67] }],
    ]);
    await inv.callEndpoint(
      endpoints.members.setRoles,
      {
        body: {
          user_id: ids.member,
          role_ids: [68],
        },
      },
      inv.tokens.demo,
    );
    const inactivated = await audited(() =>
      inv.endpointAnswer(
        endpoints.members.setStatus,
        { body: { user_id: ids.member, status: 2 } },
        inv.tokens.demo,
      ),
    );
    expect(inactivated.map((e) => [e.object_type, e.action, e.before, e.after])).toEqual([
      ['member', 'status', { status: 1 }, { status: 2 }],
    ]);
    await inv.callEndpoint(
      endpoints.members.setStatus,
      { body: { user_id: ids.member, status: 1 } },
      inv.tokens.demo,
    );
  });

  it('records the client address of the request', async () => {
    const appId = await appIdByName(inv, 'Puzzle Quest Saga');
    const before = await lastId();
    const res = await inv.callEndpoint(
      endpoints.apps.setStatus,
      { body: { id: appId, audit_status: 3 }, remoteAddress: '203.0.113.7' },
      inv.tokens.demo,
    );
    expect(res.audit_status).toBe(3);
    expect((await entriesAfter(before)).map((e) => e.ip)).toEqual(['203.0.113.7']);
    await inv.callEndpoint(
      endpoints.apps.setStatus,
      { body: { id: appId, audit_status: 2 } },
      inv.tokens.demo,
    );
  });

  it('a refused or failed change writes no entry', async () => {
    const appId = await appIdByName(inv, 'Puzzle Quest Saga');
    // Refused: publishers cannot approve, a taken package name.
    expect(
      await audited(
        () =>
          inv.endpointAnswer(
            endpoints.apps.setStatus,
            { body: { id: appId, audit_status: 4 } },
            inv.tokens.demo,
          ),
        10007,
      ),
    ).toEqual([]);
    const [existing] = await inv.app.db.select().from(apps).where(eq(apps.id, appId));
    expect(
      await audited(
        () =>
          inv.endpointAnswer(
            endpoints.apps.create,
            { body: appForm(existing?.package_name ?? '') },
            inv.tokens.demo,
          ),
        10006,
      ),
    ).toEqual([]);
    // Failed after the entry was written: the to-do insert that follows it fails, so both roll back.
    await inv.app.db.execute(sql`create or replace function audit_test_fail() returns trigger as $$
      begin raise exception 'outbox down'; end $$ language plpgsql`);
    await inv.app.db.execute(
      sql`create trigger audit_test_fail before insert on todo_outbox for each row execute function audit_test_fail()`,
    );
    try {
      expect(
        await audited(
          () =>
            inv.endpointAnswer(
              endpoints.apps.setStatus,
              { body: { id: appId, audit_status: 3 } },
              inv.tokens.demo,
            ),
          602,
        ),
      ).toEqual([]);
      const [after] = await inv.app.db.select().from(apps).where(eq(apps.id, appId));
      expect(after?.audit_status).toBe(existing?.audit_status);
    } finally {
      await inv.app.db.execute(sql`drop trigger audit_test_fail on todo_outbox`);
    }
  });

  it('admins read their organisation with filters and export it; operations read all; members nothing', async () => {
    const auditList = endpoints.security.auditList;
    type AuditQuery = EndpointQuery<typeof auditList>;
    const read = (query: AuditQuery, token = inv.tokens.demo) =>
      inv.callEndpoint(auditList, { query }, token);
    const list = await read({ page_size: 100 });
    expect(list.total).toBeGreaterThan(5);
    expect(list.list.every((e) => e.company_id === demoCompany)).toBe(true);
    const times = list.list.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const byOps = await read({ actor_id: ids.ops, page_size: 100 });
    expect(byOps.list.length).toBeGreaterThan(0);
    expect(byOps.list.every((e) => e.actor_id === ids.ops)).toBe(true);
    expect(byOps.list[0]?.actor_email).toBe('ops@example.com');
    const slots = await read({ object_type: 'adpos', page_size: 100 });
    expect(slots.total).toBe(4);
    const today = inv.app.now().toISOString().slice(0, 10);
    const yesterday = new Date(inv.app.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    expect((await read({ start: today, end: today })).total).toBe(list.total);
    expect((await read({ end: yesterday })).total).toBe(0);
    expect(
      (await inv.callEndpointFailure(auditList, { query: { start: today, end: yesterday } }, inv.tokens.demo))
        .code,
    ).toBe(604);

    // Another organisation sees none of these; operations see them all.
    const other = await read({ page_size: 100 }, inv.tokens.other);
    expect(other.list.some((e) => e.company_id === demoCompany)).toBe(false);
    const ops = await read({ company_id: demoCompany, page_size: 1 }, inv.tokens.ops);
    expect(ops.total).toBe(list.total);
    // The member was inactivated and reactivated above, which ended its sessions.
    const member = await loginAs(inv.app, 'member@example.com', DEMO_PASSWORD);
    expect((await inv.callEndpointFailure(auditList, {}, member)).code).toBe(402);

    const csv = await inv.app.inject({
      method: 'GET',
      url: '/v1/audit/export',
      query: { object_type: 'adpos' },
      headers: { token: inv.tokens.demo },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,at,actor_id,actor_email,company_id,ip,object_type,object_id,action,before,after',
    );
    expect(lines).toHaveLength(5);
    expect(lines.slice(1).every((l) => l.includes(',adpos,'))).toBe(true);
    expect(
      failureOf(
        await inv.app.inject({
          method: 'GET',
          url: endpoints.security.auditExport.path,
          headers: { token: member },
        }),
      ).code,
    ).toBe(402);

    for (const method of ['PUT', 'DELETE', 'POST'] as const) {
      const res = await inv.app.inject({
        method,
        url: '/v1/audit/list',
        headers: { token: inv.tokens.ops },
        payload: {},
      });
      expect(envelopeOf(res).code).not.toBe(0);
    }
  });
});
