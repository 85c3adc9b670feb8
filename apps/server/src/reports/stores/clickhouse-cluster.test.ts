/**
 * The ClickHouse store on a cluster (`REPORT_STORE_CLUSTER`): every statement it would send is read
 * by ClickHouse's own parser (chDB's `formatQuery`), and the whole flow (schema, import, reads)
 * runs on chDB with the cluster played by one engine: `ON CLUSTER` dropped, replicated engines made
 * plain, a Distributed table made a pass-through Buffer over the same local table, `SYSTEM SYNC
 * REPLICA` a no-op. So the portal's reads and the import's writes go through the Distributed names to
 * the local tables exactly as the generated SQL says.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type ChdbEndpoint, startChdbEndpoint } from '../../test/chdb-endpoint.ts';
import { factTables, sdkFacts } from '../fact-tables.ts';
import { openReportStore } from '../open-store.ts';
import { sdkDef } from '../report-defs.ts';
import { queryReportList } from '../report-list.ts';
import { toReportQuery } from '../sdk-query.ts';
import type { ReportResultRow, ReportStore } from '../store.ts';
import { openClickHouseStore } from './clickhouse.ts';
import {
  clusterDropSql,
  clusterStaging,
  clusterStagingDdl,
  clusterSwapSql,
  clusterSyncSql,
} from './clickhouse-cluster.ts';
import { clickhouseSchemaSql, databaseDdl } from './clickhouse-schema.ts';

const on = { cluster: 'portal_2x2', database: 'reports_c' };

/** The cluster's statements as one ClickHouse server without a cluster can run them. */
function asOneServer(sql: string): string {
  if (/^SYSTEM SYNC REPLICA ON CLUSTER /.test(sql)) return 'SELECT 1';
  return sql
    .replaceAll(` ON CLUSTER ${on.cluster}`, '')
    .replace(/Replicated(\w*MergeTree)\('[^']*', '[^']*'\)/g, '$1')
    .replace(/Distributed\((\w+), (\w+), (\w+), [^\n]*\)$/, 'Buffer($2, $3, 1, 0, 0, 0, 0, 0, 0)');
}

const row = (dt: string, hour: number, app_key: string, request: number, revenue: string) => ({
  dt,
  hour,
  app_key,
  placement_id: `${app_key}_p1`,
  placement_name: 'Slot',
  ad_style: 2,
  geo: 'US',
  request,
  response: request - 1,
  impression: request - 2,
  click: 1,
  revenue,
});

async function* chunks(...batches: ReportResultRow[][]) {
  for (const b of batches) yield b;
}

