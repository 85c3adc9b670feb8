import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForm, appIdByName, createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import { newApplicant, newLoner, userRow } from '../../test/org.ts';
import { testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('organisation scope of apps and ad slots on %s', (db) => {
  let inv: Inventory;
  let demoApp: number;
  let demoSlot: number;
  beforeAll(async () => {
    inv = await createInventory({ db });
    demoApp = await appIdByName(inv, 'Merge Kingdom');
    demoSlot = (await inv.call('GET', '/v1/adpos', inv.tokens.demo, { app_id: demoApp })).data.list[0]
      .adpos_id;
  }, 180_000);
  afterAll(async () => inv.close());

  /** Every endpoint that takes an app or ad slot id, called with Demo Games' ids. */
  const probes = (): [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, Record<string, unknown>][] => [
    ['app edit', 'PUT', '/v1/app', { id: demoApp, ...appForm('com.demogames.mergekingdom', 'Taken') }],
    ['app status', 'PUT', '/v1/app/status', { id: demoApp, audit_status: 3 }],
    ['app delete', 'DELETE', '/v1/app', { id: demoApp, status: -1 }],
    ['name exist', 'GET', '/v1/app/channel_name_exist', { app_name: 'x', id: demoApp }],
    ['pkg exist', 'GET', '/v1/app/pkg_exist', { package_name: 'x', id: demoApp }],
    ['url valid', 'GET', '/v1/app/urlvalid', { url: 'https://example.com', is_online: 2, id: demoApp }],
    [
      'adpos create',
      'POST',
      '/v1/adpos',
      { app: { id: demoApp }, adpos_name: 'Mine', ad_style: 1, content_type: [5] },
    ],
    [
      'adpos edit',
      'PUT',
      '/v1/adpos',
      { adpos_id: demoSlot, app: { id: demoApp }, adpos_name: 'Mine', ad_style: 1, content_type: [5] },
    ],
    ['adpos status', 'PUT', '/v1/adpos/status', { id: demoSlot, audit_status: 3 }],
    ['adpos delete', 'DELETE', '/v1/adpos', { id: demoSlot }],
    ['adpos name exist', 'GET', '/v1/adpos/name_exist', { app_id: demoApp, adpos_name: 'x' }],
    [
      'adpos name exist (slot)',
      'GET',
      '/v1/adpos/name_exist',
      { app_id: demoApp, adpos_name: 'x', adpos_id: demoSlot },
    ],
  ];

  it('answers 402 to another organisation for every endpoint that names an id, and changes nothing', async () => {
    const before = await inv.call('GET', '/v1/app', inv.tokens.ops, { page_size: 1000 });
    for (const [what, method, url, payload] of probes()) {
      const res = await inv.call(method, url, inv.tokens.other, payload);
      expect(res.code, what).toBe(402);
    }
    // An id that does not exist answers the same, so ids cannot be probed.
    expect(
      (await inv.call('PUT', '/v1/app/status', inv.tokens.other, { id: 999999, audit_status: 3 })).code,
    ).toBe(402);
    const after = await inv.call('GET', '/v1/app', inv.tokens.ops, { page_size: 1000 });
    expect(after.data).toEqual(before.data);
    expect((await inv.call('GET', '/v1/adpos', inv.tokens.other, { adpos_id: demoSlot })).data.total).toBe(0);
    expect(
      (await inv.call('GET', '/v1/app', inv.tokens.other, { app_name: 'Merge Kingdom' })).data.total,
    ).toBe(0);
    const options = await inv.call('GET', '/v1/app/list', inv.tokens.other);
    expect(options.data.map((o: { id: number }) => o.id)).not.toContain(demoApp);
  });

  it('lets the owner and operations use the same ids', async () => {
    expect(
      (await inv.call('GET', '/v1/app/channel_name_exist', inv.tokens.demo, { app_name: 'x', id: demoApp }))
        .code,
    ).toBe(0);
    expect(
      (await inv.call('GET', '/v1/adpos/name_exist', inv.tokens.ops, { app_id: demoApp, adpos_name: 'x' }))
        .code,
    ).toBe(0);
    expect(
      (await inv.call('PUT', '/v1/adpos/status', inv.tokens.ops, { id: demoSlot, audit_status: 3 })).code,
    ).toBe(0);
  });

  it('answers 402 to a member (role 68) and 601 without an organisation or while pending', async () => {
    const urls: [string, 'GET' | 'POST'][] = [
      ['/v1/app', 'GET'],
      ['/v1/app/list', 'GET'],
      ['/v1/adpos', 'GET'],
      ['/v1/adpos/type', 'GET'],
      ['/v1/app', 'POST'],
    ];
    const loner = await newLoner(inv.app, 'loner@example.com');
    const demoAccount = (await userRow(inv.app, (await userIdOf('demo@example.com')) as number))
      .account_id as number;
    const pending = await newApplicant(inv.app, 'pending@example.com', demoAccount);
    for (const [url, method] of urls) {
      const payload = method === 'POST' ? appForm('com.nobody.app') : undefined;
      expect((await inv.call(method, url, inv.tokens.member, payload)).code, `member ${url}`).toBe(402);
      expect((await inv.call(method, url, loner.token, payload)).code, `loner ${url}`).toBe(601);
      expect((await inv.call(method, url, pending.token, payload)).code, `pending ${url}`).toBe(601);
      expect((await inv.call(method, url, null, payload)).code, `anonymous ${url}`).toBe(603);
    }
    for (const url of ['/v1/ops/review', '/v1/ops/todo', '/v1/ops/profit_center', '/v1/ops/company/list']) {
      expect((await inv.call('GET', url, inv.tokens.demo)).code, url).toBe(402);
    }
  });

  async function userIdOf(email: string) {
    const { users } = await import('../../db/schema/users.ts');
    const { eq } = await import('drizzle-orm');
    const [row] = await inv.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row?.id;
  }
});
