import { DataPermissionType } from '@portal/contracts/constants.ts';
import { countryLabel } from '@portal/contracts/report-labels.ts';
import { sdkCatalogue } from '@portal/contracts/reports.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPermissions, users } from '../../db/schema/users.ts';
import { createReportFixture, type ReportFixture, YESTERDAY } from '../../test/report-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('report metadata and channels on %s', (db) => {
  let f: ReportFixture;
  beforeAll(async () => {
    f = await createReportFixture(db);
  }, 120_000);
  afterAll(async () => f?.close());

  const get = async (url: string, token?: string, lang = 'en') => {
    const res = await f.app.inject({
      method: 'GET',
      url,
      headers: { ...(token ? { token } : {}), 'accept-language': lang },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('lists the SDK columns with titles in the caller language', async () => {
    const en = await get('/v1/report/stat_column/sdk', f.tokens.member);
    expect(en.code).toBe(0);
    expect(en.data.map((c: { field: string }) => c.field)).toEqual(sdkCatalogue.map((c) => c.field));
    expect(en.data.find((c: { field: string }) => c.field === 'fill_rate')).toEqual({
      field: 'fill_rate',
      title: 'Fill rate',
      type: 2,
      file_type: 'percent',
      sortable: true,
    });
    const zh = await get('/v1/report/stat_column/sdk', f.tokens.member, 'zh-CN');
    expect(zh.data[0]).toMatchObject({ field: 'dt', title: '日期', type: 1, file_type: 'date' });
    expect((await get('/v1/report/stat_column/sdk')).code).toBe(603);
  });

  it("offers each caller its visible SDK apps as channels: member's grants, admin's company", async () => {
    const member = await get('/v1/user/channels?publisher_type=1', f.tokens.member);
    expect(member.code).toBe(0);
    expect(member.data.map((c: { app_name: string }) => c.app_name)).toEqual([
      'Puzzle Quest Saga',
      'Word Blitz',
    ]);
    for (const c of member.data) {
      expect(c.value).toBe(c.app_key);
      expect(c.name).toBe(c.app_name);
      expect(c.package_name).toMatch(/^com\.demogames\./);
    }
    const other = await get('/v1/user/channels?publisher_type=1', f.tokens.other);
    expect(other.data.map((c: { app_key: string }) => c.app_key).sort()).toEqual(
      await f.keysOf('Other Media'),
    );
    const ops = await get('/v1/user/channels?publisher_type=1', f.tokens.ops);
    expect(ops.data).toHaveLength(9);
    expect((await get('/v1/user/channels?publisher_type=1', f.tokens.pending)).code).toBe(601);
  });

  it('applies a changed data permission on the next request, and never beyond the company', async () => {
    const [member] = await f.app.db.select().from(users).where(eq(users.email, 'member@example.com'));
    if (!member) throw new Error('member missing');
    const demoKeys = await f.keysOf('Demo Games');
    const [otherKey] = await f.keysOf('Other Media');
    const before = await get('/v1/user/channels?publisher_type=1', f.tokens.member);
    const granted = before.data.map((c: { app_key: string }) => c.app_key);
    const extra = demoKeys.find((k) => !granted.includes(k)) ?? '';
    await f.app.db.insert(dataPermissions).values([
      { user_id: member.id, type: DataPermissionType.SDK, name: 'extra', rule: extra },
      { user_id: member.id, type: DataPermissionType.SDK, name: 'foreign', rule: otherKey ?? '' },
    ]);
    const url = `/v1/report/list/sdk?dt=20260101,${YESTERDAY}&fields=app_key,request&page_size=50`;
    const after = await get(url, f.tokens.member);
    const keys = after.data.list.map((r: { app_key: string }) => r.app_key);
    expect(keys).toContain(extra);
    expect(keys).not.toContain(otherKey);
    await f.app.db.delete(dataPermissions).where(eq(dataPermissions.name, 'extra'));
    const revoked = await get(url, f.tokens.member);
    expect(revoked.data.list.map((r: { app_key: string }) => r.app_key)).not.toContain(extra);
  });

  it('documents the report routes and their query parameters in the OpenAPI document', async () => {
    const doc = (await f.app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const p of [
      '/v1/report/stat_column/{kind}',
      '/v1/report/list/sdk',
      '/v1/user/channels',
      '/common/country',
    ]) {
      expect(doc.paths[p]?.get, p).toBeDefined();
    }
    const params = doc.paths['/v1/report/list/sdk'].get.parameters.map((x: { name: string }) => x.name);
    expect(params).toEqual(
      expect.arrayContaining(['dt', 'fields', 'order', 'page_index', 'app_key', 'country']),
    );
  });

  it('lists ISO countries publicly in Chinese or English, sorted by name', async () => {
    const en = await get('/common/country');
    expect(en.code).toBe(0);
    expect(en.data.length).toBeGreaterThan(240);
    const us = en.data.find((c: { country_code: string }) => c.country_code === 'US');
    expect(us.country_name).toMatch(/United States/);
    const names = en.data.map((c: { country_name: string }) => c.country_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const zh = await get('/common/country', undefined, 'zh-CN');
    expect(zh.data.find((c: { country_code: string }) => c.country_code === 'US').country_name).toBe('美国');
    expect(zh.data.find((c: { country_code: string }) => c.country_code === 'JP').country_name).toBe('日本');
  });

  it('names every country as the report cells and exports do: short common names (issue 25 item 10)', async () => {
    type C = { country_code: string; country_name: string };
    const en = (await get('/common/country')).data as C[];
    const zh = (await get('/common/country', undefined, 'zh-CN')).data as C[];
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
