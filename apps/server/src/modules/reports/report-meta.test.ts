import { DataPermissionType } from '@portal/contracts/constants.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { countryLabel } from '@portal/contracts/report-labels.ts';
import { type Country, sdkCatalogue } from '@portal/contracts/reports.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPermissions, users } from '../../db/schema/users.ts';
import { apiDocOf } from '../../test/api-doc.ts';
import { createReportFixture, type ReportFixture, YESTERDAY } from '../../test/report-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('report metadata and channels on %s', (db) => {
  let f: ReportFixture;
  beforeAll(async () => {
    f = await createReportFixture(db);
  }, 120_000);
  afterAll(async () => f?.close());

  const statColumns = endpoints.reports.statColumns;
  const channels = endpoints.reports.channels;
  const countries = endpoints.catalogue.countries;

  it('lists the SDK columns with titles in the caller language', async () => {
    const en = await f.callEndpoint(statColumns, { params: { kind: 'sdk' } }, f.tokens.member);
    expect(en.map((c) => c.field)).toEqual(sdkCatalogue.map((c) => c.field));
    expect(en.find((c) => c.field === 'fill_rate')).toEqual({
      field: 'fill_rate',
      title: 'Fill rate',
      type: 2,
      file_type: 'percent',
      sortable: true,
    });
    const zh = await f.callEndpoint(statColumns, { params: { kind: 'sdk' } }, f.tokens.member, 'zh-CN');
    expect(zh[0]).toMatchObject({ field: 'dt', title: '日期', type: 1, file_type: 'date' });
    expect((await f.callEndpointFailure(statColumns, { params: { kind: 'sdk' } }, null)).code).toBe(603);
  });

  it("offers each caller its visible SDK apps as channels: member's grants, admin's company", async () => {
    const sdk = { query: { publisher_type: 1 } };
    const member = await f.callEndpoint(channels, sdk, f.tokens.member);
    expect(member.map((c) => c.app_name)).toEqual(['Puzzle Quest Saga', 'Word Blitz']);
    for (const c of member) {
      expect(c.value).toBe(c.app_key);
      expect(c.name).toBe(c.app_name);
      expect(c.package_name).toMatch(/^com\.demogames\./);
    }
    const other = await f.callEndpoint(channels, sdk, f.tokens.other);
    expect(other.map((c) => c.app_key).sort()).toEqual(await f.keysOf('Other Media'));
    const ops = await f.callEndpoint(channels, sdk, f.tokens.ops);
    expect(ops).toHaveLength(9);
    expect((await f.callEndpointFailure(channels, sdk, f.tokens.pending)).code).toBe(601);
  });

  it('applies a changed data permission on the next request, and never beyond the company', async () => {
    const [member] = await f.app.db.select().from(users).where(eq(users.email, 'member@example.com'));
    if (!member) throw new Error('member missing');
    const demoKeys = await f.keysOf('Demo Games');
    const [otherKey] = await f.keysOf('Other Media');
    const before = await f.callEndpoint(channels, { query: { publisher_type: 1 } }, f.tokens.member);
    const granted = before.map((c) => c.app_key);
    const extra = demoKeys.find((k) => !granted.includes(k)) ?? '';
    await f.app.db.insert(dataPermissions).values([
      { user_id: member.id, type: DataPermissionType.SDK, name: 'extra', rule: extra },
      { user_id: member.id, type: DataPermissionType.SDK, name: 'foreign', rule: otherKey ?? '' },
    ]);
    const query = { dt: `20260101,${YESTERDAY}`, fields: 'app_key,request', page_size: 50 };
    const list = () => f.callEndpoint(endpoints.reports.sdkList, { query }, f.tokens.member);
    const after = await list();
    const keys = after.list.map((r) => r.app_key);
    expect(keys).toContain(extra);
    expect(keys).not.toContain(otherKey);
    await f.app.db.delete(dataPermissions).where(eq(dataPermissions.name, 'extra'));
    const revoked = await list();
    expect(revoked.list.map((r) => r.app_key)).not.toContain(extra);
  });

  it('documents the report routes and their query parameters in the OpenAPI document', async () => {
    const doc = await apiDocOf(f.app);
    for (const p of [
      '/v1/report/stat_column/{kind}',
      '/v1/report/list/sdk',
      '/v1/user/channels',
      '/common/country',
    ]) {
      expect(doc.paths[p]?.get, p).toBeDefined();
    }
    const params = (doc.paths['/v1/report/list/sdk']?.get?.parameters ?? []).map((x) => x.name);
    expect(params).toEqual(
      expect.arrayContaining(['dt', 'fields', 'order', 'page_index', 'app_key', 'country']),
    );
  });

  it('lists ISO countries publicly in Chinese or English, sorted by name', async () => {
    const en = await f.callEndpoint(countries, {}, null);
    expect(en.length).toBeGreaterThan(240);
    expect(en.find((c) => c.country_code === 'US')?.country_name).toMatch(/United States/);
    const names = en.map((c) => c.country_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const zh = await f.callEndpoint(countries, {}, null, 'zh-CN');
    expect(zh.find((c) => c.country_code === 'US')?.country_name).toBe('美国');
    expect(zh.find((c) => c.country_code === 'JP')?.country_name).toBe('日本');
  });

  it('names every country as the report cells and exports do: short common names (issue 25 item 10)', async () => {
    type C = Country;
    const en = await f.callEndpoint(countries, {}, null);
    const zh = await f.callEndpoint(countries, {}, null, 'zh-CN');
    const name = (list: C[], code: string) => list.find((c) => c.country_code === code)?.country_name;
    expect(name(en, 'US')).toBe('United States');
    expect(name(en, 'TW')).toBe('Taiwan');
    expect(name(en, 'HK')).toBe('Hong Kong');
    expect(name(zh, 'TW')).toBe('台湾');
    expect(name(zh, 'HK')).toBe('香港');
    for (const c of en) expect(c.country_name, c.country_code).toBe(countryLabel(c.country_code, 'en'));
    for (const c of zh) expect(c.country_name, c.country_code).toBe(countryLabel(c.country_code, 'zh'));
  });
});
