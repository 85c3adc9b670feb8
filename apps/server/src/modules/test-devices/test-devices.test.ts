import { endpoints } from '@portal/contracts/endpoints.ts';
import { signFields } from '@portal/contracts/sign.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureEnvelope } from '../../lib/route-schema.ts';
import { envelopeOf, failureOf } from '../../test/envelope.ts';
import { createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import { errorFields, type FailureAnswer } from '../../test/json-caller.ts';
import { testDbKinds } from '../../test/test-app.ts';

const GAID = '38400000-8CF0-11BD-B23E-10B96E40000D';
const t = endpoints.testDevices;

/** The first field error of a 604 (field and message). */
const firstError = (answer: FailureAnswer) =>
  answer.data && 'errors' in answer.data ? answer.data.errors[0] : undefined;

describe.each(testDbKinds)('test devices on %s', (db) => {
  let inv: Inventory;
  let clock = new Date('2026-03-01T00:00:00.000Z');
  beforeAll(async () => {
    inv = await createInventory({ db, now: () => clock, env: { EXTERNAL_API_KEYS: 'adserver:s3cret' } });
  }, 180_000);
  afterAll(async () => inv.close());

  /** Success data of an endpoint, parsed by its schema (json-caller.ts); `fail` its failure envelope. */
  const call: Inventory['callEndpoint'] = (...args) => inv.callEndpoint(...args);
  const fail: Inventory['callEndpointFailure'] = (...args) => inv.callEndpointFailure(...args);
  const device = (advertising_id: string, name: string, platform: number) => ({
    body: { advertising_id, name, platform },
  });

  /** The signed ad server call, parsed by the entry's answer schema. */
  const external = async (fields: Record<string, unknown> = {}) => {
    const all = { partner_id: 'adserver', timestamp: Math.floor(clock.getTime() / 1000), ...fields };
    const query = { ...all, sign: await signFields('s3cret', all) };
    const res = await inv.app.inject({
      url: '/external_api/test_devices',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
    const answer = envelopeOf(res);
    expect(answer.code).toBe(0);
    return endpoints.external.testDevices.data.parse(answer.data);
  };

  it('lets an admin add, list, edit and remove devices; IDs are stored lower-case', async () => {
    const added = await call(t.create, device(` ${GAID} `, 'Pixel 8', 1), inv.tokens.demo);
    expect(added).toMatchObject({
      advertising_id: GAID.toLowerCase(),
      name: 'Pixel 8',
      platform: 1,
      added_at: clock.toISOString(),
    });
    expect(added.added_by).not.toBe('');
    expect((await fail(t.create, device(GAID.toLowerCase(), 'again', 1), inv.tokens.demo)).code).toBe(10150);
    const params = { id: added.id };
    const edited = await call(t.update, { params, ...device(GAID, 'Pixel 8 Pro', 1) }, inv.tokens.demo);
    expect(edited.name).toBe('Pixel 8 Pro');
    const list = await call(t.list, {}, inv.tokens.demo);
    expect(list.list.map((d) => d.name)).toContain('Pixel 8 Pro');
    expect(await call(t.remove, { params }, inv.tokens.demo)).toBeNull();
    expect((await fail(t.remove, { params }, inv.tokens.demo)).code).toBe(10008);
    const after = await call(t.list, {}, inv.tokens.demo);
    expect(after.list.some((d) => d.id === added.id)).toBe(false);
  });

  it('refuses malformed, zero and oversized input with 604 field errors in the caller language', async () => {
    const bad = async (body: Record<string, unknown>, lang: 'en' | 'zh-CN' = 'en') =>
      // Bodies the schema refuses, sent raw.
      failureEnvelope.parse(await inv.sendRaw('POST', t.create.path, inv.tokens.demo, body, lang));
    const notUuid = await bad({ advertising_id: 'abc', name: 'x', platform: 1 });
    expect(notUuid.code).toBe(604);
    expect(firstError(notUuid)).toMatchObject({
      field: 'advertising_id',
      message: expect.stringContaining('GAID'),
    });
    const zh = await bad({ advertising_id: 'abc', name: 'x', platform: 1 }, 'zh-CN');
    expect(firstError(zh)?.message).toContain('广告 ID');
    const zero = await bad({
      advertising_id: '00000000-0000-0000-0000-000000000000',
      name: 'x',
      platform: 2,
    });
    expect(firstError(zero)?.message).toContain('all-zero');
    expect(errorFields(await bad({ advertising_id: GAID, name: '', platform: 1 }))[0]).toBe('name');
    expect((await bad({ advertising_id: GAID, name: 'a\uD800b', platform: 1 })).code).toBe(604);
    expect(errorFields(await bad({ advertising_id: GAID, name: 'x', platform: 3 }))[0]).toBe('platform');
    expect((await bad({ advertising_id: 'x'.repeat(5000), name: 'x', platform: 1 })).code).toBe(604);
    expect((await bad({ advertising_id: GAID, name: 'a\u0000b', platform: 1 })).code).toBe(604);
    expect((await call(t.list, {}, inv.tokens.demo)).list).toHaveLength(0);
  });

  it('scopes devices to the caller organisation; members and operations get 402', async () => {
    const mine = await call(t.create, device(GAID, 'Demo phone', 1), inv.tokens.demo);
    expect((await call(t.list, {}, inv.tokens.other)).list).toEqual([]);
    const params = { id: mine.id };
    expect((await fail(t.update, { params, ...device(GAID, 'x', 1) }, inv.tokens.other)).code).toBe(10008);
    expect((await fail(t.remove, { params }, inv.tokens.other)).code).toBe(10008);
    // The same ID may be a test device of another organisation too.
    expect((await call(t.create, device(GAID, 'O', 1), inv.tokens.other)).name).toBe('O');
    expect((await fail(t.list, {}, inv.tokens.member)).code).toBe(402);
    expect((await fail(t.list, {}, inv.tokens.ops)).code).toBe(402);
    expect((await fail(t.list, {}, null)).code).toBe(603);
  });

  it('serves every device to the signed ad server call, with a change time to poll against', async () => {
    expect(failureOf(await inv.app.inject({ url: endpoints.external.testDevices.path })).code).toBe(10003);
    const first = await external();
    expect(first.changed).toBe(true);
    expect(first.list.filter((d) => d.advertising_id === GAID.toLowerCase())).toHaveLength(2);
    const same = await external({ since: first.updated_at });
    expect(same).toEqual({ updated_at: first.updated_at, changed: false, list: [] });
    // A removal is a change too.
    clock = new Date(clock.getTime() + 5_000);
    const mine = (await call(t.list, {}, inv.tokens.demo)).list[0];
    if (!mine) throw new Error('no device');
    await call(t.remove, { params: { id: mine.id } }, inv.tokens.demo);
    const next = await external({ since: first.updated_at });
    expect(next.changed).toBe(true);
    expect(next.updated_at).toBe(clock.toISOString());
    expect(next.list).toHaveLength(first.list.length - 1);
    // A malformed `since` answers the full list, never an error.
    expect((await external({ since: 'yesterday' })).changed).toBe(true);
  });
});
