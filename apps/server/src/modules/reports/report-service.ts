/**
 * Running a resolved report query (api-contract §8) for any kind: the page with its count and totals,
 * the per-day trend, and the streamed export, all from the same `QueryDef` and `ReportQuery`. Every
 * statement runs through the query lanes (report-guard.ts): lists and trends in the light or heavy
 * lane by their cost (reports/query-cost.ts), exports in the export lane, each with its time limit
 * and cancelled when the client goes away.
 */

import { dayNumber, fromDayNumber } from '@portal/contracts/report-dates.ts';
import { type CompareMode, compareDay, compareRange } from '@portal/contracts/report-view.ts';
import type { ReportListData } from '@portal/contracts/reports.ts';
import type { GameListData } from '@portal/contracts/reports-game.ts';
import type { TrendData } from '@portal/contracts/reports-kinds.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  contentDisposition,
  type ExportColumn,
  type ExportFormat,
  exportContentType,
  writeExport,
} from '../../reports/export/export-writer.ts';
import {
  buildCountSql,
  buildListSql,
  buildTrendSql,
  type QueryDef,
  type ReportQuery,
  splitByDay,
} from '../../reports/query-builder.ts';
import { queryLane } from '../../reports/query-cost.ts';
import { compareQuery, queryCompareRows, queryCompareTotal } from '../../reports/report-compare.ts';
import { queryReportList } from '../../reports/report-list.ts';
import { type ColumnChunk, type ReportResultRow, streamColumns } from '../../reports/store.ts';
import { answerable, ClientGoneError, exportSlot, guardedRead } from './report-guard.ts';

/** Adds derived cells (e.g. app names) to a batch of rows in place. */
export type Decorate = (rows: ReportResultRow[]) => Promise<void>;
/** Adds derived columns (e.g. app names) to a chunk of an export's rows in place. */
export type DecorateColumns = (chunk: ColumnChunk) => Promise<void>;

/**
 * One page, the number of grouped rows and the totals row; with `compare` also the compare period's
 * range, totals and per-row values (report-compare.ts), joined before `decorate` labels the rows.
 * Throws AppError 607/608 (report-guard.ts). The answer is the shared list shape, or `D` for a kind
 * whose contract says more of its cells (the game centre's: app objects after `decorate`, totals of
 * metrics only); the route's response schema checks it when it is sent.
 */
export async function runList<D extends ReportListData | GameListData = ReportListData>(
  app: FastifyInstance,
  reply: FastifyReply,
  def: QueryDef,
  q: ReportQuery,
  decorate?: Decorate,
  compare?: CompareMode,
): Promise<D> {
  const lane = queryLane(def, q);
  const [{ rows, count, total }, compareTotal] = await Promise.all([
    app.metrics.timeReport(
      def.table.kind,
      'list',
      guardedRead(app, reply, lane, (store) => queryReportList(store, def, q)),
    ),
    compare ? guardedRead(app, reply, lane, (store) => queryCompareTotal(store, def, q, compare)) : undefined,
  ]);
  const compareRows = compare
    ? await guardedRead(app, reply, lane, (store) => queryCompareRows(store, def, q, compare, rows))
    : undefined;
  if (decorate) await decorate(rows);
  // Report SQL selects no booleans: every cell is a string, number or null (objects after decorate).
  const data: ReportListData = {
    list: rows as unknown as ReportListData['list'],
    count,
    total: total as ReportListData['total'],
  };
  if (compare) {
    data.compare_range = compareRange(q, compare);
    data.compare_total = compareTotal as ReportListData['total'];
    data.compare_list = compareRows;
  }
  // The cells are the kind's, as read from its definition: the caller names the contract they meet.
  return data as D;
}

/** Each of `metrics` per day of `q`'s range, by yyyyMMdd. */
async function trendByDay(
  app: FastifyInstance,
  reply: FastifyReply,
  def: QueryDef,
  q: ReportQuery,
  metrics: string[],
) {
  const built = buildTrendSql(def, q, metrics, app.reportStore.dialect);
  const rows = await app.metrics.timeReport(
    def.table.kind,
    'trend',
    guardedRead(app, reply, queryLane(def, q), (store) => store.query(built.sql, built.params)),
  );
  return new Map(rows.map((r) => [String(r.dt), r]));
}

/**
 * `metrics` (the first also as `value`) per day of the range, oldest first, 0 for days without facts;
 * with `compare`, each point also carries `compare_dt` and `compare_values`, the day moved into the
 * compare period (contracts report-view.ts).
 */
