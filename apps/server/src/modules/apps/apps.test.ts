import { AuditStatus } from '@portal/contracts/constants.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForm, appIdByName, createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('apps on %s', (db) => {
  let inv: Inventory;
  beforeAll(async () => {
    inv = await createInventory({ db });
  }, 180_000);
  afterAll(async () => inv.close());

  const create = (token: string, form: Record<string, unknown>, lang: 'en' | 'zh-CN' = 'en') =>
    inv.call('POST', '/v1/app', token, form, lang);

  it('creates an app under review without a visible key, with a "submitted" to-do in the outbox', async () => {
    const res = await create(inv.tokens.demo, appForm('com.demogames.newone', 'New One'));
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      app_name: 'New One',
      package_name: 'com.demogames.newone',
      audit_status: 1,
      app_key: null,
      adpos_count: 0,
      industry_id: 210,
      industry_name: 'Games / Puzzle',
      publisher_name: 'Demo Games',
    });
    const todos = await inv.todos('app', res.data.id);
    expect(todos.map((t) => [t.action_type, t.from_status, t.to_status])).toEqual([[1, null, 1]]);
    const list = await inv.call('GET', '/v1/app', inv.tokens.demo, { app_name: 'new one' });
    expect(list.data.list.map((a: { id: number }) => a.id)).toEqual([res.data.id]);
  });

  it('answers 604 with a message per failing field, in the caller language', async () => {
    const empty = await create(inv.tokens.demo, {
      app_name: ' ',
      package_name: '',
      platform: 3,
      is_online: 1,
      app_store_address: '',
      industry_id: null,
    });
    expect(empty.code).toBe(604);
    const byField = Object.fromEntries(
      empty.data.errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(byField).toEqual({
      app_name: 'App name is required',
      package_name: 'please enter package name',
      platform: 'System has an invalid value',
      app_store_address: 'Store address is required',
      industry_id: 'Category is required',
    });
    const zh = await create(inv.tokens.demo, { ...appForm('com.x.y'), package_name: '' }, 'zh-CN');
    expect(zh.data.errors).toEqual([{ field: 'package_name', message: '请输入包名' }, expect.anything()]);
  });

  it('enforces lengths, the store address rules and a second-level category', async () => {
    const fieldsOf = async (form: Record<string, unknown>) =>
      ((await create(inv.tokens.demo, form)).data?.errors ?? []).map(
        (e: { field: string; message: string }) => `${e.field}: ${e.message}`,
      );
    expect(await fieldsOf(appForm('com.a.long', 'x'.repeat(31)))).toEqual([
      'app_name: App name must be at most 30 characters',
    ]);
    expect(await fieldsOf(appForm('com.a.ok', 'x'.repeat(30)))).toEqual([]);
    const longPkg = `com.${'p'.repeat(97)}`;
    expect(await fieldsOf(appForm(longPkg))).toContain(
      'package_name: Package name must be at most 100 characters',
    );
    expect(
      await fieldsOf({ ...appForm('com.a.site'), app_store_address: 'https://example.com/app' }),
    ).toEqual(['app_store_address: invalid URL']);
    expect(
      await fieldsOf({
        ...appForm('com.a.mismatch'),
        app_store_address: 'https://play.google.com/store/apps/details?id=com.other',
      }),
    ).toEqual(["app_store_address: The Google Play address's id parameter must equal the package name"]);
    expect(
      await fieldsOf({ ...appForm('com.a.offline'), is_online: 2, app_store_address: 'not a url' }),
    ).toEqual(['app_store_address: invalid URL']);
    expect(
      await fieldsOf({
        ...appForm('com.a.offline2'),
        is_online: 2,
        app_store_address: 'https://example.com/a',
      }),
    ).toEqual([]);
    expect(await fieldsOf({ ...appForm('com.a.first'), industry_id: 2 })).toEqual([
      'industry_id: Choose a second-level category',
    ]);
  });

  it('checks the store address on the server (urlvalid answers data.result)', async () => {
    const valid = (url: string, is_online: number, package_name: string) =>
      inv.call('GET', '/v1/app/urlvalid', inv.tokens.demo, { url, is_online, package_name });
    expect((await valid('https://play.google.com/store/apps/details?id=com.q', 1, 'com.q')).data).toEqual({
      result: true,
    });
    expect((await valid('https://play.google.com/store/apps/details?id=com.q', 1, 'com.r')).data).toEqual({
      result: false,
    });
    expect((await valid('https://example.com/q', 1, 'com.q')).data).toEqual({ result: false });
    expect((await valid('https://example.com/q', 2, 'com.q')).data).toEqual({ result: true });
    expect((await valid('ftp://example.com/q', 2, 'com.q')).data).toEqual({ result: false });
  });

  it('refuses taken names (in the organisation) and packages (in the network) with 10006, own id excluded', async () => {
    const name = await create(inv.tokens.demo, appForm('com.demogames.fresh', 'Merge Kingdom'));
    expect(name).toMatchObject({ code: 10006, msg: 'app name already exists' });
    const pkg = await create(inv.tokens.other, appForm('com.demogames.mergekingdom', 'Mine Now'));
    expect(pkg).toMatchObject({ code: 10006, msg: 'package name already exists' });
    const zh = await create(inv.tokens.other, appForm('com.demogames.mergekingdom', 'Mine Now'), 'zh-CN');
    expect(zh.msg).toBe('包名已存在');
    // Another organisation may use the same app name.
    expect((await create(inv.tokens.other, appForm('com.othermedia.merge', 'Merge Kingdom'))).code).toBe(0);

    const id = await appIdByName(inv, 'Word Blitz');
    const exist = (url: string, q: Record<string, unknown>) => inv.call('GET', url, inv.tokens.demo, q);
    expect((await exist('/v1/app/channel_name_exist', { app_name: 'word blitz ' })).data).toEqual({
      exist: true,
    });
    expect((await exist('/v1/app/channel_name_exist', { app_name: 'Word Blitz', id })).data).toEqual({
      exist: false,
    });
    expect((await exist('/v1/app/channel_name_exist', { app_name: 'Daily News Reader' })).data).toEqual({
      exist: false,
    });
    expect((await exist('/v1/app/pkg_exist', { package_name: 'com.othermedia.dailynews' })).data).toEqual({
      exist: true,
    });
    expect((await exist('/v1/app/pkg_exist', { package_name: 'com.demogames.wordblitz', id })).data).toEqual({
      exist: false,
    });

    const edit = await inv.call('PUT', '/v1/app', inv.tokens.demo, {
      id,
      ...appForm('com.demogames.wordblitz', 'Word Blitz'),
    });
    expect(edit.code).toBe(0);
    const clash = await inv.call('PUT', '/v1/app', inv.tokens.demo, {
      id,
      ...appForm('com.demogames.wordblitz', 'Merge Kingdom'),
    });
    expect(clash).toMatchObject({ code: 10006, msg: 'app name already exists' });
  });

  it('moves 2 ↔ 3 for publishers, approves and rejects only for operations, refuses the rest with 10007', async () => {
    const created = await create(inv.tokens.demo, appForm('com.demogames.review', 'Review Me'));
    const id = created.data.id as number;
    const status = (token: string, audit_status: number) =>
      inv.call('PUT', '/v1/app/status', token, { id, audit_status });

    expect((await status(inv.tokens.demo, 2)).code).toBe(10007);
    expect((await status(inv.tokens.ops, 3)).code).toBe(10007);
    const approved = await status(inv.tokens.ops, 2);
    expect(approved.code).toBe(0);
    expect(approved.data.app_key).toMatch(/^[0-9a-f]{32}$/);
    const seen = await inv.call('GET', '/v1/app', inv.tokens.demo, { app_name: 'Review Me' });
    expect(seen.data.list[0].app_key).toBe(approved.data.app_key);

    expect((await status(inv.tokens.demo, 1)).code).toBe(10007);
    expect((await status(inv.tokens.demo, -1)).code).toBe(10007);
    expect((await status(inv.tokens.demo, 3)).data.audit_status).toBe(3);
    expect((await status(inv.tokens.demo, 3)).code).toBe(10007);
    expect((await status(inv.tokens.demo, 2)).data.audit_status).toBe(2);

    const todos = await inv.todos('app', id);
    expect(todos.map((t) => [t.action_type, t.from_status, t.to_status])).toEqual([
      [1, null, 1],
      [2, 1, 2],
      [2, 2, 3],
      [2, 3, 2],
    ]);
  });

  it('rejection (4) hides the key, and saving the app sends it back to review', async () => {
    const id = (await create(inv.tokens.demo, appForm('com.demogames.rejectme', 'Reject Me'))).data
      .id as number;
    const rejected = await inv.call('PUT', '/v1/app/status', inv.tokens.ops, {
      id,
      audit_status: 4,
      reason: 'The store page is missing',
    });
    expect(rejected.data).toMatchObject({ audit_status: 4, app_key: null });
    expect((await inv.call('PUT', '/v1/app/status', inv.tokens.demo, { id, audit_status: 2 })).code).toBe(
      10007,
    );
    const saved = await inv.call('PUT', '/v1/app', inv.tokens.demo, {
      id,
      ...appForm('com.demogames.rejectme', 'Reject Me 2'),
    });
    expect(saved.data.audit_status).toBe(1);
    expect((await inv.todos('app', id)).map((t) => [t.action_type, t.to_status])).toEqual([
      [1, 1],
      [2, 4],
      [1, 1],
    ]);
  });

  it('deletes by status −1 with a to-do of action type 4, with its ad slots; nothing changes a deleted app', async () => {
    const id = (await create(inv.tokens.demo, appForm('com.demogames.deleteme', 'Delete Me'))).data
      .id as number;
    const slot = await inv.call('POST', '/v1/adpos', inv.tokens.demo, {
      adpos_name: 'Gone',
      ad_style: 1,
      app: { id },
      content_type: [5],
    });
    expect(slot.code).toBe(0);
    expect((await inv.call('DELETE', '/v1/app', inv.tokens.demo, { id, status: -1 })).code).toBe(0);
    const row = await inv.call('GET', '/v1/app', inv.tokens.demo, {
      app_name: 'Delete Me',
      audit_status: -1,
    });
    expect(row.data.list[0]).toMatchObject({ id, audit_status: AuditStatus.DELETED, adpos_count: 0 });
    const slots = await inv.call('GET', '/v1/adpos', inv.tokens.demo, { app_id: id, audit_status: -1 });
    expect(slots.data.total).toBe(1);
    const last = (await inv.todos('app', id)).at(-1);
    expect(last).toMatchObject({ action_type: 4, from_status: 1, to_status: -1 });
    expect((await inv.call('DELETE', '/v1/app', inv.tokens.demo, { id })).code).toBe(10007);
    expect((await inv.call('PUT', '/v1/app/status', inv.tokens.ops, { id, audit_status: 2 })).code).toBe(
      10007,
    );
    expect(
      (await inv.call('PUT', '/v1/app', inv.tokens.demo, { id, ...appForm('com.demogames.deleteme') })).code,
    ).toBe(10007);
    const options = await inv.call('GET', '/v1/app/list', inv.tokens.demo);
    expect(options.data.map((o: { id: number }) => o.id)).not.toContain(id);
    // The package is free again once its app is deleted.
    expect((await create(inv.tokens.demo, appForm('com.demogames.deleteme', 'Delete Me'))).code).toBe(0);
  });

  it('keeps the key of an app that never left review hidden after deletion (api-contract §10)', async () => {
    const keyAfterDelete = async (pkg: string, steps: number[]) => {
      const id = (await create(inv.tokens.demo, appForm(pkg))).data.id as number;
      for (const to of steps) {
        const token = to === 2 || to === 4 ? inv.tokens.ops : inv.tokens.demo;
        const reason = to === 4 ? { reason: 'Not ready' } : {};
        expect(
          (await inv.call('PUT', '/v1/app/status', token, { id, audit_status: to, ...reason })).code,
        ).toBe(0);
      }
      expect((await inv.call('DELETE', '/v1/app', inv.tokens.demo, { id, status: -1 })).code).toBe(0);
      const list = await inv.call('GET', '/v1/app', inv.tokens.demo, { pkg_name: pkg, audit_status: -1 });
      return list.data.list.find((a: { id: number }) => a.id === id)?.app_key;
    };
    expect(await keyAfterDelete('com.demogames.neverreviewed', [])).toBeNull();
    expect(await keyAfterDelete('com.demogames.onlyrejected', [4])).toBeNull();
    expect(await keyAfterDelete('com.demogames.wasactive', [2])).toMatch(/^[0-9a-f]{32}$/);
    expect(await keyAfterDelete('com.demogames.wasfrozen', [2, 3])).toMatch(/^[0-9a-f]{32}$/);
  });

  it('saves every demo app as listed, its category included, without picking anything', async () => {
    for (const token of [inv.tokens.demo, inv.tokens.other]) {
      const list = await inv.call('GET', '/v1/app', token, { page_size: 100 });
      const demoApps = list.data.list.filter((a: { package_name: string }) =>
        /^com\.(demogames|othermedia)\./.test(a.package_name),
      );
      expect(demoApps.length).toBeGreaterThan(2);
      for (const a of demoApps.filter((x: { audit_status: number }) => x.audit_status !== -1)) {
        expect(a.industry_name, a.app_name).toMatch(/^(Games|Apps) \/ /);
        const { id, app_name, package_name, platform, is_online, app_store_address, industry_id } = a;
        const saved = await inv.call('PUT', '/v1/app', token, {
          id,
          app_name,
          package_name,
          platform,
          is_online,
          app_store_address,
          industry_id,
          description: a.description,
        });
        expect(saved.code, `${app_name}: ${JSON.stringify(saved.data)}`).toBe(0);
      }
    }
  });

  it('lists only the caller organisation, with filters, pagination and the ad slot count', async () => {
    const demo = await inv.call('GET', '/v1/app', inv.tokens.demo, { page_no: 1, page_size: 2 });
    expect(demo.data.list).toHaveLength(2);
    expect(demo.data.total).toBeGreaterThanOrEqual(6);
    const all = await inv.call('GET', '/v1/app', inv.tokens.demo, { page_size: 100 });
    expect(new Set(all.data.list.map((a: { publisher_name: string }) => a.publisher_name))).toEqual(
      new Set(['Demo Games']),
    );
    const byPkg = await inv.call('GET', '/v1/app', inv.tokens.demo, { pkg_name: 'puzzlequest' });
    expect(byPkg.data.list).toEqual([
      expect.objectContaining({ app_name: 'Puzzle Quest Saga', adpos_count: 3 }),
    ]);
    const frozen = await inv.call('GET', '/v1/app', inv.tokens.demo, { audit_status: 3 });
    expect(frozen.data.list.map((a: { app_name: string }) => a.app_name)).toEqual(['Solitaire Classic']);
    const review = await inv.call('GET', '/v1/app', inv.tokens.demo, { app_name: 'Bubble Pop' });
    expect(review.data.list[0]).toMatchObject({ audit_status: 1, app_key: null });
    const wildcard = await inv.call('GET', '/v1/app', inv.tokens.demo, { app_name: '%' });
    expect(wildcard.data.total).toBe(0);
    const opsAll = await inv.call('GET', '/v1/app', inv.tokens.ops, { page_size: 100 });
    expect(new Set(opsAll.data.list.map((a: { publisher_name: string }) => a.publisher_name))).toEqual(
      new Set(['Demo Games', 'Other Media']),
    );
  });

  it('lets operations create an app for a publisher company and profit centre, never trusting others', async () => {
    const companies = await inv.call('GET', '/v1/ops/company/list', inv.tokens.ops, {
      is_publisher: 1,
      cooperation_types: '[1]',
    });
    expect(companies.data.map((c: { company_name: string }) => c.company_name)).toEqual([
      'Demo Games',
      'Other Media',
    ]);
    const other = companies.data.find((c: { company_name: string }) => c.company_name === 'Other Media');
    const missing = await create(inv.tokens.ops, appForm('com.ops.nocompany'));
    expect(missing.data.errors).toEqual([{ field: 'publisher_id', message: 'Choose the publisher company' }]);
    const badPc = await create(inv.tokens.ops, {
      ...appForm('com.ops.badpc'),
      publisher_id: other.id,
      profit_center_id: 999,
    });
    expect(badPc.data.errors).toEqual([
      { field: 'profit_center_id', message: 'The profit centre does not exist' },
    ]);
    const made = await create(inv.tokens.ops, {
      ...appForm('com.ops.forother', 'Ops Made'),
      publisher_id: other.id,
    });
    expect(made.data).toMatchObject({ publisher_id: other.id, publisher_name: 'Other Media' });
    const visible = await inv.call('GET', '/v1/app', inv.tokens.other, { app_name: 'Ops Made' });
    expect(visible.data.total).toBe(1);
    // A publisher naming another company still creates in its own.
    const sneaky = await create(inv.tokens.demo, {
      ...appForm('com.demogames.sneaky', 'Sneaky'),
      publisher_id: other.id,
    });
    expect(sneaky.data.publisher_name).toBe('Demo Games');
    const exist = (q: Record<string, unknown>) =>
      inv.call('GET', '/v1/app/channel_name_exist', inv.tokens.ops, q);
    expect((await exist({ app_name: 'Ops Made', publisher_id: other.id })).data).toEqual({ exist: true });
    expect((await exist({ app_name: 'Ops Made' })).data).toEqual({ exist: false });
  });
});
