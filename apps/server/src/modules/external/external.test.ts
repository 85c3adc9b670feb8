import { endpoints } from '@portal/contracts/endpoints.ts';
import { signFields } from '@portal/contracts/sign.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf } from '../../test/envelope.ts';
import { createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('signed /external_api partner calls on %s', (db) => {
  let inv: Inventory;
  const clock = new Date('2026-03-01T00:00:00Z');
  const ts = Math.floor(clock.getTime() / 1000);
  beforeAll(async () => {
    inv = await createInventory({
      db,
      now: () => clock,
      env: { EXTERNAL_API_KEYS: 'acme:acme-secret,beta:beta-secret' },
    });
  }, 180_000);
  afterAll(async () => inv.close());

  const signedQuery = async (fields: Record<string, unknown>, key = 'acme-secret') => {
    const all = { partner_id: 'acme', timestamp: ts, ...fields };
    return { ...all, sign: await signFields(key, all) };
  };
  /** A signed call sent raw (the signature is over the fields as sent); the envelope's data unknown. */
  const get = async (url: string, query: Record<string, unknown>) =>
    envelopeOf(
      await inv.app.inject({
        url,
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      }),
    );
  const post = async (url: string, body: Record<string, unknown>) =>
    envelopeOf(await inv.app.inject({ method: 'POST', url, payload: body }));

  it('refuses unsigned, wrongly signed, unknown-partner and stale calls with 10003', async () => {
    expect((await get('/external_api/profit_center', {})).code).toBe(10003);
    expect((await get('/external_api/profit_center', await signedQuery({}, 'beta-secret'))).code).toBe(10003);
    expect(
      (await get('/external_api/profit_center', await signedQuery({ partner_id: 'nobody' }, 'acme-secret')))
        .code,
    ).toBe(10003);
    expect((await get('/external_api/profit_center', await signedQuery({ timestamp: ts - 301 }))).code).toBe(
      10003,
    );
    expect((await get('/external_api/profit_center', await signedQuery({ timestamp: ts + 301 }))).code).toBe(
      10003,
    );
    const tampered = { ...(await signedQuery({ is_publisher: 1 })), is_publisher: 0 };
    expect((await get('/external_api/company/list', tampered)).code).toBe(10003);
    expect((await post('/external_api/profit_center/notice', { id: 1, name: 'x' })).code).toBe(10003);
    expect((await get('/external_api/profit_center', await signedQuery({ timestamp: ts - 300 }))).code).toBe(
      0,
    );
  });

  it('keeps profit centres from notices, lists them to partners and to operations', async () => {
    const notice = async (fields: Record<string, unknown>, key = 'beta-secret') => {
      const body = { partner_id: 'beta', timestamp: ts, ...fields };
      return post('/external_api/profit_center/notice', { ...body, sign: await signFields(key, body) });
    };
    expect((await notice({ id: 7, name: 'Games EU' })).code).toBe(0);
    expect((await notice({ id: 8, name: 'Media APAC' })).code).toBe(0);
    expect((await notice({ id: 7, name: 'Games Europe' })).code).toBe(0);
    expect((await notice({ id: 8, name: 'Media APAC', status: 2 })).code).toBe(0);
    expect((await notice({ id: 9, name: '' })).code).toBe(604);
    const listed = await get('/external_api/profit_center', await signedQuery({}));
    expect(listed.code).toBe(0);
    expect(endpoints.external.profitCenters.data.parse(listed.data)).toMatchObject([
      { id: 7, name: 'Games Europe' },
    ]);
    expect(await inv.callEndpoint(endpoints.ops.profitCenters, {}, inv.tokens.ops)).toEqual([
      { id: 7, name: 'Games Europe' },
    ]);
  });

  it('lists publisher companies by cooperation type', async () => {
    const names = async (q: Record<string, unknown>) =>
      endpoints.external.companies.data
        .parse((await get('/external_api/company/list', await signedQuery(q))).data)
        .map((c) => c.company_name);
    expect(await names({ is_publisher: 1, cooperation_types: '[1]' })).toEqual(['Demo Games', 'Other Media']);
    expect(await names({ is_publisher: 1, cooperation_types: '4' })).toEqual(['Demo Games']);
    expect(await names({ is_publisher: 0 })).toEqual(['Portal Network Operations']);
    expect(
      (await get('/external_api/company/list', await signedQuery({ cooperation_types: 'x' }))).code,
    ).toBe(604);
  });
});
