/**
 * Moving facts from a DuckDB store into any report store (`ReportStore.replaceDays`): the demo
 * generators and the importer's validation are DuckDB SQL, so for another store they run on a scratch
 * in-memory DuckDB whose rows are then copied across as a CSV file that DuckDB writes (`COPY … TO`)
 * and the target reads whole, with no JavaScript object per row. Money travels as decimal text
 * (exact), dates as yyyy-MM-dd.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dayNumber, fromDayNumber } from '@portal/contracts/report-dates.ts';
import { type FactTable, tableColumns } from './fact-tables.ts';
import type { ReportStore } from './store.ts';

/** DuckDB SELECT of every column of `t` from `table` in `replaceDays` form (dt text, money text). */
export function factRowsSql(t: FactTable, table: string, where = ''): string {
  const cols = tableColumns(t, Boolean(t.hourly)).map((c) => {
    if (c.name === 'dt') return "strftime(dt, '%Y-%m-%d') AS dt";
    if (c.type === 'DECIMAL(18, 6)') return `CAST(${c.name} AS VARCHAR) AS ${c.name}`;
    return c.name;
  });
  return `SELECT ${cols.join(', ')} FROM ${table} ${where}`;
}

/** Every day from `start` to `end` (yyyy-MM-dd), inclusive. */
export function daysBetween(start: string, end: string): string[] {
  const compact = (d: string) => d.replaceAll('-', '');
  const out: string[] = [];
  for (let n = dayNumber(compact(start)); n <= dayNumber(compact(end)); n++) {
    const d = fromDayNumber(n);
    out.push(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`);
  }
  return out;
}

/**
 * Replaces `days` (yyyy-MM-dd) of `t` in `to` with the rows of `from` (a DuckDB store) on those days;
 * returns the number of rows copied.
 */
export async function copyFacts(
  from: ReportStore,
  to: ReportStore,
  t: FactTable,
  days: string[],
): Promise<number> {
  const table = t.hourly ?? t.daily;
  if (!table || days.length === 0) return 0;
  const sorted = [...days].sort();
  for (const d of sorted) if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) throw new Error(`bad day ${d}`);
  const where = `WHERE dt BETWEEN DATE '${sorted[0]}' AND DATE '${sorted[sorted.length - 1]}'`;
  return withCsv(from, factRowsSql(t, table, where), (csvFile) => to.replaceDays(t, sorted, { csvFile }));
}

/**
 * Writes the rows of `select` (DuckDB SQL on the DuckDB store `from`, no parameters) to a temporary
 * CSV file with a header, runs `use` on its path, then deletes it.
 */
export async function withCsv<T>(
  from: ReportStore,
  select: string,
  use: (csvFile: string) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-facts-'));
  const file = path.join(dir, 'facts.csv');
  try {
    // COPY takes its file name as a literal: a path of our own temporary directory.
    await from.write((run) =>
      run(`COPY (${select}) TO '${file.replaceAll("'", "''")}' (HEADER, DELIMITER ',')`),
    );
    return await use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
