import { type EndpointQuery, endpoints } from '@portal/contracts/endpoints.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields } from '../../test/json-caller.ts';
import { createReportFixture, type ReportFixture } from '../../test/report-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';

type Row = Record<string, unknown>;

const { sdkList, rtbList, affiliateList, gameList, gxList, trend } = endpoints.reports;

describe.each(testDbKinds)('report presets and comparison on %s', (db) => {
  let f: ReportFixture;
  beforeAll(async () => {
    f = await createReportFixture(db);
  }, 240_000);
  afterAll(async () => f?.close());

  const key = (r: Row, dims: string[]) => JSON.stringify(dims.map((d) => r[d]));

  it('SDK: comparison totals and rows equal two independent period queries', async () => {
    const fields = 'dt,app_key,request,impression,fill_rate,revenue,ecpm';
    const sdk = (query: EndpointQuery<typeof sdkList>) => f.callEndpoint(sdkList, { query }, f.tokens.demo);
    const cur = await sdk({ dt: '20260108,20260114', fields, compare: 'previous', page_size: 20 });
    expect(cur.compare_range).toEqual({ start: '20260101', end: '20260107' });
    const prev = await sdk({ dt: '20260101,20260107', fields, page_size: 1000 });
    const alone = await sdk({ dt: '20260108,20260114', fields, page_size: 20 });
    // The current period is untouched by the comparison.
    expect(cur.total).toEqual(alone.total);
    expect(cur.list).toEqual(alone.list);
    expect(Number(prev.total.revenue)).toBeGreaterThan(0);
    for (const m of ['request', 'impression', 'fill_rate', 'revenue', 'ecpm']) {
      expect(Number(cur.compare_total?.[m])).toBeCloseTo(Number(prev.total[m]), 6);
    }
    // Each row's comparison is the row of the same app 7 days earlier.
    const shift = (dt: string) => {
      const d = new Date(Date.UTC(+dt.slice(0, 4), +dt.slice(4, 6) - 1, +dt.slice(6, 8) - 7));
      return d.toISOString().slice(0, 10).replaceAll('-', '');
    };
    const byKey = new Map(prev.list.map((r) => [key(r, ['dt', 'app_key']), r]));
    expect(cur.compare_list).toHaveLength(cur.list.length);
    let matched = 0;
    cur.list.forEach((r, i) => {
      const want = byKey.get(key({ ...r, dt: shift(String(r.dt)) }, ['dt', 'app_key']));
      const got = cur.compare_list?.[i];
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
    const fields = 'country,request,revenue';
    const rtb = await f.callEndpoint(
      rtbList,
      { query: { dt: '20260108,20260114', fields, compare: 'previous', page_size: 5 } },
      f.tokens.ops,
    );
    const rtbPrev = await f.callEndpoint(
      rtbList,
      { query: { dt: '20260101,20260107', fields, page_size: 1000 } },
      f.tokens.ops,
    );
    const prevBy = new Map(rtbPrev.list.map((r) => [r.country, r]));
    rtb.list.forEach((r, i) => {
      expect(rtb.compare_list?.[i]?.request).toBe(prevBy.get(r.country)?.request);
    });
    expect(rtb.compare_total?.request).toBe(rtbPrev.total.request);

    const aff = await f.callEndpoint(
      affiliateList,
      {
        query: {
          dt: '20260108,20260114',
          db_source: 'affiliate_2024',
          fields: 'channel,click',
          compare: 'last_year',
        },
      },
      f.tokens.ops,
    );
    expect(aff.compare_range).toEqual({ start: '20250108', end: '20250114' });
    expect(aff.list.length).toBeGreaterThan(0);
    expect(aff.compare_list?.every((c) => c === null)).toBe(true);
    expect(Number(aff.compare_total?.click ?? 0)).toBe(0);
  });

  it('game: dashed dates are shifted per row', async () => {
    const q = { data_dimension: 'datepart', data_metrics: 'uv_impression', page_size: 50 } as const;
    const game = (query: EndpointQuery<typeof gameList>) =>
      f.callEndpoint(gameList, { query }, f.tokens.demo);
    const cur = await game({ ...q, start_date: '2026-01-11', end_date: '2026-01-14', compare: 'previous' });
    const prev = await game({ ...q, start_date: '2026-01-07', end_date: '2026-01-10' });
    const byDay = new Map(prev.list.map((r) => [r.datepart, r.uv_impression]));
    expect(cur.list).toHaveLength(4);
    cur.list.forEach((r, i) => {
      const d = new Date(`${String(r.datepart)}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - 4);
      expect(cur.compare_list?.[i]?.uv_impression).toBe(byDay.get(d.toISOString().slice(0, 10)));
    });
  });

  it('a preset replaces the dates, clipped by the date rules', async () => {
    const sdk = (query: EndpointQuery<typeof sdkList>) => f.callEndpoint(sdkList, { query }, f.tokens.demo);
    const byPreset = await sdk({ preset: 'last_7_days', fields: 'dt,revenue' });
    const byDates = await sdk({ dt: '20260108,20260114', fields: 'dt,revenue' });
    expect(byPreset).toEqual(byDates);
    // "this month" on 2026-01-15 is 2026-01-01..14, whatever dt says.
    const gx = (query: EndpointQuery<typeof gxList>) => f.callEndpoint(gxList, { query }, f.tokens.demo);
    const month = await gx({ preset: 'this_month', start_date: 'x', end_date: 'y' });
    const monthDates = await gx({ start_date: '2026-01-01', end_date: '2026-01-14' });
    expect(month.total).toEqual(monthDates.total);
    // @ts-expect-error 'tomorrow' is no preset of the contract: the server must refuse it too.
    const bad = await f.callEndpointFailure(sdkList, { query: { preset: 'tomorrow' } }, f.tokens.demo);
    expect(bad.code).toBe(604);
    expect(errorFields(bad)).toEqual(['preset']);
  });

  it('trend: several metrics and the comparison line', async () => {
    const points = await f.callEndpoint(
      trend,
      {
        params: { kind: 'sdk' },
        query: { dt: '20260108,20260114', metric: 'revenue,ecpm', compare: 'previous' },
      },
      f.tokens.demo,
    );
    const prevPoints = await f.callEndpoint(
      trend,
      { params: { kind: 'sdk' }, query: { dt: '20260101,20260107', metric: 'ecpm' } },
      f.tokens.demo,
    );
    expect(points).toHaveLength(7);
    points.forEach((p, i) => {
      expect(p.value).toBe(p.values?.revenue);
      expect(p.compare_dt).toBe(prevPoints[i]?.dt);
      expect(p.compare_values?.ecpm).toBeCloseTo(prevPoints[i]?.value ?? -1, 6);
    });
  });
});
