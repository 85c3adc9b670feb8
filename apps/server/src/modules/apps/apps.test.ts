import { AuditStatus } from '@portal/contracts/constants.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureEnvelope } from '../../lib/route-schema.ts';
import {
  type AppCreateInput,
  appForm,
  appIdByName,
  createInventory,
  type Inventory,
} from '../../test/inventory-fixture.ts';
import { errorFields, type FailureAnswer } from '../../test/json-caller.ts';
import { testDbKinds } from '../../test/test-app.ts';

const a = endpoints.apps;

/** `field: message` of each field error of a 604. */
const fieldMessages = (answer: FailureAnswer) =>
  answer.data && 'errors' in answer.data ? answer.data.errors.map((e) => `${e.field}: ${e.message}`) : [];

describe.each(testDbKinds)('apps on %s', (db) => {
  let inv: Inventory;
  beforeAll(async () => {
    inv = await createInventory({ db });
  }, 180_000);
  afterAll(async () => inv.close());

  /** Success data of an endpoint, parsed by its schema (json-caller.ts); `fail` its failure envelope. */
  const call: Inventory['callEndpoint'] = (...args) => inv.callEndpoint(...args);
  const fail: Inventory['callEndpointFailure'] = (...args) => inv.callEndpointFailure(...args);
  const create = (token: string, form: AppCreateInput, lang: 'en' | 'zh-CN' = 'en') =>
    call(a.create, { body: form }, token, lang);
  const refuse = (token: string, form: AppCreateInput, lang: 'en' | 'zh-CN' = 'en') =>
    fail(a.create, { body: form }, token, lang);
  const list = (token: string, query: Parameters<typeof call<typeof a.list>>[1]['query']) =>
    call(a.list, { query }, token);

  it('creates an app under review without a visible key, with a "submitted" to-do in the outbox', async () => {
    const res = await create(inv.tokens.demo, appForm('com.demogames.newone', 'New One'));
    expect(res).toMatchObject({
      app_name: 'New One',
      package_name: 'com.demogames.newone',
      audit_status: 1,
      app_key: null,
      adpos_count: 0,
      industry_id: 210,
      industry_name: 'Games / Puzzle',
      publisher_name: 'Demo Games',
    });
    const todos = await inv.todos('app', res.id);
    expect(todos.map((t) => [t.action_type, t.from_status, t.to_status])).toEqual([[1, null, 1]]);
    const found = await list(inv.tokens.demo, { app_name: 'new one' });
    expect(found.list.map((x) => x.id)).toEqual([res.id]);
  });

  it('answers 604 with a message per failing field, in the caller language', async () => {
    const empty = await refuse(inv.tokens.demo, {
      app_name: ' ',
      package_name: '',
      platform: 3,
      is_online: 1,
      app_store_address: '',
      industry_id: null,
    });
    expect(empty.code).toBe(604);
    const byField = Object.fromEntries(fieldMessages(empty).map((m) => m.split(': ')));
    expect(byField).toEqual({
      app_name: 'App name is required',
      package_name: 'please enter package name',
      platform: 'System has an invalid value',
      app_store_address: 'Store address is required',
      industry_id: 'Category is required',
    });
    const zh = await refuse(inv.tokens.demo, { ...appForm('com.x.y'), package_name: '' }, 'zh-CN');
    expect(zh.data).toEqual({
      errors: [{ field: 'package_name', message: '请输入包名' }, expect.anything()],
    });
  });

  it('enforces lengths, the store address rules and a second-level category', async () => {
    // The field errors of a refused form; none (and the app created) for a valid one.
    const fieldsOf = async (form: AppCreateInput) => {
      const res = await inv.endpointAnswer(endpoints.apps.create, { body: form }, inv.tokens.demo);
      return res.code === 0 ? [] : fieldMessages(failureEnvelope.parse(res));
    };
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
      call(a.urlValid, { query: { url, is_online, package_name } }, inv.tokens.demo);
    expect(await valid('https://play.google.com/store/apps/details?id=com.q', 1, 'com.q')).toEqual({
      result: true,
    });
    expect(await valid('https://play.google.com/store/apps/details?id=com.q', 1, 'com.r')).toEqual({
      result: false,
    });
    expect(await valid('https://example.com/q', 1, 'com.q')).toEqual({ result: false });
    expect(await valid('https://example.com/q', 2, 'com.q')).toEqual({ result: true });
    expect(await valid('ftp://example.com/q', 2, 'com.q')).toEqual({ result: false });
  });

  it('refuses taken names (in the organisation) and packages (in the network) with 10006, own id excluded', async () => {
    const name = await refuse(inv.tokens.demo, appForm('com.demogames.fresh', 'Merge Kingdom'));
    expect(name).toMatchObject({ code: 10006, msg: 'app name already exists' });
    const pkg = await refuse(inv.tokens.other, appForm('com.demogames.mergekingdom', 'Mine Now'));
    expect(pkg).toMatchObject({ code: 10006, msg: 'package name already exists' });
    const zh = await refuse(inv.tokens.other, appForm('com.demogames.mergekingdom', 'Mine Now'), 'zh-CN');
    expect(zh.msg).toBe('包名已存在');
    // Another organisation may use the same app name.
    expect((await create(inv.tokens.other, appForm('com.othermedia.merge', 'Merge Kingdom'))).app_name).toBe(
      'Merge Kingdom',
    );

    const id = await appIdByName(inv, 'Word Blitz');
    const nameExists = (query: { app_name: string; id?: number }) =>
      call(a.nameExists, { query }, inv.tokens.demo);
    const pkgExists = (query: { package_name: string; id?: number }) =>
      call(a.packageExists, { query }, inv.tokens.demo);
    expect(await nameExists({ app_name: 'word blitz ' })).toEqual({ exist: true });
    expect(await nameExists({ app_name: 'Word Blitz', id })).toEqual({ exist: false });
    expect(await nameExists({ app_name: 'Daily News Reader' })).toEqual({ exist: false });
    expect(await pkgExists({ package_name: 'com.othermedia.dailynews' })).toEqual({ exist: true });
    expect(await pkgExists({ package_name: 'com.demogames.wordblitz', id })).toEqual({ exist: false });

    const edit = await call(
      a.update,
      { body: { id, ...appForm('com.demogames.wordblitz', 'Word Blitz') } },
      inv.tokens.demo,
    );
    expect(edit.id).toBe(id);
    const clash = await fail(
      a.update,
      { body: { id, ...appForm('com.demogames.wordblitz', 'Merge Kingdom') } },
      inv.tokens.demo,
    );
    expect(clash).toMatchObject({ code: 10006, msg: 'app name already exists' });
  });

  it('moves 2 ↔ 3 for publishers, approves and rejects only for operations, refuses the rest with 10007', async () => {
    const { id } = await create(inv.tokens.demo, appForm('com.demogames.review', 'Review Me'));
    const status = (token: string, audit_status: number) =>
      call(a.setStatus, { body: { id, audit_status } }, token);
    const refused = async (token: string, audit_status: number) =>
      (await fail(a.setStatus, { body: { id, audit_status } }, token)).code;

    expect(await refused(inv.tokens.demo, 2)).toBe(10007);
    expect(await refused(inv.tokens.ops, 3)).toBe(10007);
    const approved = await status(inv.tokens.ops, 2);
    expect(approved.app_key).toMatch(/^[0-9a-f]{32}$/);
    const seen = await list(inv.tokens.demo, { app_name: 'Review Me' });
    expect(seen.list[0]?.app_key).toBe(approved.app_key);

    expect(await refused(inv.tokens.demo, 1)).toBe(10007);
    expect(await refused(inv.tokens.demo, -1)).toBe(10007);
    expect((await status(inv.tokens.demo, 3)).audit_status).toBe(3);
    expect(await refused(inv.tokens.demo, 3)).toBe(10007);
    expect((await status(inv.tokens.demo, 2)).audit_status).toBe(2);

    const todos = await inv.todos('app', id);
    expect(todos.map((t) => [t.action_type, t.from_status, t.to_status])).toEqual([
      [1, null, 1],
      [2, 1, 2],
      [2, 2, 3],
      [2, 3, 2],
    ]);
  });

  it('rejection (4) hides the key, and saving the app sends it back to review', async () => {
    const { id } = await create(inv.tokens.demo, appForm('com.demogames.rejectme', 'Reject Me'));
    const rejected = await call(
      a.setStatus,
      { body: { id, audit_status: 4, reason: 'The store page is missing' } },
      inv.tokens.ops,
    );
    expect(rejected).toMatchObject({ audit_status: 4, app_key: null });
    expect((await fail(a.setStatus, { body: { id, audit_status: 2 } }, inv.tokens.demo)).code).toBe(10007);
    const saved = await call(
      a.update,
      { body: { id, ...appForm('com.demogames.rejectme', 'Reject Me 2') } },
      inv.tokens.demo,
    );
    expect(saved.audit_status).toBe(1);
    expect((await inv.todos('app', id)).map((t) => [t.action_type, t.to_status])).toEqual([
      [1, 1],
      [2, 4],
      [1, 1],
    ]);
  });

  it('deletes by status −1 with a to-do of action type 4, with its ad slots; nothing changes a deleted app', async () => {
    const { id } = await create(inv.tokens.demo, appForm('com.demogames.deleteme', 'Delete Me'));
    const slot = await call(
      endpoints.placements.create,
      { body: { adpos_name: 'Gone', ad_style: 1, app: { id }, content_type: [5] } },
      inv.tokens.demo,
    );
    expect(slot.adpos_name).toBe('Gone');
    expect(await call(a.remove, { body: { id, status: -1 } }, inv.tokens.demo)).toBeNull();
    const row = await list(inv.tokens.demo, { app_name: 'Delete Me', audit_status: -1 });
    expect(row.list[0]).toMatchObject({ id, audit_status: AuditStatus.DELETED, adpos_count: 0 });
    const slots = await call(
      endpoints.placements.list,
      { query: { app_id: id, audit_status: -1 } },
      inv.tokens.demo,
    );
    expect(slots.total).toBe(1);
    const last = (await inv.todos('app', id)).at(-1);
    expect(last).toMatchObject({ action_type: 4, from_status: 1, to_status: -1 });
    expect((await fail(a.remove, { body: { id } }, inv.tokens.demo)).code).toBe(10007);
    expect((await fail(a.setStatus, { body: { id, audit_status: 2 } }, inv.tokens.ops)).code).toBe(10007);
    expect(
      (await fail(a.update, { body: { id, ...appForm('com.demogames.deleteme') } }, inv.tokens.demo)).code,
    ).toBe(10007);
    const options = await call(a.options, {}, inv.tokens.demo);
    expect(options.map((o) => o.id)).not.toContain(id);
    // The package is free again once its app is deleted.
    expect((await create(inv.tokens.demo, appForm('com.demogames.deleteme', 'Delete Me'))).id).not.toBe(id);
  });

  it('keeps the key of an app that never left review hidden after deletion (api-contract §10)', async () => {
    const keyAfterDelete = async (pkg: string, steps: number[]) => {
      const { id } = await create(inv.tokens.demo, appForm(pkg));
      for (const to of steps) {
        const token = to === 2 || to === 4 ? inv.tokens.ops : inv.tokens.demo;
        const reason = to === 4 ? { reason: 'Not ready' } : {};
        expect(
          (await call(a.setStatus, { body: { id, audit_status: to, ...reason } }, token)).audit_status,
        ).toBe(to);
      }
      expect(await call(a.remove, { body: { id, status: -1 } }, inv.tokens.demo)).toBeNull();
      const deleted = await list(inv.tokens.demo, { pkg_name: pkg, audit_status: -1 });
      return deleted.list.find((x) => x.id === id)?.app_key;
    };
    expect(await keyAfterDelete('com.demogames.neverreviewed', [])).toBeNull();
    expect(await keyAfterDelete('com.demogames.onlyrejected', [4])).toBeNull();
    expect(await keyAfterDelete('com.demogames.wasactive', [2])).toMatch(/^[0-9a-f]{32}$/);
    expect(await keyAfterDelete('com.demogames.wasfrozen', [2, 3])).toMatch(/^[0-9a-f]{32}$/);
  });

  it('saves every demo app as listed, its category included, without picking anything', async () => {
    for (const token of [inv.tokens.demo, inv.tokens.other]) {
      const all = await list(token, { page_size: 100 });
      const demoApps = all.list.filter((x) => /^com\.(demogames|othermedia)\./.test(x.package_name));
      expect(demoApps.length).toBeGreaterThan(2);
      for (const x of demoApps.filter((y) => y.audit_status !== -1)) {
        expect(x.industry_name, x.app_name).toMatch(/^(Games|Apps) \/ /);
        const { id, app_name, package_name, platform, is_online, app_store_address, industry_id } = x;
        const body = {
          id,
          app_name,
          package_name,
          platform,
          is_online,
          app_store_address,
          industry_id,
          description: x.description,
        };
        // Throws, naming the code and the field errors, when the form as listed does not save.
        expect((await call(a.update, { body }, token)).id, app_name).toBe(id);
      }
    }
  });

  it('lists only the caller organisation, with filters, pagination and the ad slot count', async () => {
    const demo = await list(inv.tokens.demo, { page_no: 1, page_size: 2 });
    expect(demo.list).toHaveLength(2);
    expect(demo.total).toBeGreaterThanOrEqual(6);
    const all = await list(inv.tokens.demo, { page_size: 100 });
    expect(new Set(all.list.map((x) => x.publisher_name))).toEqual(new Set(['Demo Games']));
    const byPkg = await list(inv.tokens.demo, { pkg_name: 'puzzlequest' });
    expect(byPkg.list).toEqual([expect.objectContaining({ app_name: 'Puzzle Quest Saga', adpos_count: 3 })]);
    const frozen = await list(inv.tokens.demo, { audit_status: 3 });
    expect(frozen.list.map((x) => x.app_name)).toEqual(['Solitaire Classic']);
    const review = await list(inv.tokens.demo, { app_name: 'Bubble Pop' });
    expect(review.list[0]).toMatchObject({ audit_status: 1, app_key: null });
    const wildcard = await list(inv.tokens.demo, { app_name: '%' });
    expect(wildcard.total).toBe(0);
    const opsAll = await list(inv.tokens.ops, { page_size: 100 });
    expect(new Set(opsAll.list.map((x) => x.publisher_name))).toEqual(new Set(['Demo Games', 'Other Media']));
  });

  it('lets operations create an app for a publisher company and profit centre, never trusting others', async () => {
    const companies = await call(
      endpoints.ops.companies,
      { query: { is_publisher: 1, cooperation_types: '[1]' } },
      inv.tokens.ops,
    );
    expect(companies.map((c) => c.company_name)).toEqual(['Demo Games', 'Other Media']);
    const other = companies.find((c) => c.company_name === 'Other Media');
    if (!other) throw new Error('no Other Media');
    const missing = await refuse(inv.tokens.ops, appForm('com.ops.nocompany'));
    expect(missing.data).toEqual({
      errors: [{ field: 'publisher_id', message: 'Choose the publisher company' }],
    });
    const badPc = await refuse(inv.tokens.ops, {
      ...appForm('com.ops.badpc'),
      publisher_id: other.id,
      profit_center_id: 999,
    });
    expect(errorFields(badPc)).toEqual(['profit_center_id']);
    expect(fieldMessages(badPc)).toEqual(['profit_center_id: The profit centre does not exist']);
    const made = await create(inv.tokens.ops, {
      ...appForm('com.ops.forother', 'Ops Made'),
      publisher_id: other.id,
    });
    expect(made).toMatchObject({ publisher_id: other.id, publisher_name: 'Other Media' });
    const visible = await list(inv.tokens.other, { app_name: 'Ops Made' });
    expect(visible.total).toBe(1);
    // A publisher naming another company still creates in its own.
    const sneaky = await create(inv.tokens.demo, {
      ...appForm('com.demogames.sneaky', 'Sneaky'),
      publisher_id: other.id,
    });
    expect(sneaky.publisher_name).toBe('Demo Games');
    const exist = (query: { app_name: string; publisher_id?: number }) =>
      call(a.nameExists, { query }, inv.tokens.ops);
    expect(await exist({ app_name: 'Ops Made', publisher_id: other.id })).toEqual({ exist: true });
    expect(await exist({ app_name: 'Ops Made' })).toEqual({ exist: false });
  });
});