describe('ClickHouse store on a cluster', () => {
  let endpoint: ChdbEndpoint;
  /** Every statement as the store sent it, before it was played on one server. */
  const sent: string[] = [];
  let store: ReportStore;
  /** A plain store beside it, for the parser and for looking at the local tables. */
  let plain: ReportStore;
  const parse = async (sql: string) =>
    String((await plain.query('SELECT formatQuery({q:String}) AS f', { q: sql }))[0]?.f);

  beforeAll(async () => {
    endpoint = await startChdbEndpoint({
      rewrite: (sql) => {
        sent.push(sql);
        return asOneServer(sql);
      },
    });
    const host = new URL(endpoint.url).host;
    plain = await openClickHouseStore(`clickhouse://default:@${host}/parser_only`);
    sent.length = 0;
    // Configured as an operator would: REPORT_STORE_URL and REPORT_STORE_CLUSTER.
    store = await openReportStore(
      loadConfig({
        REPORT_STORE_URL: `clickhouse://default:@${host}/${on.database}`,
        REPORT_STORE_CLUSTER: on.cluster,
      }),
    );
  });
  afterAll(async () => {
    await store?.close();
    await plain?.close();
    await endpoint?.close();
  });

  it('makes replicated local tables and Distributed tables over them on every host, accepted by ClickHouse’s parser', async () => {
    const schema = [databaseDdl(on.database, on), ...clickhouseSchemaSql(Object.values(factTables), on)];
    // What the store ran at open is exactly this DDL.
    expect(sent.filter((s) => s.startsWith('CREATE'))).toEqual(schema);
    const formatted = await Promise.all(schema.map(parse));
    for (const f of formatted) expect(f).toMatch(/ ON CLUSTER portal_2x2\b/);
    const replicaArgs = "('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')";
    expect(formatted.join('\n')).toContain(
      `CREATE TABLE IF NOT EXISTS reports_c.sdk_hourly_local ON CLUSTER portal_2x2\n(\n    \`dt\` Date,`,
    );
    const engines = formatted.map((f) => /ENGINE = (\w+\([^\n]*\))/.exec(f)?.[1]);
    for (const t of Object.values(factTables)) {
      const base = t.hourly ?? t.daily;
      expect(engines).toContain(`ReplicatedMergeTree${replicaArgs}`);
      expect(engines).toContain(`Distributed(portal_2x2, reports_c, ${base}_local, cityHash64(${t.scope}))`);
      if (t.hourly && t.daily) {
        expect(engines).toContain(
          `Distributed(portal_2x2, reports_c, ${t.daily}_local, cityHash64(${t.scope}))`,
        );
        expect(formatted.join('\n')).toContain(
          `CREATE MATERIALIZED VIEW IF NOT EXISTS reports_c.${t.daily}_mv ON CLUSTER portal_2x2 TO reports_c.${t.daily}_local`,
        );
      }
    }
    expect(engines).toContain(`ReplicatedAggregatingMergeTree${replicaArgs}`);
    // Every statement of an import parses too.
    const s = clusterStaging(sdkFacts, 'ab12');
    const importSql = [
      ...clusterStagingDdl(sdkFacts, s, on),
      ...clusterSyncSql(s, on),
      ...clusterSwapSql(s.table, s.stage, ['2026-01-10', '2026-01-11'], new Set(['2026-01-10']), on, true),
      ...clusterDropSql(s, on),
    ];
    for (const f of await Promise.all(importSql.map(parse))) expect(f).toMatch(/ ON CLUSTER portal_2x2\b/);
    await expect(parse('CREATE TABLE t ON CLUSTER portal_2x2 (')).rejects.toThrow(/Syntax error/);
  });

  it('imports through the Distributed staging table, swaps days on the local tables of every shard, reads the Distributed tables', async () => {
    sent.length = 0;
    const written = await store.replaceDays(
      sdkFacts,
      ['2026-01-10', '2026-01-11'],
      chunks([row('2026-01-10', 1, 'k1', 10, '0.100001')], [row('2026-01-11', 2, 'k1', 30, '2.25')]),
    );
    expect(written).toBe(2);
    const list = async () => {
      const q = toReportQuery({
        start: '20260101',
        end: '20260131',
        dimensions: ['dt'],
        metrics: ['request', 'revenue'],
        appKeys: ['k1', 'k2'],
        placementIds: null,
        adStyles: null,
        geos: null,
        order: null,
        limit: 10,
        offset: 0,
      });
      const r = await queryReportList(store, sdkDef, q);
      return { rows: r.rows.map((x) => [x.dt, x.request]), total: [r.total.request, r.total.revenue] };
    };
    expect(await list()).toEqual({
      rows: [
        ['20260111', 30],
        ['20260110', 10],
      ],
      total: [40, 2.350001],
    });
    // The order of the import: staging on every host, rows through the Distributed stage, replicas
    // synchronised, the swap on the local tables on every host, the staging tables dropped.
    const step = (s: string) =>
      s.startsWith('CREATE')
        ? 'create'
        : s.startsWith('INSERT')
          ? 'insert'
          : s.startsWith('SYSTEM SYNC')
            ? 'sync'
            : s.startsWith('ALTER')
              ? 'swap'
              : s.startsWith('DROP')
                ? 'drop'
                : 'read';
    const steps = sent.map(step).filter((x, i, all) => x !== 'read' && x !== all[i - 1]);
    expect(steps).toEqual(['create', 'insert', 'sync', 'swap', 'drop']);
    expect(sent.find((s) => s.startsWith('INSERT'))).toMatch(
      /^INSERT INTO reports_c\.sdk_hourly__stage_all_\w+ /,
    );
    const swaps = sent.filter((s) => s.startsWith('ALTER'));
    expect(swaps.map((s) => /^ALTER TABLE (\S+) ON CLUSTER portal_2x2 /.exec(s)?.[1])).toEqual([
      'reports_c.sdk_hourly_local',
      'reports_c.sdk_daily_local',
    ]);
    for (const f of await Promise.all(sent.filter((s) => !s.startsWith('INSERT')).map(parse))) {
      expect(f).not.toBe('');
    }

    // The same day again: replaced, not added; a day named without rows ends up empty.
    // (as a CSV file this time, the way `npm run import` hands facts over)
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cluster-csv-'));
    try {
      const r = row('2026-01-11', 5, 'k2', 7, '0.000007');
      const csvFile = path.join(dir, 'facts.csv');
      writeFileSync(csvFile, `${Object.keys(r).join(',')}\n${Object.values(r).join(',')}\n`);
      expect(await store.replaceDays(sdkFacts, ['2026-01-11'], { csvFile })).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await store.replaceDays(sdkFacts, ['2026-01-10'], chunks());
    expect(await list()).toEqual({ rows: [['20260111', 7]], total: [7, 0.000007] });
    const left = await plain.query(
      "SELECT name FROM system.tables WHERE database = 'reports_c' AND name LIKE '%stage%'",
    );
    expect(left).toEqual([]);
  });

  it('refuses a database that holds a single server’s tables under the Distributed names', async () => {
    const host = new URL(endpoint.url).host;
    const single = await openClickHouseStore(`clickhouse://default:@${host}/reports_single`);
    await single.close();
    await expect(
      openClickHouseStore(`clickhouse://default:@${host}/reports_single`, { cluster: on.cluster }),
    ).rejects.toThrow(
      /REPORT_STORE_CLUSTER=portal_2x2: reports_single holds a single server's tables \(.*sdk_hourly \(MergeTree\)/,
    );
    // The cluster's own database opens again (its tables are the Distributed ones).
    const again = await openClickHouseStore(`clickhouse://default:@${host}/${on.database}`, {
      cluster: on.cluster,
    });
    await again.close();
  });

  it('empties a day on a shard whose share of the file has no rows of it', async () => {
    // One shard's view of a swap: the day is staged (it has rows on another shard), but this
    // shard's staging partition is empty, so the day must end empty here.
    const local = `${on.database}.sdk_hourly_local`;
    expect((await plain.query(`SELECT count() AS n FROM ${local} WHERE dt = '2026-01-11'`))[0]?.n).toBe(1);
    const s = clusterStaging(sdkFacts, 'shard2');
    await store.write(async (run) => {
      for (const ddl of clusterStagingDdl(sdkFacts, s, on)) await run(ddl);
      try {
        // Without the setting ClickHouse 26 refuses the swap (it would drop data silently)…
        const [refused] = clusterSwapSql(
          s.table,
          s.stage,
          ['2026-01-11'],
          new Set(['2026-01-11']),
          on,
          false,
        );
        await expect(run(refused ?? '')).rejects.toThrow(/no parts in partition/);
        // …with it, the shard's day is replaced by its (empty) share.
        for (const sql of clusterSwapSql(
          s.table,
          s.stage,
          ['2026-01-11'],
          new Set(['2026-01-11']),
          on,
          true,
        )) {
          await run(sql);
        }
      } finally {
        for (const sql of clusterDropSql(s, on)) await run(sql);
      }
    });
    expect((await plain.query(`SELECT count() AS n FROM ${local}`))[0]?.n).toBe(0);
  });
});
