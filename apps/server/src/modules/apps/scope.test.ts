import { endpoints } from '@portal/contracts/endpoints.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForm, appIdByName, createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import type { FailureAnswer } from '../../test/json-caller.ts';
import { newApplicant, newLoner, userRow } from '../../test/org.ts';
import { testDbKinds } from '../../test/test-app.ts';

const { apps, placements, ops } = endpoints;

describe.each(testDbKinds)('organisation scope of apps and ad slots on %s', (db) => {
  let inv: Inventory;
  let demoApp: number;
  let demoSlot: number;
  beforeAll(async () => {
    inv = await createInventory({ db });
    demoApp = await appIdByName(inv, 'Merge Kingdom');
    const slots = await inv.callEndpoint(placements.list, { query: { app_id: demoApp } }, inv.tokens.demo);
    const first = slots.list[0];
    if (!first) throw new Error('Merge Kingdom has no ad slot');
    demoSlot = first.adpos_id;
  }, 180_000);
  afterAll(async () => inv.close());

  type Probe = [string, (token: string | null) => Promise<FailureAnswer>];
  /** Every endpoint that takes an app or ad slot id, called with Demo Games' ids (each expected to fail). */
  const probes = (): Probe[] => {
    const fail = inv.callEndpointFailure;
    const slot = { app: { id: demoApp }, adpos_name: 'Mine', ad_style: 1, content_type: [5] };
    return [
      [
        'app edit',
        (t) =>
          fail(apps.update, { body: { id: demoApp, ...appForm('com.demogames.mergekingdom', 'Taken') } }, t),
      ],
      ['app status', (t) => fail(apps.setStatus, { body: { id: demoApp, audit_status: 3 } }, t)],
      ['app delete', (t) => fail(apps.remove, { body: { id: demoApp, status: -1 } }, t)],
      ['name exist', (t) => fail(apps.nameExists, { query: { app_name: 'x', id: demoApp } }, t)],
      ['pkg exist', (t) => fail(apps.packageExists, { query: { package_name: 'x', id: demoApp } }, t)],
      [
        'url valid',
        (t) => fail(apps.urlValid, { query: { url: 'https://example.com', is_online: 2, id: demoApp } }, t),
      ],
      ['adpos create', (t) => fail(placements.create, { body: slot }, t)],
      ['adpos edit', (t) => fail(placements.update, { body: { adpos_id: demoSlot, ...slot } }, t)],
      ['adpos status', (t) => fail(placements.setStatus, { body: { id: demoSlot, audit_status: 3 } }, t)],
      ['adpos delete', (t) => fail(placements.remove, { body: { id: demoSlot } }, t)],
      [
        'adpos name exist',
        (t) => fail(placements.nameExists, { query: { app_id: demoApp, adpos_name: 'x' } }, t),
      ],
      [
        'adpos name exist (slot)',
        (t) =>
          fail(placements.nameExists, { query: { app_id: demoApp, adpos_name: 'x', adpos_id: demoSlot } }, t),
      ],
    ];
  };

  it('answers 402 to another organisation for every endpoint that names an id, and changes nothing', async () => {
    const allApps = () => inv.callEndpoint(apps.list, { query: { page_size: 1000 } }, inv.tokens.ops);
    const before = await allApps();
    for (const [what, probe] of probes()) {
      const res = await probe(inv.tokens.other);
      expect(res.code, what).toBe(402);
    }
    // An id that does not exist answers the same, so ids cannot be probed.
    expect(
      (
        await inv.callEndpointFailure(
          apps.setStatus,
          { body: { id: 999999, audit_status: 3 } },
          inv.tokens.other,
        )
      ).code,
    ).toBe(402);
    expect(await allApps()).toEqual(before);
    expect(
      (await inv.callEndpoint(placements.list, { query: { adpos_id: demoSlot } }, inv.tokens.other)).total,
    ).toBe(0);
    expect(
      (await inv.callEndpoint(apps.list, { query: { app_name: 'Merge Kingdom' } }, inv.tokens.other)).total,
    ).toBe(0);
    const options = await inv.callEndpoint(apps.options, {}, inv.tokens.other);
    expect(options.map((o) => o.id)).not.toContain(demoApp);
  });

  it('lets the owner and operations use the same ids', async () => {
    // Each answers success (callEndpoint throws on any other code), its data parsed by the entry.
    expect(
      await inv.callEndpoint(apps.nameExists, { query: { app_name: 'x', id: demoApp } }, inv.tokens.demo),
    ).toEqual({ exist: false });
    expect(
      await inv.callEndpoint(
        placements.nameExists,
        { query: { app_id: demoApp, adpos_name: 'x' } },
        inv.tokens.ops,
      ),
    ).toEqual({ exist: false });
    expect(
      (
        await inv.callEndpoint(
          placements.setStatus,
          { body: { id: demoSlot, audit_status: 3 } },
          inv.tokens.ops,
        )
      ).audit_status,
    ).toBe(3);
  });

  it('answers 402 to a member (role 68) and 601 without an organisation or while pending', async () => {
    const fail = inv.callEndpointFailure;
    const calls: [string, (token: string | null) => Promise<FailureAnswer>][] = [
      ['GET /v1/app', (t) => fail(apps.list, {}, t)],
      ['GET /v1/app/list', (t) => fail(apps.options, {}, t)],
      ['GET /v1/adpos', (t) => fail(placements.list, {}, t)],
      ['GET /v1/adpos/type', (t) => fail(placements.types, {}, t)],
      ['POST /v1/app', (t) => fail(apps.create, { body: appForm('com.nobody.app') }, t)],
    ];
    const loner = await newLoner(inv.app, 'loner@example.com');
    const demoAccount = (await userRow(inv.app, (await userIdOf('demo@example.com')) as number))
      .account_id as number;
    const pending = await newApplicant(inv.app, 'pending@example.com', demoAccount);
    for (const [url, call] of calls) {
      expect((await call(inv.tokens.member)).code, `member ${url}`).toBe(402);
      expect((await call(loner.token)).code, `loner ${url}`).toBe(601);
      expect((await call(pending.token)).code, `pending ${url}`).toBe(601);
      expect((await call(null)).code, `anonymous ${url}`).toBe(603);
    }
    for (const entry of [ops.review, ops.todo, ops.profitCenters, ops.companies]) {
      expect((await fail(entry, {}, inv.tokens.demo)).code, entry.path).toBe(402);
    }
  });

  async function userIdOf(email: string) {
    const { users } = await import('../../db/schema/users.ts');
    const { eq } = await import('drizzle-orm');
    const [row] = await inv.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row?.id;
  }
});
