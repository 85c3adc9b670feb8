import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appIdByName, createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('ad slots on %s', (db) => {
  let inv: Inventory;
  let appId: number;
  beforeAll(async () => {
    inv = await createInventory({ db });
    appId = await appIdByName(inv, 'Puzzle Quest Saga');
  }, 180_000);
  afterAll(async () => inv.close());

  const create = (form: Record<string, unknown>, lang: 'en' | 'zh-CN' = 'en') =>
    inv.call('POST', '/v1/adpos', inv.tokens.demo, { app: { id: appId }, ...form }, lang);
  const errorsOf = async (form: Record<string, unknown>) =>
    ((await create(form)).data?.errors ?? []).map(
      (e: { field: string; message: string }) => `${e.field}: ${e.message}`,
    );

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
      const res = await create({ adpos_name: `Slot ${i}`, ad_style: style, content_type: types });
      expect(res.code, `style ${style} ${types}`).toBe(0);
      expect(res.data).toMatchObject({
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
    expect(made.data.adpos_name).toBe('n'.repeat(30));
    const dup = await create({ adpos_name: 'home banner', ad_style: 1, content_type: [5] });
    expect(dup).toMatchObject({ code: 10006, msg: 'Ad slot name already exists' });
    expect((await create({ adpos_name: 'Home Banner', ad_style: 1, content_type: [5] }, 'zh-CN')).msg).toBe(
      '广告位名称已存在',
    );
    // Another app of the organisation may use it.
    const other = await inv.call('POST', '/v1/adpos', inv.tokens.demo, {
      app: { id: await appIdByName(inv, 'Bubble Pop Mania') },
      adpos_name: 'Home Banner',
      ad_style: 1,
      content_type: [6],
    });
    expect(other.code).toBe(0);
    const exist = (q: Record<string, unknown>) =>
      inv.call('GET', '/v1/adpos/name_exist', inv.tokens.demo, { app_id: appId, ...q });
    expect((await exist({ adpos_name: ' Home Banner ' })).data).toEqual({ exist: true });
    const homeId = (
      await inv.call('GET', '/v1/adpos', inv.tokens.demo, { app_id: appId, adpos_name: 'Home Banner' })
    ).data.list[0].adpos_id;
    expect((await exist({ adpos_name: 'Home Banner', adpos_id: homeId })).data).toEqual({ exist: false });
    expect((await exist({ adpos_name: 'Nope' })).data).toEqual({ exist: false });
  });

  it("checks names without app_id (api-contract §10): the edited slot's app, else the organisation", async () => {
    const exist = async (token: string, q: Record<string, unknown>) =>
      (await inv.call('GET', '/v1/adpos/name_exist', token, q)).data;
    const slots = (await inv.call('GET', '/v1/adpos', inv.tokens.demo, { app_id: appId, page_size: 100 }))
      .data.list as { adpos_id: number; adpos_name: string }[];
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
      (
        await inv.call('GET', '/v1/adpos/name_exist', inv.tokens.other, {
          adpos_name: 'x',
          adpos_id: reward.adpos_id,
        })
      ).code,
    ).toBe(402);
  });

  it('keeps app and ad style after creation, saves name and content types', async () => {
    const made = await create({ adpos_name: 'Editable', ad_style: 2, content_type: [1] });
    const id = made.data.adpos_id as number;
    const put = (form: Record<string, unknown>) =>
      inv.call('PUT', '/v1/adpos', inv.tokens.demo, {
        adpos_id: id,
        app: { id: appId },
        adpos_name: 'Editable',
        ad_style: 2,
        content_type: [1],
        ...form,
      });
    const moved = await put({ app: { id: await appIdByName(inv, 'Merge Kingdom') } });
    expect(moved.data.errors).toEqual([{ field: 'app', message: 'App cannot be changed after creation' }]);
    const restyled = await put({ ad_style: 3 });
    expect(restyled.data.errors).toEqual([
      { field: 'ad_style', message: 'Ad style cannot be changed after creation' },
    ]);
    const saved = await put({ adpos_name: ' Edited ', content_type: [3, 1] });
    expect(saved.data).toMatchObject({ adpos_name: 'Edited', content_type: [1, 3], ad_style: 2 });
    expect((await put({ adpos_name: 'Home Banner' })).code).toBe(10006);
  });

  it('moves status like apps and deletes with a to-do of action 4', async () => {
    const id = (await create({ adpos_name: 'Stateful', ad_style: 6, content_type: [3] })).data
      .adpos_id as number;
    const status = (token: string, audit_status: number) =>
      inv.call('PUT', '/v1/adpos/status', token, { id, audit_status });
    expect((await status(inv.tokens.demo, 2)).code).toBe(10007);
    expect((await status(inv.tokens.ops, 2)).data.audit_status).toBe(2);
    expect((await status(inv.tokens.demo, 3)).data.audit_status).toBe(3);
    expect((await status(inv.tokens.demo, 1)).code).toBe(10007);
    expect((await inv.call('DELETE', '/v1/adpos', inv.tokens.demo, { id, status: -1 })).code).toBe(0);
    expect((await inv.call('DELETE', '/v1/adpos', inv.tokens.demo, { id })).code).toBe(10007);
    expect((await inv.todos('adpos', id)).map((t) => [t.action_type, t.from_status, t.to_status])).toEqual([
      [1, null, 1],
      [2, 1, 2],
      [2, 2, 3],
      [4, 3, -1],
    ]);
    const list = await inv.call('GET', '/v1/adpos', inv.tokens.demo, { adpos_id: id });
    expect(list.data.total).toBe(0);
  });

  it('filters the list by id, name, app, style and status within the organisation', async () => {
    const get = (q: Record<string, unknown>) =>
      inv.call('GET', '/v1/adpos', inv.tokens.demo, { page_size: 100, ...q });
    const all = await get({});
    expect(
      new Set(all.data.list.map((s: { channel_name: string }) => s.channel_name)).has('Daily News Reader'),
    ).toBe(false);
    const rewarded = await get({ ad_style: 6 });
    expect(rewarded.data.list.every((s: { ad_style: number }) => s.ad_style === 6)).toBe(true);
    expect(rewarded.data.total).toBeGreaterThan(0);
    const byApp = await get({ app_name: 'merge' });
    expect(new Set(byApp.data.list.map((s: { channel_name: string }) => s.channel_name))).toEqual(
      new Set(['Merge Kingdom']),
    );
    const review = await get({ audit_status: 1 });
    expect(review.data.list.every((s: { audit_status: number }) => s.audit_status === 1)).toBe(true);
    const one = all.data.list[3];
    expect((await get({ adpos_id: one.adpos_id })).data.list).toEqual([one]);
    const paged = await inv.call('GET', '/v1/adpos', inv.tokens.demo, { page_no: 2, page_size: 2 });
    expect(paged.data.list).toEqual(all.data.list.slice(2, 4));
  });

  it('describes the styles and content types in the caller language', async () => {
    const en = await inv.call('GET', '/v1/adpos/type', inv.tokens.demo, { publisher_type: 1 });
    expect(en.data.map((s: { ad_style: number; name: string }) => [s.ad_style, s.name])).toEqual([
      [1, 'Banner'],
      [2, 'Interstitial'],
      [3, 'Native'],
      [6, 'Rewarded Video'],
    ]);
    expect(en.data[0]).toMatchObject({ content_types: [{ value: 5 }, { value: 6 }], exclusive: [[5, 6]] });
    expect(en.data[3].content_types.map((c: { value: number }) => c.value)).toEqual([3, 4]);
    const zh = await inv.call('GET', '/v1/adpos/type', inv.tokens.demo, { publisher_type: 1 }, 'zh-CN');
    expect(zh.data[3].name).toBe('激励视频');
    expect((await inv.call('GET', '/v1/adpos/type', inv.tokens.demo, { publisher_type: 3 })).data).toEqual(
      [],
    );
  });
});
