import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForm, createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('ad slot integration panel on %s', (db) => {
  let inv: Inventory;
  beforeAll(async () => {
    inv = await createInventory({
      db,
      env: { SDK_VERSION: '7.1.3', SDK_GUIDE_URL: 'https://docs.example.net/sdk' },
    });
  }, 180_000);
  afterAll(async () => inv.close());

  it('says what is pending until operations approve, then shows the app key', async () => {
    const app = await inv.call('POST', '/v1/app', inv.tokens.demo, appForm('com.example.panel', 'Panel App'));
    expect(app.code).toBe(0);
    const slot = await inv.call('POST', '/v1/adpos', inv.tokens.demo, {
      app: { id: app.data.id },
      adpos_name: 'Reward',
      ad_style: 6,
      content_type: [3],
    });
    expect(slot.code).toBe(0);
    const id = slot.data.adpos_id;
    const panel = () => inv.call('GET', '/v1/adpos/integration', inv.tokens.demo, { adpos_id: id });

    const before = await panel();
    expect(before.data).toMatchObject({
      adpos_id: id,
      ad_style: 6,
      app: { id: app.data.id, app_key: null, platform: 1 },
      sdk: { version: '7.1.3', guide_url: 'https://docs.example.net/sdk' },
      ready: false,
      pending: ['app_review', 'placement_review'],
      test_devices: 0,
    });

    await inv.call('POST', '/v1/test_devices', inv.tokens.demo, {
      advertising_id: '38400000-8cf0-11bd-b23e-10b96e40000d',
      name: 'Phone',
      platform: 1,
    });
    expect(
      (await inv.call('PUT', '/v1/app/status', inv.tokens.ops, { id: app.data.id, audit_status: 2 })).code,
    ).toBe(0);
    const mid = await panel();
    expect(mid.data.app.app_key).toMatch(/^[0-9a-f]{32}$/);
    expect(mid.data.pending).toEqual(['placement_review']);
    expect(mid.data.test_devices).toBe(1);

    expect((await inv.call('PUT', '/v1/adpos/status', inv.tokens.ops, { id, audit_status: 2 })).code).toBe(0);
    expect((await panel()).data).toMatchObject({ ready: true, pending: [] });
  });

  it('keeps other organisations, members and bad ids out', async () => {
    const list = await inv.call('GET', '/v1/adpos', inv.tokens.demo, { page_size: 1 });
    const id = list.data.list[0].adpos_id;
    expect((await inv.call('GET', '/v1/adpos/integration', inv.tokens.other, { adpos_id: id })).code).toBe(
      402,
    );
    expect((await inv.call('GET', '/v1/adpos/integration', inv.tokens.member, { adpos_id: id })).code).toBe(
      402,
    );
    expect((await inv.call('GET', '/v1/adpos/integration', inv.tokens.demo, { adpos_id: 'x' })).code).toBe(
      604,
    );
    expect((await inv.call('GET', '/v1/adpos/integration', inv.tokens.demo, { adpos_id: 1e12 })).code).toBe(
      604,
    );
    expect((await inv.call('GET', '/v1/adpos/integration', inv.tokens.ops, { adpos_id: 999999 })).code).toBe(
      10008,
    );
  });
});