export async function runTrend(
  app: FastifyInstance,
  reply: FastifyReply,
  def: QueryDef,
  q: ReportQuery,
  metrics: string[],
  compare?: CompareMode,
): Promise<TrendData> {
  const [byDay, byCompareDay] = await Promise.all([
    trendByDay(app, reply, def, q, metrics),
    compare ? trendByDay(app, reply, def, compareQuery(q, compare), metrics) : undefined,
  ]);
  const valuesOf = (r: ReportResultRow | undefined) =>
    Object.fromEntries(metrics.map((m) => [m, Number(r?.[m] ?? 0)]));
  const out: TrendData = [];
  for (let d = dayNumber(q.start); d <= dayNumber(q.end); d++) {
    const dt = fromDayNumber(d);
    const values = valuesOf(byDay.get(dt));
    const point: TrendData[number] = { dt, value: values[metrics[0] ?? ''] ?? 0 };
    if (metrics.length > 1) point.values = values;
    if (byCompareDay && compare) {
      point.compare_dt = compareDay(dt, q, compare);
      point.compare_values = valuesOf(byCompareDay.get(point.compare_dt));
    }
    out.push(point);
  }
  return out;
}

export type ExportRequest = {
  def: QueryDef;
  query: ReportQuery;
  columns: ExportColumn[];
  format: ExportFormat;
  /** File name without extension: UTF-8 and ASCII forms. */
  name: { utf8: string; ascii: string };
  decorate?: DecorateColumns;
};

/**
 * Streams every row of the query (no paging) as a file download on `reply`. The first rows (or the
 * end of an empty result) are read before any header is sent, so a store that is down or a statement
 * that fails at once answers the envelope like a list does (602, or 607/608), never a `200` file cut
 * short (issue 22 item 4); a failure later (including a short stream) aborts the response rather than
 * ending the file early. Holds a slot of the export lane from before the first byte (AppError 608
 * when the lane is full) until the file is written; an abandoned download or REPORT_EXPORT_TIMEOUT_MS
 * interrupts the statement and stops it.
 */
export async function sendExport(app: FastifyInstance, reply: FastifyReply, r: ExportRequest) {
  const { limit: _l, offset: _o, ...all } = r.query;
  const slot = await exportSlot(app, reply);
  const { signal } = slot;
  // Counts the bytes that go out; `rowsDone` the rows of a completed export (plugins/metrics.ts).
  const out = app.metrics.exportOutput(r.def.table.kind, r.format);
  async function* chunks() {
    // Day by day when the rows are ordered by date first (splitByDay): DuckDB then holds one day's
    // groups at a time instead of the whole range's.
    for (const part of splitByDay(r.def, all)) {
      const built = buildListSql(r.def, part, app.reportStore.dialect);
      let rows = 0;
      for await (const chunk of streamColumns(app.reportStore, built.sql, built.params, { signal })) {
        if (r.decorate) await r.decorate(chunk);
        rows += chunk.rowCount;
        yield chunk;
      }
      // A DuckDB stream that fails midway ends like a complete one (store.ts): check the count, so a
      // failure aborts the download instead of handing out a silently truncated file.
      const n = buildCountSql(r.def, part, app.reportStore.dialect);
      const expected = Number((await app.reportStore.query(n.sql, n.params, { signal }))[0]?.n ?? 0);
      if (rows !== expected) throw new Error(`report export truncated: ${rows} of ${expected} rows`);
    }
  }
  const rows = chunks();
  let first: IteratorResult<ColumnChunk>;
  try {
    first = await rows.next();
  } catch (err) {
    slot.release();
    throw answerable(signal.aborted ? signal.reason : err, reply);
  }
  async function* fromFirst() {
    if (first.done) return;
    yield first.value;
    yield* rows;
  }
  writeExport(out, r.columns, fromFirst(), r.format)
    .then(out.rowsDone, (err) => {
      if (signal.reason instanceof ClientGoneError) reply.log.info('report export abandoned by the client');
      else reply.log.error({ err: signal.reason ?? err }, 'report export failed');
      out.destroy(err);
    })
    .finally(slot.release);
  reply
    .header('content-type', exportContentType[r.format])
    .header(
      'content-disposition',
      contentDisposition(`${r.name.utf8}.${r.format}`, `${r.name.ascii}.${r.format}`),
    );
  return reply.send(out);
}

/**
 * Export columns (api-contract §10): `fields` in order, each titled by the title at the position the
 * client sent that field in (`sent`, default `fields` itself), else by the catalogue.
 */
export function exportColumns(
  fields: string[],
  sent: string[] | undefined,
  titles: string | undefined,
  catalogueTitle: (field: string) => string,
): ExportColumn[] {
  const given = (titles ?? '').split(',').map((t) => t.trim());
  const positions = sent ?? fields;
  return fields.map((field) => {
    const i = positions.indexOf(field);
    return { field, title: (i >= 0 ? given[i] : '') || catalogueTitle(field) };
  });
}
