/**
 * Issue 22 item 6: a lone UTF-16 surrogate anywhere answers 604 naming the field (it used to reach
 * PostgreSQL and answer HTTP 500), and names refuse C0/C1 controls and bidi overrides, which used to
 * be stored as sent. Nothing is written for a refused call.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import { isCleanName } from '@portal/contracts/text-rules.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../db/schema/security.ts';
import { failureEnvelope } from '../lib/route-schema.ts';
import { appForm, appIdByName, createInventory, type Inventory } from '../test/inventory-fixture.ts';
import { errorFields, type FailureAnswer } from '../test/json-caller.ts';
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

  const fieldsOf = (body: FailureAnswer) => {
    expect(body.code).toBe(604);
    return errorFields(body);
  };
  /** The first field error's message of a 604. */
  const firstMessage = (body: FailureAnswer) =>
    body.data && 'errors' in body.data ? body.data.errors[0]?.message : undefined;
  const { security, apps, placements, reportViews } = endpoints;

  it('a lone surrogate answers 604 on every route the sweep saw fail with 500', async () => {
    const key = await inv.callEndpointFailure(
      security.createApiKey,
      { body: { name: LONE } },
      inv.tokens.demo,
    );
    expect(fieldsOf(key)).toEqual(['name']);
    expect(firstMessage(key)).toMatch(/surrogate/);
    const current = await inv.callEndpoint(apps.list, { query: { page_size: 100 } }, inv.tokens.demo);
    const app = current.list.find((a) => a.id === appId);
    if (!app) throw new Error('Puzzle Quest Saga is not listed');
    const upd = await inv.callEndpointFailure(
      apps.update,
      { body: { ...appForm(app.package_name), id: appId, app_name: LONE } },
      inv.tokens.demo,
    );
    expect(fieldsOf(upd)).toEqual(['app_name']);
    // An incomplete slot form (the schema refuses it), sent raw: the surrogate is named first.
    const slot = failureEnvelope.parse(
      await inv.sendRaw('PUT', placements.update.path, inv.tokens.demo, {
        id: 1,
        adpos_name: LONE,
        app: { id: appId },
      }),
    );
    expect(fieldsOf(slot)).toEqual(['adpos_name']);
    const view = await inv.callEndpointFailure(
      reportViews.create,
      { body: { kind: 'sdk', name: 'v', shared: false, query: { dt: LONE } } },
      inv.tokens.demo,
      'zh-CN',
    );
    expect(fieldsOf(view)).toEqual(['query.dt']);
    expect(firstMessage(view)).toMatch(/代理项/);
  });

  it('names refuse CR/LF, ANSI escapes and bidi overrides; nothing is stored', async () => {
    const before = (await inv.app.db.select().from(apiKeys)).length;
    const key = await inv.callEndpointFailure(
      security.createApiKey,
      { body: { name: 'ci\r\nINFO forged' } },
      inv.tokens.demo,
    );
    expect(fieldsOf(key)).toEqual(['name']);
    expect(firstMessage(key)).toMatch(/control characters/);
    const ansi = await inv.callEndpointFailure(
      security.createApiKey,
      { body: { name: '\u001b[31mred' } },
      inv.tokens.demo,
      'zh-CN',
    );
    expect(fieldsOf(ansi)).toEqual(['name']);
    expect(firstMessage(ansi)).toMatch(/控制字符/);
    expect((await inv.app.db.select().from(apiKeys)).length).toBe(before);

    const view = await inv.callEndpointFailure(
      reportViews.create,
      { body: { kind: 'sdk', name: 'report\u202eslx.exe', shared: false, query: {} } },
      inv.tokens.demo,
    );
    expect(fieldsOf(view)).toEqual(['name']);
    const app = await inv.callEndpointFailure(
      apps.create,
      { body: appForm('com.example.bidi', 'Evil\u2066App') },
      inv.tokens.demo,
    );
    expect(fieldsOf(app)).toEqual(['app_name']);
    const slot = await inv.callEndpointFailure(
      placements.create,
      { body: { app: { id: appId }, adpos_name: 'Slot\n2', ad_style: 1, content_type: [5] } },
      inv.tokens.demo,
    );
    expect(fieldsOf(slot)).toEqual(['adpos_name']);
    // An ordinary name with non-Latin letters and emoji is still accepted.
    const fine = await inv.callEndpoint(
      security.createApiKey,
      { body: { name: '报表 key 😀' } },
      inv.tokens.demo,
    );
    expect(fine.name).toBe('报表 key 😀');
  });
});
