/**
 * What a killed import or seed leaves in ClickHouse, and the next start (issue 22 item 2): staging
 * tables of a load that never finished are dropped, a day swap stopped half-way is finished from its
 * stage, staging tables of an older version are dropped, and a swap still running elsewhere is left
 * alone. Against ClickHouse's engine (chDB behind the test endpoint).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClickHouseDatabase } from '../../test/test-app.ts';
import { rtbFacts, sdkFacts } from '../fact-tables.ts';
import type { ReportResultRow, ReportStore } from '../store.ts';
import { openClickHouseStore } from './clickhouse.ts';
import { rollupViewDdl } from './clickhouse-schema.ts';
import { JOURNAL, recoverStaging, type StagePlan } from './clickhouse-staging.ts';

const D1 = '2026-01-10';
const D2 = '2026-01-11';
const sdkRow = (dt: string, request: number): ReportResultRow => ({
  dt,
  hour: 3,
  app_key: 'a1',
  placement_id: 'p1',
  placement_name: 'Slot',
  ad_style: 2,
  geo: 'US',
  request,
  response: request,
  impression: request,
  click: 1,
  revenue: '0.5',
});
async function* chunks(rows: ReportResultRow[]) {
  yield rows;
}
const values = (dt: string, request: number) =>
  `('${dt}', 3, 'a1', 'p1', 'Slot', 2, 'US', ${request}, ${request}, ${request}, 1, 0.5)`;

describe('ClickHouse day swaps after a crash', () => {
  let url: string;
  let drop: () => Promise<void>;
  const stores: ReportStore[] = [];
  beforeAll(async () => {
    const db = await freshClickHouseDatabase();
    url = db.url;
    drop = db.drop;
  });
  afterAll(async () => {
    for (const s of stores) await s.close();
    await drop?.();
  });
  const open = async () => {
    const s = await openClickHouseStore(url);
    stores.push(s);
    return s;
  };
  const sql = (s: ReportStore, statements: string[]) =>
    s.write(async (run) => {
      for (const st of statements) await run(st);
    });
  const journalRow = (tag: string, state: string, plan: StagePlan | null, ago: string) =>
    `INSERT INTO ${JOURNAL} (tag, state, plan, at)
     SELECT '${tag}', '${state}', '${plan ? JSON.stringify(plan) : ''}', now64(3) - ${ago}`;
  const stagingTables = async (s: ReportStore) =>
    (
      await s.query(
        "SELECT name FROM system.tables WHERE database = currentDatabase() AND position(name, '__stage_') > 0 ORDER BY name",
      )
    ).map((r) => String(r.name));
  const byDay = async (s: ReportStore, table: string) =>
    Object.fromEntries(
      (await s.query(`SELECT toString(dt) AS d, sum(request) AS r FROM ${table} GROUP BY d ORDER BY d`)).map(
        (r) => [String(r.d), Number(r.r)],
      ),
    );

  it('a swap leaves no staging table and a journal that says done', async () => {
    const s = await open();
    expect(await s.replaceDays(sdkFacts, [D1, D2], chunks([sdkRow(D1, 10), sdkRow(D2, 10)]))).toBe(2);
    expect(await stagingTables(s)).toEqual([]);
    const states = await s.query(`SELECT DISTINCT state FROM ${JOURNAL} ORDER BY state`);
    expect(states.map((r) => r.state)).toEqual(['done', 'loading', 'staged']);
  });

  it('the next start drops a dead load, finishes a dead half-done swap, drops old leftovers, keeps a live swap', async () => {
    const s = await open();
    expect(await byDay(s, 'sdk_hourly')).toEqual({ [D1]: 10, [D2]: 10 });
    const dead = 'aaaaaaaaaaaa';
    const half = 'bbbbbbbbbbbb';
    const live = 'dddddddddddd';
    const halfStage = `sdk_hourly__stage_${half}`;
    const halfRollup = `sdk_daily__stage_${half}`;
    const plan: StagePlan = {
      pairs: [
        ['sdk_hourly', halfStage],
        ['sdk_daily', halfRollup],
      ],
      days: [D1, D2],
      staged: [D1, D2],
    };
    await sql(s, [
      // A load killed while loading its stage, an hour ago.
      journalRow(dead, 'loading', null, 'toIntervalHour(1)'),
      `CREATE TABLE sdk_hourly__stage_${dead} AS sdk_hourly`,
      `INSERT INTO sdk_hourly__stage_${dead} VALUES ${values(D1, 555)}`,
      // A swap killed after swapping the hourly table's first day only.
      journalRow(half, 'loading', null, 'toIntervalHour(1)'),
      `CREATE TABLE ${halfStage} AS sdk_hourly`,
      `CREATE TABLE ${halfRollup} AS sdk_daily`,
      rollupViewDdl(sdkFacts, `sdk_hourly__stage_mv_${half}`, halfStage, halfRollup),
      `INSERT INTO ${halfStage} VALUES ${values(D1, 99)}, ${values(D2, 99)}`,
      journalRow(half, 'staged', plan, 'toIntervalHour(1)'),
      `ALTER TABLE sdk_hourly REPLACE PARTITION ID '${D1.replaceAll('-', '')}' FROM ${halfStage}`,
      // An older version's leftover (no journal).
      'CREATE TABLE rtb_daily__stage_cccccccccccc AS rtb_daily',
      // A swap running right now on another instance.
      journalRow(live, 'loading', null, 'toIntervalSecond(1)'),
      `CREATE TABLE sdk_hourly__stage_${live} AS sdk_hourly`,
    ]);
    // Half-done: the hourly table has the new first day, the rollup still the old one.
    expect(await byDay(s, 'sdk_hourly')).toEqual({ [D1]: 99, [D2]: 10 });
    expect(await byDay(s, 'sdk_daily')).toEqual({ [D1]: 10, [D2]: 10 });

    const restarted = await open();
    expect(await byDay(restarted, 'sdk_hourly')).toEqual({ [D1]: 99, [D2]: 99 });
    expect(await byDay(restarted, 'sdk_daily')).toEqual({ [D1]: 99, [D2]: 99 });
    expect(await stagingTables(restarted)).toEqual([`sdk_hourly__stage_${live}`]);
    expect(await byDay(restarted, rtbFacts.daily ?? '')).toEqual({});

    // Once the live one falls silent it is dead too.
    const later = await restarted.write((run, read) => recoverStaging({ run, read }, 0));
    expect(later.dropped).toEqual([`sdk_hourly__stage_${live}`]);
    expect(await stagingTables(restarted)).toEqual([]);
    const open_ = await restarted.query(
      `SELECT tag FROM ${JOURNAL} GROUP BY tag HAVING countIf(state = 'done') = 0`,
    );
    expect(open_).toEqual([]);
  });
});
