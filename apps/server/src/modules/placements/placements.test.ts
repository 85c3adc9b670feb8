import { type EndpointBody, type EndpointQuery, endpoints } from '@portal/contracts/endpoints.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureEnvelope } from '../../lib/route-schema.ts';
import { appIdByName, createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import type { FailureAnswer } from '../../test/json-caller.ts';
import { testDbKinds } from '../../test/test-app.ts';

const p = endpoints.placements;
type SlotForm = Omit<EndpointBody<typeof p.create>, 'app'>;
type ListQuery = EndpointQuery<typeof p.list>;

/** `field: message` of each field error of a 604. */
const fieldMessages = (answer: FailureAnswer) =>
  answer.data && 'errors' in answer.data ? answer.data.errors.map((e) => `${e.field}: ${e.message}`) : [];

describe.each(testDbKinds)('ad slots on %s', (db) => {
  let inv: Inventory;
  let appId: number;
  beforeAll(async () => {
    inv = await createInventory({ db });
    appId = await appIdByName(inv, 'Puzzle Quest Saga');
  }, 180_000);
  afterAll(async () => inv.close());

  /** Success data of an endpoint, parsed by its schema (json-caller.ts); `fail` its failure envelope. */
  const call: Inventory['callEndpoint'] = (...args) => inv.callEndpoint(...args);
  const fail: Inventory['callEndpointFailure'] = (...args) => inv.callEndpointFailure(...args);
  const create = (form: SlotForm, lang: 'en' | 'zh-CN' = 'en') =>
    call(p.create, { body: { app: { id: appId }, ...form } }, inv.tokens.demo, lang);
  const refuse = (form: SlotForm, lang: 'en' | 'zh-CN' = 'en') =>
    fail(p.create, { body: { app: { id: appId }, ...form } }, inv.tokens.demo, lang);
  /** The field errors of a refused form (`field: message`); none, and the slot created, for a valid one. */
  const errorsOf = async (form: SlotForm) => {
    const res = await inv.endpointAnswer(
      p.create,
      { body: { app: { id: appId }, ...form } },
      inv.tokens.demo,
    );
    return res.code === 0 ? [] : fieldMessages(failureEnvelope.parse(res));
  };
  const list = (query: ListQuery, token = inv.tokens.demo) => call(p.list, { query }, token);

  it('accepts each ad style with its allowed content types (spec §5 table)', async () => {
    const ok = [
      [1, [5]],
      [1, [6]],
      [2, [1, 2, 3, 4]],
      [3, [2]],
      [6, [3, 4]],
      [6, [4]],
    ] as const;
    for (const [i, [style, types]] of ok.entries()) {
      const res = await create({ adpos_name: `Slot ${i}`, ad_style: style, content_type: [...types] });
      expect(res, `style ${style} ${types}`).toMatchObject({
        ad_style: style,
        content_type: [...types],
        audit_status: 1,
        channel_name: 'Puzzle Quest Saga',
      });
    }
  });

  it('refuses forbidden combinations, unknown styles and empty content types with 604', async () => {
    expect(await errorsOf({ adpos_name: 'B', ad_style: 1, content_type: [5, 6] })).toEqual([
      'content_type: 320*50 and 300*250 cannot be chosen together',
    ]);
    expect(await errorsOf({ adpos_name: 'B', ad_style: 1, content_type: [1] })).toEqual([
      'content_type: These content types are not allowed for this ad style',
    ]);
    expect(await errorsOf({ adpos_name: 'R', ad_style: 6, content_type: [1, 3] })).toEqual([
      'content_type: These content types are not allowed for this ad style',
    ]);
    expect(await errorsOf({ adpos_name: 'I', ad_style: 2, content_type: [5] })).toHaveLength(1);
    expect(await errorsOf({ adpos_name: 'I', ad_style: 2, content_type: [] })).toEqual([
      'content_type: Content type is required',
    ]);
    expect(await errorsOf({ adpos_name: 'X', ad_style: 4, content_type: [1] })).toEqual([
      'ad_style: Invalid ad style',
    ]);
    expect(await errorsOf({ adpos_name: 'D', ad_style: 2, content_type: [1, 1] })).toHaveLength(1);
  });

  it('trims the name, requires it, caps it at 30 and keeps it unique within the app', async () => {
    expect(await errorsOf({ adpos_name: '   ', ad_style: 1, content_type: [5] })).toEqual([
      'adpos_name: Ad slot name is required',
    ]);
    expect(await errorsOf({ adpos_name: 'n'.repeat(31), ad_style: 1, content_type: [5] })).toEqual([
      'adpos_name: Ad slot name must be at most 30 characters',
    ]);
    const made = await create({ adpos_name: `  ${'n'.repeat(30)}  `, ad_style: 1, content_type: [5] });
    expect(made.adpos_name).toBe('n'.repeat(30));
    const dup = await refuse({ adpos_name: 'home banner', ad_style: 1, content_type: [5] });
    expect(dup).toMatchObject({ code: 10006, msg: 'Ad slot name already exists' });
    expect((await refuse({ adpos_name: 'Home Banner', ad_style: 1, content_type: [5] }, 'zh-CN')).msg).toBe(
      '广告位名称已存在',
    );
    // Another app of the organisation may use it.
    const other = await call(
      p.create,
      {
        body: {
          app: { id: await appIdByName(inv, 'Bubble Pop Mania') },
          adpos_name: 'Home Banner',
          ad_style: 1,
          content_type: [6],
        },
      },
      inv.tokens.demo,
    );
    expect(other.adpos_name).toBe('Home Banner');
    const exist = (q: { adpos_name: string; adpos_id?: number }) =>
      call(p.nameExists, { query: { app_id: appId, ...q } }, inv.tokens.demo);
    expect(await exist({ adpos_name: ' Home Banner ' })).toEqual({ exist: true });
    const homeId = (await list({ app_id: appId, adpos_name: 'Home Banner' })).list[0]?.adpos_id;
    expect(homeId).toEqual(expect.any(Number));
    expect(await exist({ adpos_name: 'Home Banner', adpos_id: homeId })).toEqual({ exist: false });
    expect(await exist({ adpos_name: 'Nope' })).toEqual({ exist: false });
  });

  it("checks names without app_id (api-contract §10): the edited slot's app, else the organisation", async () => {
    const exist = (token: string, query: { adpos_name: string; adpos_id?: number }) =>
      call(p.nameExists, { query }, token);
    const slots = (await list({ app_id: appId, page_size: 100 })).list;
    const reward = slots.find((s) => s.adpos_name === 'Extra Life Reward');
    const banner = slots.find((s) => s.adpos_name === 'Home Banner');
    if (!reward || !banner) throw new Error('demo slots missing');
    // Editing: the other slot's name of the same app is taken, its own name is not.
    expect(await exist(inv.tokens.demo, { adpos_name: 'home banner', adpos_id: reward.adpos_id })).toEqual({
      exist: true,
    });
    expect(
      await exist(inv.tokens.demo, { adpos_name: 'Extra Life Reward', adpos_id: reward.adpos_id }),
    ).toEqual({ exist: false });
    // Only within that slot's app: Other Media's "Feed Native" is no clash, nor a name of no app.
    expect(await exist(inv.tokens.demo, { adpos_name: 'Feed Native', adpos_id: reward.adpos_id })).toEqual({
      exist: false,
    });
    // Creating without an app: every app of the caller's organisation, not other organisations'.
    expect(await exist(inv.tokens.demo, { adpos_name: 'Level End Interstitial' })).toEqual({ exist: true });
    expect(await exist(inv.tokens.demo, { adpos_name: 'Feed Native' })).toEqual({ exist: false });
    expect(await exist(inv.tokens.other, { adpos_name: 'Feed Native' })).toEqual({ exist: true });
    // Another organisation's slot id is refused, as with app_id.
    expect(
      (await fail(p.nameExists, { query: { adpos_name: 'x', adpos_id: reward.adpos_id } }, inv.tokens.other))
        .code,
    ).toBe(402);
  });

  it('keeps app and ad style after creation, saves name and content types', async () => {
    const made = await create({ adpos_name: 'Editable', ad_style: 2, content_type: [1] });
    const id = made.adpos_id;
    const form = (change: Partial<EndpointBody<typeof p.update>>) => ({
      body: {
        adpos_id: id,
        app: { id: appId },
        adpos_name: 'Editable',
        ad_style: 2,
        content_type: [1],
        ...change,
      },
    });
    const moved = await fail(
      p.update,
      form({ app: { id: await appIdByName(inv, 'Merge Kingdom') } }),
      inv.tokens.demo,
    );
    expect(fieldMessages(moved)).toEqual(['app: App cannot be changed after creation']);
    const restyled = await fail(p.update, form({ ad_style: 3 }), inv.tokens.demo);
    expect(fieldMessages(restyled)).toEqual(['ad_style: Ad style cannot be changed after creation']);
    const saved = await call(
      p.update,
      form({ adpos_name: ' Edited ', content_type: [3, 1] }),
      inv.tokens.demo,
    );
    expect(saved).toMatchObject({ adpos_name: 'Edited', content_type: [1, 3], ad_style: 2 });
    expect((await fail(p.update, form({ adpos_name: 'Home Banner' }), inv.tokens.demo)).code).toBe(10006);
  });

  it('moves status like apps and deletes with a to-do of action 4', async () => {
    const id = (await create({ adpos_name: 'Stateful', ad_style: 6, content_type: [3] })).adpos_id;
    const status = (token: string, audit_status: number) =>
      call(p.setStatus, { body: { id, audit_status } }, token);
    const refused = async (token: string, audit_status: number) =>
      (await fail(p.setStatus, { body: { id, audit_status } }, token)).code;
    expect(await refused(inv.tokens.demo, 2)).toBe(10007);
    expect((await status(inv.tokens.ops, 2)).audit_status).toBe(2);
    expect((await status(inv.tokens.demo, 3)).audit_status).toBe(3);
    expect(await refused(inv.tokens.demo, 1)).toBe(10007);
    expect(await call(p.remove, { body: { id, status: -1 } }, inv.tokens.demo)).toBeNull();
    expect((await fail(p.remove, { body: { id } }, inv.tokens.demo)).code).toBe(10007);
    expect((await inv.todos('adpos', id)).map((t) => [t.action_type, t.from_status, t.to_status])).toEqual([
      [1, null, 1],
      [2, 1, 2],
      [2, 2, 3],
      [4, 3, -1],
    ]);
    expect((await list({ adpos_id: id })).total).toBe(0);
  });

  it('filters the list by id, name, app, style and status within the organisation', async () => {
    const get = (q: ListQuery) => list({ page_size: 100, ...q });
    const all = await get({});
    expect(new Set(all.list.map((s) => s.channel_name)).has('Daily News Reader')).toBe(false);
    const rewarded = await get({ ad_style: 6 });
    expect(rewarded.list.every((s) => s.ad_style === 6)).toBe(true);
    expect(rewarded.total).toBeGreaterThan(0);
    const byApp = await get({ app_name: 'merge' });
    expect(new Set(byApp.list.map((s) => s.channel_name))).toEqual(new Set(['Merge Kingdom']));
    const review = await get({ audit_status: 1 });
    expect(review.list.every((s) => s.audit_status === 1)).toBe(true);
    const one = all.list[3];
    if (!one) throw new Error('fewer than 4 slots');
    expect((await get({ adpos_id: one.adpos_id })).list).toEqual([one]);
    const paged = await list({ page_no: 2, page_size: 2 });
    expect(paged.list).toEqual(all.list.slice(2, 4));
  });

  it('describes the styles and content types in the caller language', async () => {
    const types = (publisher_type: number, lang = 'en') =>
      call(p.types, { query: { publisher_type } }, inv.tokens.demo, lang);
    const en = await types(1);
    expect(en.map((s) => [s.ad_style, s.name])).toEqual([
      [1, 'Banner'],
      [2, 'Interstitial'],
      [3, 'Native'],
      [6, 'Rewarded Video'],
    ]);
    expect(en[0]).toMatchObject({ content_types: [{ value: 5 }, { value: 6 }], exclusive: [[5, 6]] });
    expect(en[3]?.content_types.map((c) => c.value)).toEqual([3, 4]);
    const zh = await types(1, 'zh-CN');
    expect(zh[3]?.name).toBe('激励视频');
    expect(await types(3)).toEqual([]);
  });
});
