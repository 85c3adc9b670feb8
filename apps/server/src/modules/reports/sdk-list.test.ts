import { type EndpointQuery, endpoints } from '@portal/contracts/endpoints.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../reports/sql-dialect.ts';
import { errorFields } from '../../test/json-caller.ts';
import { createReportFixture, type ReportFixture, YESTERDAY } from '../../test/report-fixture.ts';
import { reportSuiteTimeout, testStorePairs } from '../../test/test-app.ts';

type Row = Record<string, string | number | null>;
type Sums = { request: number; response: number; impression: number; click: number; revenue: number };
type Agg = Sums & { fill_rate: number; impression_rate: number; ctr: number; ecpm: number } & {
  [k: string]: string | number | null;
};
type Query = EndpointQuery<typeof endpoints.reports.sdkList>;

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
const rates = (s: Sums) => ({
  fill_rate: ratio(s.response, s.request),
  impression_rate: ratio(s.impression, s.response),
  ctr: ratio(s.click, s.impression),
  ecpm: ratio(s.revenue * 1000, s.impression),
});

describe.each(testStorePairs)(
  'GET /v1/report/list/sdk on %s + %s',
  (db, reportStore) => {
    let f: ReportFixture;
    let demoKeys: string[];
    let otherKeys: string[];

    beforeAll(async () => {
      f = await createReportFixture(db, {}, reportStore);
      demoKeys = await f.keysOf('Demo Games');
      otherKeys = await f.keysOf('Other Media');
    }, 300_000);
    afterAll(async () => f?.close());

    /** The SDK list's `data`, parsed by its schema (throws on a failure). */
    const list = (token: string, query: Query, lang = 'en') =>
      f.callEndpoint(endpoints.reports.sdkList, { query }, token, lang);
    /** The SDK list's failure envelope (throws on a success). */
    const fail = (token: string | null, query: Query, lang = 'en') =>
      f.callEndpointFailure(endpoints.reports.sdkList, { query }, token, lang);

    /** Independent grouped sums straight from the hourly facts (not the rollup the API reads). */
    async function hourlySums(keys: string[], start: string, end: string, groupBy: string[], extra = '') {
      const params: Record<string, string> = { s: start, e: end };
      keys.forEach((k, i) => {
        params[`k${i}`] = k;
      });
      const d = dialects[f.app.reportStore.dialect];
      const inKeys = keys.map((_, i) => d.param(`k${i}`, 'VARCHAR')).join(', ') || 'NULL';
      const day = d.formatDate('dt', '%Y%m%d');
      const cols = groupBy.map((g) => (g === 'dt' ? `${day} AS dt` : g)).join(', ');
      const rows = await f.app.reportStore.query(
        `SELECT ${cols}${cols ? ',' : ''} sum(request) AS request, sum(response) AS response,
              sum(impression) AS impression, sum(click) AS click, sum(revenue)::DOUBLE AS revenue
       FROM sdk_hourly
       WHERE ${day} >= ${d.param('s', 'VARCHAR')} AND ${day} <= ${d.param('e', 'VARCHAR')} AND app_key IN (${inKeys}) ${extra}
       ${groupBy.length ? `GROUP BY ${groupBy.join(', ')}` : ''}`,
        params,
      );
      return rows.map((r) => ({ ...r, ...rates(r as unknown as Sums) })) as unknown as Agg[];
    }

    it('answers totals equal to an independent sum over the hourly facts of the caller scope', async () => {
      const body = await list(f.tokens.demo, {
        dt: `20260101,${YESTERDAY}`,
        fields: 'dt,app_key,request,ecpm',
      });
      const [expected] = await hourlySums(demoKeys, '20260101', YESTERDAY, []);
      if (!expected) throw new Error('no facts');
      expect(expected.request).toBeGreaterThan(1_000_000);
      const total = body.total;
      expect(total.request).toBe(expected.request);
      expect(total.response).toBe(expected.response);
      expect(total.impression).toBe(expected.impression);
      expect(total.click).toBe(expected.click);
      expect(total.revenue).toBeCloseTo(expected.revenue, 5);
      for (const k of ['fill_rate', 'impression_rate', 'ctr', 'ecpm'] as const) {
        expect(total[k]).toBeCloseTo(expected[k], 5);
      }
      // The same filter through the hourly table (hour shown) gives identical totals.
      const hourly = await list(f.tokens.demo, { dt: `20260101,${YESTERDAY}`, fields: 'hour,request' });
      expect(hourly.total).toEqual(total);
    });

    it('groups, sorts by a metric and pages like an independent computation', async () => {
      const dt = `20260108,${YESTERDAY}`;
      const fields = 'app_key,geo,request,impression,click,ctr,revenue,ecpm';
      const expected = (await hourlySums(demoKeys, '20260108', YESTERDAY, ['app_key', 'geo'])).sort(
        (a, b) => b.revenue - a.revenue,
      );
      const body = await list(f.tokens.demo, {
        dt,
        fields,
        order: 'revenue:desc',
        page_size: 7,
        page_index: 3,
      });
      expect(body.count).toBe(expected.length);
      expect(body.list).toHaveLength(7);
      const page = expected.slice(14, 21);
      expect(body.list.map((r: Row) => [r.app_key, r.geo, r.request, r.click])).toEqual(
        page.map((r) => [r.app_key, r.geo, r.request, r.click]),
      );
      body.list.forEach((r: Row, i: number) => {
        expect(r.revenue).toBeCloseTo(page[i]?.revenue ?? -1, 5);
        expect(r.ecpm).toBeCloseTo(page[i]?.ecpm ?? -1, 5);
        expect(typeof r.app_name).toBe('string');
        expect(Object.keys(r).sort()).toEqual([...fields.split(','), 'app_name'].sort());
      });
      const last = await list(f.tokens.demo, {
        dt,
        fields,
        order: 'revenue:desc',
        page_size: 7,
        page_index: Math.ceil(expected.length / 7),
      });
      expect(last.list).toHaveLength(expected.length % 7 || 7);
    });

    it('sorts by a rate ascending with the dimensions as tie-breakers', async () => {
      const expected = (await hourlySums(demoKeys, '20260110', YESTERDAY, ['geo'])).sort(
        (a, b) => a.ctr - b.ctr || String(a.geo).localeCompare(String(b.geo)),
      );
      const body = await list(f.tokens.demo, {
        dt: `20260110,${YESTERDAY}`,
        fields: 'geo,click,ctr',
        order: 'ctr:asc',
        page_size: 100,
      });
      expect(body.list.map((r: Row) => r.geo)).toEqual(expected.map((r) => r.geo));
      expect(body.list[0]).not.toHaveProperty('app_name');
    });

    it('orders dt desc then hour desc by default and ignores an order on a field not shown', async () => {
      const q = { dt: `20260112,${YESTERDAY}`, fields: 'dt,hour,request', page_size: 3 };
      const body = await list(f.tokens.demo, q);
      expect(body.list.map((r: Row) => [r.dt, r.hour])).toEqual([
        [YESTERDAY, 23],
        [YESTERDAY, 22],
        [YESTERDAY, 21],
      ]);
      const expected = await hourlySums(demoKeys, '20260112', YESTERDAY, ['dt', 'hour']);
      expect(body.count).toBe(expected.length);
      const ignored = await list(f.tokens.demo, { ...q, order: 'revenue:asc' });
      expect(ignored.list).toEqual(body.list);
      const byHour = await list(f.tokens.demo, { ...q, order: 'hour:asc' });
      expect(byHour.list.map((r: Row) => [r.dt, r.hour])).toEqual([
        [YESTERDAY, 0],
        ['20260113', 0],
        ['20260112', 0],
      ]);
    });

    it('filters by country (any case), ad style and placement like the facts', async () => {
      const body = await list(f.tokens.demo, {
        dt: `20260105,${YESTERDAY}`,
        fields: 'placement_id,ad_style,request,revenue',
        country: 'us,JP',
        placement_type: '6',
      });
      const expected = await hourlySums(
        demoKeys,
        '20260105',
        YESTERDAY,
        ['placement_id'],
        "AND geo IN ('US', 'JP') AND ad_style = 6",
      );
      expect(expected.length).toBeGreaterThan(1);
      expect(body.count).toBe(expected.length);
      expect(body.list.every((r: Row) => r.ad_style === 6)).toBe(true);
      expect(body.total.request).toBe(expected.reduce((a, r) => a + r.request, 0));
      const onePlacement = String(expected[0]?.placement_id);
      const one = await list(f.tokens.demo, {
        dt: `20260105,${YESTERDAY}`,
        fields: 'placement_id,request',
        placement_id: onePlacement,
        country: 'US,JP',
        placement_type: '6',
      });
      expect(one.list).toEqual([{ placement_id: onePlacement, request: expected[0]?.request }]);
    });

    it('shows a member only the app keys of its data permissions', async () => {
      const body = await list(f.tokens.member, { dt: `20260101,${YESTERDAY}`, fields: 'app_key,request' });
      const seen = body.list.map((r: Row) => String(r.app_key)).sort();
      expect(seen).toHaveLength(2);
      expect(seen.every((k: string) => demoKeys.includes(k))).toBe(true);
      const [expected] = await hourlySums(seen, '20260101', YESTERDAY, []);
      expect(body.total.request).toBe(expected?.request);
      const admin = await list(f.tokens.demo, { dt: `20260101,${YESTERDAY}`, fields: 'app_key,request' });
      expect(admin.count).toBeGreaterThan(2);
      const notGranted = admin.list.map((r: Row) => String(r.app_key)).find((k: string) => !seen.includes(k));
      const asked = await list(f.tokens.member, {
        dt: `20260101,${YESTERDAY}`,
        fields: 'app_key,request',
        app_key: notGranted ?? '',
      });
      expect(asked).toMatchObject({ list: [], count: 0 });
      expect(asked.total.request).toBe(0);
    });

    it("never shows another organisation's rows, even when their app keys are asked for", async () => {
      const q = { dt: `20260101,${YESTERDAY}`, fields: 'app_key,request' };
      const theirs = await list(f.tokens.other, { ...q, app_key: demoKeys.join(',') });
      expect(theirs).toMatchObject({ list: [], count: 0 });
      expect(theirs.total).toMatchObject({ request: 0, revenue: 0, ecpm: 0 });
      const mixed = await list(f.tokens.other, {
        ...q,
        app_key: [...demoKeys, otherKeys[0] ?? ''].join(','),
      });
      expect(mixed.list.map((r: Row) => r.app_key)).toEqual([otherKeys[0]]);
      const own = await list(f.tokens.other, q);
      expect(own.list.map((r: Row) => r.app_key).sort()).toEqual(otherKeys);
    });

    it('shows operations staff every organisation', async () => {
      const body = await list(f.tokens.ops, { dt: `20260101,${YESTERDAY}`, fields: 'app_key,request' });
      const seen = body.list.map((r: Row) => String(r.app_key));
      expect(otherKeys.every((k) => seen.includes(k))).toBe(true);
      expect(seen.filter((k: string) => demoKeys.includes(k)).length).toBe(demoKeys.length - 1); // one under review
      const [expected] = await hourlySums([...demoKeys, ...otherKeys], '20260101', YESTERDAY, []);
      expect(body.total.request).toBe(expected?.request);
    });

    it.each([
      [
        'after_yesterday',
        `20260110,20260115`,
        '结束日期不能晚于昨天',
        'The end date cannot be later than yesterday',
      ],
      ['too_long', '20251001,20260101', '查询范围不能超过 90 天', 'The date range cannot exceed 90 days'],
      ['too_early', '20230724,20230801', '最早查询日期为 2023-07-25', 'The minimum query date is 2023-07-25'],
      [
        'order',
        '20260110,20260101',
        '开始日期不能晚于结束日期',
        'The start date cannot be after the end date',
      ],
      [
        'format',
        '2026-01-01,20260110',
        '日期格式错误，应为 yyyyMMdd',
        'Date format error, expected yyyyMMdd',
      ],
    ])('rejects a range breaking the %s rule with 604 in zh and en', async (_rule, dt, zh, en) => {
      const inZh = await fail(f.tokens.demo, { dt }, 'zh-CN');
      expect(inZh).toEqual({ code: 604, msg: '参数错误', data: { errors: [{ field: 'dt', message: zh }] } });
      const inEn = await fail(f.tokens.demo, { dt }, 'en');
      expect(inEn).toEqual({
        code: 604,
        msg: 'Parameter error',
        data: { errors: [{ field: 'dt', message: en }] },
      });
    });

    it('accepts the longest allowed range ending yesterday', async () => {
      const body = await list(f.tokens.demo, { dt: `20251017,${YESTERDAY}`, fields: 'request' });
      expect(body.count).toBe(1);
    });

    it('rejects unknown fields, a malformed order and bad filter values with 604', async () => {
      const dt = `20260110,${YESTERDAY}`;
      const bad = await fail(f.tokens.demo, { dt, fields: 'dt,revenue,drop table', order: 'nope:desc' });
      expect(bad.code).toBe(604);
      expect(bad.data).toEqual({
        errors: [
          { field: 'fields', message: 'Unknown field: drop table' },
          { field: 'order', message: 'Order must be field:asc or field:desc' },
        ],
      });
      const sideways = await fail(f.tokens.demo, { dt, order: 'dt:sideways' });
      expect([sideways.code, errorFields(sideways)]).toEqual([604, ['order']]);
      const style = await fail(f.tokens.demo, { dt, placement_type: '4' });
      expect([style.code, errorFields(style)[0]]).toEqual([604, 'placement_type']);
      const country = await fail(f.tokens.demo, { dt, country: "U'S" });
      expect([country.code, errorFields(country)[0]]).toEqual([604, 'country']);
      const huge = await fail(f.tokens.demo, { dt, page_size: 5000 });
      expect([huge.code, errorFields(huge)]).toEqual([604, ['page_size']]);
    });

    it('answers 601 to a pending member and 603 without a session', async () => {
      const pending = await fail(f.tokens.pending, { dt: `20260110,${YESTERDAY}` });
      expect(pending.code).toBe(601);
      expect((await fail(null, { dt: `20260110,${YESTERDAY}` })).code).toBe(603);
    });
  },
  reportSuiteTimeout,
);
