import { signFields } from '@portal/contracts/sign.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';

const GAID = '38400000-8CF0-11BD-B23E-10B96E40000D';

describe.each(testDbKinds)('test devices on %s', (db) => {
  let inv: Inventory;
  let clock = new Date('2026-03-01T00:00:00.000Z');
  beforeAll(async () => {
    inv = await createInventory({ db, now: () => clock, env: { EXTERNAL_API_KEYS: 'adserver:s3cret' } });
  }, 180_000);
  afterAll(async () => inv.close());

  const external = async (fields: Record<string, unknown> = {}) => {
    const all = { partner_id: 'adserver', timestamp: Math.floor(clock.getTime() / 1000), ...fields };
    const query = { ...all, sign: await signFields('s3cret', all) };
    const res = await inv.app.inject({
      url: '/external_api/test_devices',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
    return res.json();
  };

  it('lets an admin add, list, edit and remove devices; IDs are stored lower-case', async () => {
    const added = await inv.call('POST', '/v1/test_devices', inv.tokens.demo, {
      advertising_id: ` ${GAID} `,
      name: 'Pixel 8',
      platform: 1,
    });
    expect(added).toMatchObject({
      code: 0,
      data: {
        advertising_id: GAID.toLowerCase(),
        name: 'Pixel 8',
        platform: 1,
        added_at: clock.toISOString(),
      },
    });
    expect(added.data.added_by).not.toBe('');
    expect(
      (
        await inv.call('POST', '/v1/test_devices', inv.tokens.demo, {
          advertising_id: GAID.toLowerCase(),
          name: 'again',
          platform: 1,
        })
      ).code,
    ).toBe(10150);
    const edited = await inv.call('PUT', `/v1/test_devices/${added.data.id}`, inv.tokens.demo, {
      advertising_id: GAID,
      name: 'Pixel 8 Pro',
      platform: 1,
    });
    expect(edited.data.name).toBe('Pixel 8 Pro');
    const list = await inv.call('GET', '/v1/test_devices', inv.tokens.demo);
    expect(list.data.list.map((d: { name: string }) => d.name)).toContain('Pixel 8 Pro');
    expect((await inv.call('DELETE', `/v1/test_devices/${added.data.id}`, inv.tokens.demo)).code).toBe(0);
    expect((await inv.call('DELETE', `/v1/test_devices/${added.data.id}`, inv.tokens.demo)).code).toBe(10008);
    const after = await inv.call('GET', '/v1/test_devices', inv.tokens.demo);
    expect(after.data.list.some((d: { id: number }) => d.id === added.data.id)).toBe(false);
  });

  it('refuses malformed, zero and oversized input with 604 field errors in the caller language', async () => {
    const bad = async (body: Record<string, unknown>, lang: 'en' | 'zh-CN' = 'en') =>
      inv.call('POST', '/v1/test_devices', inv.tokens.demo, body, lang);
    const notUuid = await bad({ advertising_id: 'abc', name: 'x', platform: 1 });
    expect(notUuid.code).toBe(604);
    expect(notUuid.data.errors[0]).toMatchObject({
      field: 'advertising_id',
      message: expect.stringContaining('GAID'),
    });
    const zh = await bad({ advertising_id: 'abc', name: 'x', platform: 1 }, 'zh-CN');
    expect(zh.data.errors[0].message).toContain('广告 ID');
    const zero = await bad({
      advertising_id: '00000000-0000-0000-0000-000000000000',
      name: 'x',
      platform: 2,
    });
    expect(zero.data.errors[0].message).toContain('all-zero');
    expect((await bad({ advertising_id: GAID, name: '', platform: 1 })).data.errors[0].field).toBe('name');
    expect((await bad({ advertising_id: GAID, name: 'a\uD800b', platform: 1 })).code).toBe(604);
    expect((await bad({ advertising_id: GAID, name: 'x', platform: 3 })).data.errors[0].field).toBe(
      'platform',
    );
    expect((await bad({ advertising_id: 'x'.repeat(5000), name: 'x', platform: 1 })).code).toBe(604);
    expect((await bad({ advertising_id: GAID, name: 'a\u0000b', platform: 1 })).code).toBe(604);
    expect((await inv.call('GET', '/v1/test_devices', inv.tokens.demo)).data.list).toHaveLength(0);
  });

  it('scopes devices to the caller organisation; members and operations get 402', async () => {
    const mine = await inv.call('POST', '/v1/test_devices', inv.tokens.demo, {
      advertising_id: GAID,
      name: 'Demo phone',
      platform: 1,
    });
    expect(mine.code).toBe(0);
    expect((await inv.call('GET', '/v1/test_devices', inv.tokens.other)).data.list).toEqual([]);
    const id = mine.data.id;
    expect(
      (
        await inv.call('PUT', `/v1/test_devices/${id}`, inv.tokens.other, {
          advertising_id: GAID,
          name: 'x',
          platform: 1,
        })
      ).code,
    ).toBe(10008);
    expect((await inv.call('DELETE', `/v1/test_devices/${id}`, inv.tokens.other)).code).toBe(10008);
    // The same ID may be a test device of another organisation too.
    expect(
      (
        await inv.call('POST', '/v1/test_devices', inv.tokens.other, {
          advertising_id: GAID,
          name: 'O',
          platform: 1,
        })
      ).code,
    ).toBe(0);
    expect((await inv.call('GET', '/v1/test_devices', inv.tokens.member)).code).toBe(402);
    expect((await inv.call('GET', '/v1/test_devices', inv.tokens.ops)).code).toBe(402);
    expect((await inv.call('GET', '/v1/test_devices', null)).code).toBe(603);
  });

  it('serves every device to the signed ad server call, with a change time to poll against', async () => {
    expect((await inv.app.inject({ url: '/external_api/test_devices' })).json().code).toBe(10003);
    const first = await external();
    expect(first.code).toBe(0);
    expect(first.data.changed).toBe(true);
    expect(
      first.data.list.filter((d: { advertising_id: string }) => d.advertising_id === GAID.toLowerCase()),
    ).toHaveLength(2);
    const same = await external({ since: first.data.updated_at });
    expect(same.data).toEqual({ updated_at: first.data.updated_at, changed: false, list: [] });
    // A removal is a change too.
    clock = new Date(clock.getTime() + 5_000);
    const mine = (await inv.call('GET', '/v1/test_devices', inv.tokens.demo)).data.list[0];
    await inv.call('DELETE', `/v1/test_devices/${mine.id}`, inv.tokens.demo);
    const next = await external({ since: first.data.updated_at });
    expect(next.data.changed).toBe(true);
    expect(next.data.updated_at).toBe(clock.toISOString());
    expect(next.data.list).toHaveLength(first.data.list.length - 1);
    // A malformed `since` answers the full list, never an error.
    expect((await external({ since: 'yesterday' })).data.changed).toBe(true);
  });
});
