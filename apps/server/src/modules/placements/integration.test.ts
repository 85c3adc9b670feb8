import { endpoints } from '@portal/contracts/endpoints.ts';
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
    const app = await inv.callEndpoint(
      endpoints.apps.create,
      { body: appForm('com.example.panel', 'Panel App') },
      inv.tokens.demo,
    );
    const slot = await inv.callEndpoint(
      endpoints.placements.create,
      {
        body: {
          app: { id: app.id },
          adpos_name: 'Reward',
          ad_style: 6,
          content_type: [3],
        },
      },
      inv.tokens.demo,
    );
    const id = slot.adpos_id;
    const panel = () =>
      inv.callEndpoint(endpoints.placements.integration, { query: { adpos_id: id } }, inv.tokens.demo);

    const before = await panel();
    expect(before).toMatchObject({
      adpos_id: id,
      ad_style: 6,
      app: { id: app.id, app_key: null, platform: 1 },
      sdk: { version: '7.1.3', guide_url: 'https://docs.example.net/sdk' },
      ready: false,
      pending: ['app_review', 'placement_review'],
      test_devices: 0,
    });

    await inv.callEndpoint(
      endpoints.testDevices.create,
      {
        body: {
          advertising_id: '38400000-8cf0-11bd-b23e-10b96e40000d',
          name: 'Phone',
          platform: 1,
        },
      },
      inv.tokens.demo,
    );
    expect(
      (
        await inv.endpointAnswer(
          endpoints.apps.setStatus,
          { body: { id: app.id, audit_status: 2 } },
          inv.tokens.ops,
        )
      ).code,
    ).toBe(0);
    const mid = await panel();
    expect(mid.app.app_key).toMatch(/^[0-9a-f]{32}$/);
    expect(mid.pending).toEqual(['placement_review']);
    expect(mid.test_devices).toBe(1);

    expect(
      (
        await inv.endpointAnswer(
          endpoints.placements.setStatus,
          { body: { id, audit_status: 2 } },
          inv.tokens.ops,
        )
      ).code,
    ).toBe(0);
    expect(await panel()).toMatchObject({ ready: true, pending: [] });
  });

  it('keeps other organisations, members and bad ids out', async () => {
    const list = await inv.callEndpoint(
      endpoints.placements.list,
      { query: { page_size: 1 } },
      inv.tokens.demo,
    );
    const id = list.list[0]?.adpos_id;
    /** The failure code of the integration panel's request for `adpos_id` as `token`. */
    const refusal = async (adpos_id: unknown, token: string) =>
      (await inv.callEndpointFailure(endpoints.placements.integration, { query: { adpos_id } }, token)).code;
    expect(await refusal(id, inv.tokens.other)).toBe(402);
    expect(await refusal(id, inv.tokens.member)).toBe(402);
    expect(await refusal('x', inv.tokens.demo)).toBe(604);
    expect(await refusal(1e12, inv.tokens.demo)).toBe(604);
    expect(await refusal(999999, inv.tokens.ops)).toBe(10008);
  });
});
