import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSdkFacts } from '../demo/sdk-generator.ts';
import { buildListSql, type ReportQuery, splitByDay } from './query-builder.ts';
import { sdkDef } from './report-defs.ts';
import type { ReportStore } from './store.ts';
import { openDuckDbStore } from './stores/duckdb.ts';

const base: ReportQuery = {
  start: '20260105',
  end: '20260109',
  dimensions: ['dt', 'hour', 'app_key', 'geo'],
  metrics: ['request', 'revenue', 'ecpm'],
  filters: {},
  order: null,
};

describe('splitByDay', () => {
  it('gives one query per day, newest first, for the default date-first order', () => {
    expect(splitByDay(sdkDef, base).map((q) => [q.start, q.end])).toEqual([
      ['20260109', '20260109'],
      ['20260108', '20260108'],
      ['20260107', '20260107'],
      ['20260106', '20260106'],
      ['20260105', '20260105'],
    ]);
    const asc = splitByDay(sdkDef, { ...base, order: { field: 'dt', dir: 'asc' } });
    expect(asc.map((q) => q.start)).toEqual(['20260105', '20260106', '20260107', '20260108', '20260109']);
  });

  it('keeps the query whole when another field sorts first, dates are not shown, or it is paged', () => {
    const byRevenue = { ...base, order: { field: 'revenue', dir: 'desc' as const } };
    expect(splitByDay(sdkDef, byRevenue)).toEqual([byRevenue]);
    const noDate = { ...base, dimensions: ['app_key'] };
    expect(splitByDay(sdkDef, noDate)).toEqual([noDate]);
    const paged = { ...base, limit: 20, offset: 0 };
    expect(splitByDay(sdkDef, paged)).toEqual([paged]);
  });
});

describe('splitByDay on facts', () => {
  let store: ReportStore;
  beforeAll(async () => {
    store = await openDuckDbStore(':memory:');
    await generateSdkFacts(store, {
      apps: [
        {
          app_key: 'a',
          weight: 1,
          placements: [{ placement_id: '1', placement_name: 'Banner', ad_style: 1 }],
        },
        {
          app_key: 'b',
          weight: 0.4,
          placements: [{ placement_id: '2', placement_name: 'Inter', ad_style: 2 }],
        },
      ],
      days: 7,
      endDate: '20260110',
      seed: 7,
    });
  });
  afterAll(async () => store?.close());

  const rowsOf = async (q: ReportQuery) => {
    const built = buildListSql(sdkDef, q);
    return store.query(built.sql, built.params);
  };

  it('yields, part after part, exactly the rows of the whole query in order', async () => {
    for (const order of [null, { field: 'dt', dir: 'asc' as const }]) {
      const q = { ...base, order };
      const whole = await rowsOf(q);
      const parts = [];
      for (const part of splitByDay(sdkDef, q)) parts.push(...(await rowsOf(part)));
      expect(whole.length).toBeGreaterThan(500);
      expect(parts).toEqual(whole);
    }
  });
});
