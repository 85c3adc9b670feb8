/**
 * The query definitions derived from the report registry (report-defs.ts, issue 24 item 1): formulas
 * evaluate to the numbers of the report's definitions (spec §3) on both stores, a metric declared once
 * in a declaration is queryable in either dialect, and no definition carries dialect text.
 */
import {
  defineReport,
  metric,
  type ReportDeclaration,
} from '@portal/contracts/report-registry/define-report.ts';
import { reportRegistry } from '@portal/contracts/report-registry/index.ts';
import { sdkReport } from '@portal/contracts/report-registry/sdk.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClickHouseDatabase } from '../test/test-app.ts';
import { sdkFacts } from './fact-tables.ts';
import {
  type BuiltSql,
  buildListSql,
  buildPageSql,
  buildTotalSql,
  buildTrendSql,
  type ReportQuery,
} from './query-builder.ts';
import { queryDefs, queryDefsOf, sdkDef } from './report-defs.ts';
import type { DialectName, ReportResultRow, ReportStore } from './store.ts';
import { openClickHouseStore } from './stores/clickhouse.ts';
import { openDuckDbStore } from './stores/duckdb.ts';

const fact = (hour: number, ad_style: number, n: [number, number, number, number], revenue: string) => ({
  dt: '2026-01-10',
  hour,
  app_key: 'k1',
  placement_id: 'p1',
  placement_name: 'Slot',
  ad_style,
  geo: 'US',
  request: n[0],
  response: n[1],
  impression: n[2],
  click: n[3],
  revenue,
});

/** Three rows: hour 1 (style 2) twice, hour 5 (style 3) once; hour 5 has no impressions. */
const facts = [
  fact(1, 2, [1000, 800, 600, 30], '1.250001'),
  fact(1, 2, [500, 200, 150, 9], '0.75'),
  fact(5, 3, [70, 7, 0, 0], '0'),
];

async function* once(rows: ReportResultRow[]) {
  yield rows;
}

const day: Pick<ReportQuery, 'start' | 'end' | 'filters' | 'order'> = {
  start: '20260110',
  end: '20260110',
  filters: { app_key: ['k1'] },
  order: null,
};

/** The SDK declaration plus one derived metric, declared once: clicks per response. */
const withClickRate: ReportDeclaration = defineReport({
  ...sdkReport,
  fields: [
    ...sdkReport.fields,
    metric('click_rate', 'percent', '点击响应比', 'Click rate', { ratio: ['click', 'response'] }),
  ],
});

const stores: {
  name: DialectName;
  open: () => Promise<{ store: ReportStore; drop?: () => Promise<void> }>;
}[] = [
  { name: 'duckdb', open: async () => ({ store: await openDuckDbStore(':memory:') }) },
  {
    name: 'clickhouse',
    open: async () => {
      const db = await freshClickHouseDatabase();
      return { store: await openClickHouseStore(db.url), drop: db.drop };
    },
  },
];

describe.each(stores)('registry formulas on $name', ({ open }) => {
  let store: ReportStore;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ store, drop } = await open());
    await store.replaceDays(sdkFacts, ['2026-01-10'], once(facts));
  });
  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  const run = (built: BuiltSql) => store.query(built.sql, built.params);

  it('sums counters exactly and takes ratios of sums (× 1000 for eCPM), 0 over zero', async () => {
    const q: ReportQuery = { ...day, dimensions: [], metrics: Object.keys(sdkDef.metrics) };
    const [total] = await run(buildTotalSql(sdkDef, q, store.dialect));
    expect(total).toEqual({
      request: 1570,
      response: 1007,
      fill_rate: Number((1007 / 1570).toFixed(6)),
      impression: 750,
      impression_rate: Number((750 / 1007).toFixed(6)),
      click: 39,
      ctr: Number((39 / 750).toFixed(6)),
      revenue: 2.000001,
      ecpm: Number(((2.000001 * 1000) / 750).toFixed(6)),
    });
    const byHour = await run(
      buildListSql(
        sdkDef,
        { ...q, dimensions: ['hour', 'ad_style'], metrics: ['ctr', 'ecpm'] },
        store.dialect,
      ),
    );
    // The codes come back as numbers (cast by the dialect), the empty hour's ratios as 0; hour desc.
    expect(byHour).toEqual([
      { hour: 5, ad_style: 3, ctr: 0, ecpm: 0 },
      { hour: 1, ad_style: 2, ctr: Number((39 / 750).toFixed(6)), ecpm: Number((2000.001 / 750).toFixed(6)) },
    ]);
  });

  it('queries a metric declared once in the declaration, in the list, totals and trend', async () => {
    const def = queryDefsOf(withClickRate).sdk;
    if (!def) throw new Error('no sdk source');
    const q: ReportQuery = {
      ...day,
      dimensions: ['hour'],
      metrics: ['click', 'click_rate'],
      limit: 10,
      offset: 0,
    };
    const page = await run(buildPageSql(def, q, store.dialect));
    expect(page.map((r) => [r.hour, r.click_rate, r.t__click_rate])).toEqual([
      [5, 0, Number((39 / 1007).toFixed(6))],
      [1, Number((39 / 1000).toFixed(6)), Number((39 / 1007).toFixed(6))],
    ]);
    const trend = await run(buildTrendSql(def, q, ['click_rate'], store.dialect));
    expect(trend).toEqual([{ dt: '20260110', click_rate: Number((39 / 1007).toFixed(6)) }]);
  });
});

describe('registry query definitions', () => {
  it('derive one definition per fact source of every declared kind, with its fields', () => {
    for (const [kind, d] of Object.entries(reportRegistry)) {
      const defs = queryDefs[kind as keyof typeof queryDefs];
      expect(Object.keys(defs)).toEqual(d.facts.sources);
      for (const def of Object.values(defs)) {
        const fields = [...Object.keys(def.dimensions), ...Object.keys(def.metrics)];
        expect(fields).toEqual(d.fields.map((f) => f.field));
        expect(def.defaultOrder).toEqual(d.order);
      }
    }
  });

  it('carry no dialect text: every cast is the dialect’s own spelling', () => {
    for (const defs of Object.values(queryDefs)) {
      for (const def of Object.values(defs)) {
        const q: ReportQuery = {
          ...day,
          filters: {},
          dimensions: Object.keys(def.dimensions),
          metrics: Object.keys(def.metrics),
        };
        const ch = [buildListSql(def, q, 'clickhouse'), buildTotalSql(def, q, 'clickhouse')].map(
          (b) => b.sql,
        );
        for (const sql of ch) expect(sql).not.toContain('::');
        const duck = buildListSql(def, q, 'duckdb').sql;
        // DuckDB's own parameter cast (`$start::DATE`) is the dialect's; no other `::` is written.
        expect(duck.replaceAll(/\$\w+::DATE/g, '')).not.toContain('::');
      }
    }
    const hour = buildListSql(sdkDef, { ...day, dimensions: ['hour'], metrics: [] }, 'clickhouse').sql;
    expect(hour).toContain('CAST(d_hour AS Int32) AS hour');
    expect(buildListSql(sdkDef, { ...day, dimensions: ['hour'], metrics: [] }, 'duckdb').sql).toContain(
      'CAST(d_hour AS INTEGER) AS hour',
    );
  });
});
