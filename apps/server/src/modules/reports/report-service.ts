/**
 * Running a resolved report query (api-contract §8) for any kind: the page with its count and totals,
 * the per-day trend, and the streamed export, all from the same `QueryDef` and `ReportQuery`.
 */

import { PassThrough } from 'node:stream';
import { dayNumber, fromDayNumber } from '@portal/contracts/report-dates.ts';
import type { ReportListData } from '@portal/contracts/reports.ts';
import type { TrendData } from '@portal/contracts/reports-kinds.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  contentDisposition,
  type ExportColumn,
  type ExportFormat,
  exportContentType,
  writeExport,
} from '../../reports/export-writer.ts';
import {
  buildCountSql,
  buildListSql,
  buildTrendSql,
  type QueryDef,
  type ReportQuery,
  splitByDay,
} from '../../reports/query-builder.ts';
import { queryReportList } from '../../reports/report-list.ts';
import type { ReportResultRow } from '../../reports/store.ts';

/** Adds derived cells (e.g. app names) to a batch of rows in place. */
export type Decorate = (rows: ReportResultRow[]) => Promise<void>;

/** One page, the number of grouped rows and the totals row. */
export async function runList(
  app: FastifyInstance,
  def: QueryDef,
  q: ReportQuery,
  decorate?: Decorate,
): Promise<ReportListData> {
  const { rows, count, total } = await queryReportList(app.reportStore, def, q);
  if (decorate) await decorate(rows);
  // Report SQL selects no booleans: every cell is a string, number or null (objects after decorate).
  return {
    list: rows as unknown as ReportListData['list'],
    count,
    total: total as ReportListData['total'],
  };
}

/** `metric` per day of the range, oldest first, 0 for days without facts. */
export async function runTrend(
  app: FastifyInstance,
  def: QueryDef,
  q: ReportQuery,
  metric: string,
): Promise<TrendData> {
  const built = buildTrendSql(def, q, metric);
  const rows = await app.reportStore.query(built.sql, built.params);
  const byDay = new Map(rows.map((r) => [String(r.dt), Number(r.value ?? 0)]));
  const out: TrendData = [];
  for (let d = dayNumber(q.start); d <= dayNumber(q.end); d++) {
    const dt = fromDayNumber(d);
    out.push({ dt, value: byDay.get(dt) ?? 0 });
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
  decorate?: Decorate;
};

/**
 * Streams every row of the query (no paging) as a file download on `reply`; a failure midway
 * (including a short stream) aborts the response rather than ending the file early.
 */
export function sendExport(app: FastifyInstance, reply: FastifyReply, r: ExportRequest) {
  const { limit: _l, offset: _o, ...all } = r.query;
  const out = new PassThrough();
  async function* chunks() {
    // Day by day when the rows are ordered by date first (splitByDay): DuckDB then holds one day's
    // groups at a time instead of the whole range's.
    for (const part of splitByDay(r.def, all)) {
      const built = buildListSql(r.def, part);
      let rows = 0;
      for await (const chunk of app.reportStore.stream(built.sql, built.params)) {
        if (r.decorate) await r.decorate(chunk);
        rows += chunk.length;
        yield chunk;
      }
      // A DuckDB stream that fails midway ends like a complete one (store.ts): check the count, so a
      // failure aborts the download instead of handing out a silently truncated file.
      const n = buildCountSql(r.def, part);
      const expected = Number((await app.reportStore.query(n.sql, n.params))[0]?.n ?? 0);
      if (rows !== expected) throw new Error(`report export truncated: ${rows} of ${expected} rows`);
    }
  }
  writeExport(out, r.columns, chunks(), r.format).catch((err) => {
    app.log.error({ err }, 'report export failed');
    out.destroy(err);
  });
  reply
    .header('content-type', exportContentType[r.format])
    .header(
      'content-disposition',
      contentDisposition(`${r.name.utf8}.${r.format}`, `${r.name.ascii}.${r.format}`),
    );
  return reply.send(out);
}

/** Export columns: the shown fields in order, titled by `titles` (by position) or the catalogue. */
export function exportColumns(
  fields: string[],
  titles: string | undefined,
  catalogueTitle: (field: string) => string,
): ExportColumn[] {
  const given = (titles ?? '').split(',').map((t) => t.trim());
  return fields.map((field, i) => ({ field, title: given[i] || catalogueTitle(field) }));
}
