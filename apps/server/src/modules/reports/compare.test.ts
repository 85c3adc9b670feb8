import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportFixture, type ReportFixture } from '../../test/report-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';

type Row = Record<string, unknown>;
type ListBody = {
  code: number;
  data: {
    list: Row[];
    count: number;
    total: Row;
    compare_range?: { start: string; end: string };
    compare_total?: Row;
    compare_list?: (Row | null)[];
    errors?: { field: string; message: string }[];
  };
};

describe.each(testDbKinds)('report presets and comparison on %s', (db) => {
  let f: ReportFixture;
  beforeAll(async () => {
    f = await createReportFixture(db);
  }, 240_000);
  afterAll(async () => f?.close());

  async function get(url: string, query: Record<string, string | number>, token = f.tokens.demo) {
    const res = await f.app.inject({
      method: 'GET',
      url,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: { token, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as ListBody;
  }
  const key = (r: Row, dims: string[]) => JSON.stringify(dims.map((d) => r[d]));

  it('SDK: comparison totals and rows equal two independent period queries', async () => {
    const fields = 'dt,app_key,request,impression,fill_rate,revenue,ecpm';
    const cur = await get('/v1/report/list/sdk', {
      dt: '20260108,20260114',
      fields,
      compare: 'previous',
      page_size: 20,
    });
    expect(cur.code).toBe(0);
    expect(cur.data.compare_range).toEqual({ start: '20260101', end: '20260107' });
    const prev = await get('/v1/report/list/sdk', { dt: '20260101,20260107', fields, page_size: 1000 });
    const alone = await get('/v1/report/list/sdk', { dt: '20260108,20260114', fields, page_size: 20 });
    // The current period is untouched by the comparison.
    expect(cur.data.total).toEqual(alone.data.total);
    expect(cur.data.list).toEqual(alone.data.list);
    expect(Number(prev.data.total.revenue)).toBeGreaterThan(0);
    for (const m of ['request', 'impression', 'fill_rate', 'revenue', 'ecpm']) {
      expect(Number(cur.data.compare_total?.[m])).toBeCloseTo(Number(prev.data.total[m]), 6);
    }
    // Each row's comparison is the row of the same app 7 days earlier.
    const shift = (dt: string) => {
      const d = new Date(Date.UTC(+dt.slice(0, 4), +dt.slice(4, 6) - 1, +dt.slice(6, 8) - 7));
      return d.toISOString().slice(0, 10).replaceAll('-', '');
    };
    const byKey = new Map(prev.data.list.map((r) => [key(r, ['dt', 'app_key']), r]));
    expect(cur.data.compare_list).toHaveLength(cur.data.list.length);
    let matched = 0;
    cur.data.list.forEach((r, i) => {
      const want = byKey.get(key({ ...r, dt: shift(String(r.dt)) }, ['dt', 'app_key']));
      const got = cur.data.compare_list?.[i];
      if (!want) {
        expect(got).toBeNull();
        return;
      }
      matched++;
      for (const m of ['request', 'revenue', 'ecpm']) expect(got?.[m]).toBeCloseTo(Number(want[m]), 6);
    });
    expect(matched).toBeGreaterThan(0);
  });

  it('RTB and affiliate without a date dimension join on the keys; a year back has no facts', async () => {
    const rtb = await get(
      '/v1/report/list/rtb',
      { dt: '20260108,20260114', fields: 'country,request,revenue', compare: 'previous', page_size: 5 },
      f.tokens.ops,
    );
    const rtbPrev = await get(
      '/v1/report/list/rtb',
      { dt: '20260101,20260107', fields: 'country,request,revenue', page_size: 1000 },
      f.tokens.ops,
    );
    const prevBy = new Map(rtbPrev.data.list.map((r) => [r.country, r]));
    rtb.data.list.forEach((r, i) => {
      expect(rtb.data.compare_list?.[i]?.request).toBe(prevBy.get(r.country)?.request);
    });
    expect(rtb.data.compare_total?.request).toBe(rtbPrev.data.total.request);

    const aff = await get(
      '/v1/report/list/affiliate',
      { dt: '20260108,20260114', db_source: 'affiliate_2024', fields: 'channel,click', compare: 'last_year' },
      f.tokens.ops,
    );
    expect(aff.data.compare_range).toEqual({ start: '20250108', end: '20250114' });
    expect(aff.data.list.length).toBeGreaterThan(0);
    expect(aff.data.compare_list?.every((c) => c === null)).toBe(true);
    expect(Number(aff.data.compare_total?.click ?? 0)).toBe(0);
  });

  it('game: dashed dates are shifted per row', async () => {
    const q = { data_dimension: 'datepart', data_metrics: 'uv_impression', page_size: 50 };
    const cur = await get('/v1/report/list/game/sdk', {
      ...q,
      start_date: '2026-01-11',
      end_date: '2026-01-14',
      compare: 'previous',
    });
    const prev = await get('/v1/report/list/game/sdk', {
      ...q,
      start_date: '2026-01-07',
      end_date: '2026-01-10',
    });
    const byDay = new Map(prev.data.list.map((r) => [r.datepart, r.uv_impression]));
    expect(cur.data.list).toHaveLength(4);
    cur.data.list.forEach((r, i) => {
      const d = new Date(`${String(r.datepart)}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - 4);
      expect(cur.data.compare_list?.[i]?.uv_impression).toBe(byDay.get(d.toISOString().slice(0, 10)));
    });
  });

  it('a preset replaces the dates, clipped by the date rules', async () => {
    const byPreset = await get('/v1/report/list/sdk', { preset: 'last_7_days', fields: 'dt,revenue' });
    const byDates = await get('/v1/report/list/sdk', { dt: '20260108,20260114', fields: 'dt,revenue' });
    expect(byPreset.data).toEqual(byDates.data);
    // "this month" on 2026-01-15 is 2026-01-01..14, whatever dt says.
    const month = await get('/gx/report/list', { preset: 'this_month', start_date: 'x', end_date: 'y' });
    const monthDates = await get('/gx/report/list', { start_date: '2026-01-01', end_date: '2026-01-14' });
    expect(month.code).toBe(0);
    expect(month.data.total).toEqual(monthDates.data.total);
    const bad = await get('/v1/report/list/sdk', { preset: 'tomorrow' });
    expect(bad.code).toBe(604);
  });

  it('trend: several metrics and the comparison line', async () => {
    const res = await f.app.inject({
      method: 'GET',
      url: '/v1/report/trend/sdk',
      query: { dt: '20260108,20260114', metric: 'revenue,ecpm', compare: 'previous' },
      headers: { token: f.tokens.demo },
    });
    const body = res.json() as {
      code: number;
      data: { dt: string; value: number; values: Row; compare_dt: string; compare_values: Row }[];
    };
    expect(body.code).toBe(0);
    const prev = await f.app.inject({
      method: 'GET',
      url: '/v1/report/trend/sdk',
      query: { dt: '20260101,20260107', metric: 'ecpm' },
      headers: { token: f.tokens.demo },
    });
    const prevPoints = (prev.json() as { data: { dt: string; value: number }[] }).data;
    expect(body.data).toHaveLength(7);
    body.data.forEach((p, i) => {
      expect(p.value).toBe(p.values.revenue);
      expect(p.compare_dt).toBe(prevPoints[i]?.dt);
      expect(p.compare_values.ecpm).toBeCloseTo(prevPoints[i]?.value ?? -1, 6);
    });
  });
});
