/**
 * Issue 22 item 6: a lone UTF-16 surrogate anywhere answers 604 naming the field (it used to reach
 * PostgreSQL and answer HTTP 500), and names refuse C0/C1 controls and bidi overrides, which used to
 * be stored as sent. Nothing is written for a refused call.
 */
import { isCleanName } from '@portal/contracts/text-rules.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../db/schema/security.ts';
import { appForm, appIdByName, createInventory, type Inventory } from '../test/inventory-fixture.ts';
import { testDbKinds } from '../test/test-app.ts';
import { nulPath } from './nul-guard.ts';

const LONE = 'x\ud800y';

describe('the name rule', () => {
  it('refuses controls, bidi overrides and lone surrogates, keeps ordinary and paired text', () => {
    for (const bad of [
      'a\nb',
      'a\rb',
      'a\tb',
      '\u001b[31mred',
      'a\u0085b',
      'a\u007fb',
      'evil\u202etxt.exe',
      'a\u2066b',
      LONE,
    ]) {
      expect(isCleanName(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const ok of ['Puzzle Quest', '游戏 应用', 'Émile’s app 😀', 'a\u200db'])
      expect(isCleanName(ok)).toBe(true);
    expect(nulPath({ query: { dt: LONE } })).toBe('query.dt');
    expect(nulPath({ [`k${'\udc00'}`]: 1 })).toBe('k\\udc00');
    expect(nulPath({ a: '😀' })).toBeNull();
  });
});

describe.each(testDbKinds)('lone surrogates and control characters on %s', (db) => {
  let inv: Inventory;
  let appId: number;
  beforeAll(async () => {
    inv = await createInventory({ db });
    appId = await appIdByName(inv, 'Puzzle Quest Saga');
  }, 180_000);
  afterAll(async () => inv?.close());

  const fieldsOf = (body: { code: number; data: { errors?: { field: string; message: string }[] } }) => {
    expect(body.code).toBe(604);
    return (body.data.errors ?? []).map((e) => e.field);
  };

  it('a lone surrogate answers 604 on every route the sweep saw fail with 500', async () => {
    const key = await inv.call('POST', '/v1/account/api_keys', inv.tokens.demo, { name: LONE });
    expect(fieldsOf(key)).toEqual(['name']);
    expect(key.data.errors[0].message).toMatch(/surrogate/);
    const current = await inv.call('GET', '/v1/app', inv.tokens.demo, { page_size: 100 });
    const app = current.data.list.find((a: { id: number }) => a.id === appId);
    const upd = await inv.call('PUT', '/v1/app', inv.tokens.demo, {
      ...appForm(app.package_name),
      id: appId,
      app_name: LONE,
    });
    expect(fieldsOf(upd)).toEqual(['app_name']);
    const slot = await inv.call('PUT', '/v1/adpos', inv.tokens.demo, {
      id: 1,
      adpos_name: LONE,
      app: { id: appId },
    });
    expect(fieldsOf(slot)).toEqual(['adpos_name']);
    const view = await inv.call(
      'POST',
      '/v1/report/views',
      inv.tokens.demo,
      {
        kind: 'sdk',
        name: 'v',
        shared: false,
        query: { dt: LONE },
      },
      'zh-CN',
    );
    expect(fieldsOf(view)).toEqual(['query.dt']);
    expect(view.data.errors[0].message).toMatch(/代理项/);
  });

  it('names refuse CR/LF, ANSI escapes and bidi overrides; nothing is stored', async () => {
    const before = (await inv.app.db.select().from(apiKeys)).length;
    const key = await inv.call('POST', '/v1/account/api_keys', inv.tokens.demo, {
      name: 'ci\r\nINFO forged',
    });
    expect(fieldsOf(key)).toEqual(['name']);
    expect(key.data.errors[0].message).toMatch(/control characters/);
    const ansi = await inv.call(
      'POST',
      '/v1/account/api_keys',
      inv.tokens.demo,
      { name: '\u001b[31mred' },
      'zh-CN',
    );
    expect(fieldsOf(ansi)).toEqual(['name']);
    expect(ansi.data.errors[0].message).toMatch(/控制字符/);
    expect((await inv.app.db.select().from(apiKeys)).length).toBe(before);

    const view = await inv.call('POST', '/v1/report/views', inv.tokens.demo, {
      kind: 'sdk',
      name: 'report\u202eslx.exe',
      shared: false,
      query: {},
    });
    expect(fieldsOf(view)).toEqual(['name']);
    const app = await inv.call(
      'POST',
      '/v1/app',
      inv.tokens.demo,
      appForm('com.example.bidi', 'Evil\u2066App'),
    );
    expect(fieldsOf(app)).toEqual(['app_name']);
    const slot = await inv.call('POST', '/v1/adpos', inv.tokens.demo, {
      app: { id: appId },
      adpos_name: 'Slot\n2',
      ad_style: 1,
      content_type: [5],
    });
    expect(fieldsOf(slot)).toEqual(['adpos_name']);
    // An ordinary name with non-Latin letters and emoji is still accepted.
    const fine = await inv.call('POST', '/v1/account/api_keys', inv.tokens.demo, { name: '报表 key 😀' });
    expect(fine.code).toBe(0);
  });
});
