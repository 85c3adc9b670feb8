/**
 * Loads report facts from the network's pipeline (`npm run import -- --kind <kind> --file <csv|parquet>`).
 * The file holds the rows of one fact table (`dt` yyyy-MM-dd or yyyyMMdd, `hour` 0–23 for hourly
 * kinds, every key and counter of fact-tables.ts by name; extra columns ignored).
 *
 * Validation runs first, in DuckDB (which reads CSV and Parquet), and names the first bad line (CSV:
 * the file's line, header = line 1; parquet: the row number): a CSV line whose number of fields
 * differs from the header's (or that is not valid CSV; CSV is comma-separated with `"` quotes), missing columns, empty keys, bad dates
 * or hours, counters that are not non-negative integers, money that is not a decimal. Then exactly
 * the dates the file contains are replaced, so importing the same file twice changes nothing and a
 * failure changes nothing:
 * - DuckDB store: in one transaction (delete those days, insert, rebuild the rollup over the span);
 * - any other store (ClickHouse): the file is validated on a scratch in-memory DuckDB and its rows go
 *   through `ReportStore.replaceDays` (ClickHouse: a staging table, then one partition swap per day).
 */
import { factRowsSql, withCsv } from '../copy-facts.ts';
import { type FactTable, factTables, rollupSql, tableColumns } from '../fact-tables.ts';
import type { ReportParams, ReportResultRow, ReportStore, WriteRunner } from '../store.ts';
import { openDuckDbStore } from '../stores/duckdb.ts';

export type ImportResult = { kind: string; rows: number; days: string[] };

type Read = (sql: string, params?: ReportParams) => Promise<ReportResultRow[]>;

/** Our words for a CSV line DuckDB rejected (its `reject_errors` row): field counts, else malformed. */
function rejectReason(r: Record<string, unknown>): string {
  const counts = /Expected Number of Columns: (\d+) Found: (\d+)/.exec(String(r.error_message));
  if (counts) {
    const [, expected, found] = counts;
    return `${found} fields where the header has ${expected} (every line needs one value per column)`;
  }
  return 'not a valid CSV line (check quotes, commas and the text encoding, UTF-8)';
}

/** Validates then imports `file` as facts of `kind`; throws Error naming the bad line. */
export async function importFacts(store: ReportStore, kind: string, file: string): Promise<ImportResult> {
  const t: FactTable | undefined = factTables[kind];
  if (!t) throw new Error(`unknown kind ${kind}; one of ${Object.keys(factTables).join(', ')}`);
  const target = t.hourly ?? t.daily;
  if (!target) throw new Error(`${kind} has no table`);
  if (store.dialect !== 'duckdb') {
    const scratch = await openDuckDbStore(':memory:');
    try {
      const staged = await scratch.write((run, read) => stageFile(run, read, t, file, ''));
      await withCsv(scratch, factRowsSql(t, 'import_rows'), (csvFile) =>
        store.replaceDays(t, staged.days, { csvFile }),
      );
      return { kind, ...staged };
    } finally {
      await scratch.close();
    }
  }
  return store.write(async (run, read) => {
    const staged = await stageFile(run, read, t, file, 'TEMP ');
    const columns = tableColumns(t, Boolean(t.hourly));
    const names = columns.map((c) => c.name).join(', ');
    await run('BEGIN TRANSACTION');
    try {
      await run(`DELETE FROM ${target} WHERE dt IN (SELECT DISTINCT dt FROM import_rows)`);
      await run(`INSERT INTO ${target} (${names}) SELECT ${names} FROM import_rows ORDER BY ${t.scope}, dt`);
      const rollup = rollupSql(t);
      const [start, end] = [staged.days[0], staged.days[staged.days.length - 1]];
      if (rollup && t.daily && start && end) {
        const range = { start, end };
        await run(`DELETE FROM ${t.daily} WHERE dt BETWEEN $start::DATE AND $end::DATE`, range);
        await run(rollup, range);
      }
      await run('COMMIT');
    } catch (err) {
      await run('ROLLBACK');
      throw err;
    } finally {
      await run('DROP TABLE IF EXISTS import_raw');
      await run('DROP TABLE IF EXISTS import_rows');
    }
    return { kind, ...staged };
  });
}

/**
 * Reads `file` into table `import_raw`, validates it (throwing Error naming the first bad line) and
 * writes its typed rows to table `import_rows` (`temp` 'TEMP ' or ''); returns their count and days.
 */
async function stageFile(
  run: WriteRunner,
  read: Read,
  t: FactTable,
  file: string,
  temp: 'TEMP ' | '',
): Promise<{ rows: number; days: string[] }> {
  const columns = tableColumns(t, Boolean(t.hourly));
  const parquet = /\.parquet$/i.test(file);
  // Lines DuckDB cannot split into the header's fields go to the rejects tables instead of failing
  // with the engine's message (or, worse, making the sniffer read each line as one column).
  const reader = parquet
    ? 'read_parquet($file)'
    : `read_csv($file, all_varchar = true, header = true, parallel = false, auto_detect = true,
        delim = ',', quote = '"', escape = '"', store_rejects = true,
        rejects_table = 'import_rejects', rejects_scan = 'import_reject_scans')`;
  const firstLine = parquet ? 1 : 2;
  await run('DROP TABLE IF EXISTS import_rejects');
  await run('DROP TABLE IF EXISTS import_reject_scans');
  await run(
    `CREATE OR REPLACE ${temp}TABLE import_raw AS SELECT row_number() OVER () AS _row, * FROM ${reader}`,
    { file },
  );
  if (!parquet) {
    const [rejected] = await read(
      'SELECT line, error_type, error_message FROM import_rejects ORDER BY line LIMIT 1',
    );
    await run('DROP TABLE IF EXISTS import_rejects');
    await run('DROP TABLE IF EXISTS import_reject_scans');
    if (rejected) throw new Error(`${file}: line ${Number(rejected.line)}: ${rejectReason(rejected)}`);
  }
  const present = new Set((await read('DESCRIBE import_raw')).map((r) => String(r.column_name)));
  const missing = columns.filter((c) => !present.has(c.name)).map((c) => c.name);
  if (missing.length) throw new Error(`${file}: missing column(s) ${missing.join(', ')}`);

  const s = (c: string) => `trim(CAST(${c} AS VARCHAR))`;
  const checks = columns.map((c) => {
    const v = s(c.name);
    if (c.name === 'dt') {
      return [
        c.name,
        `${v} IS NULL OR coalesce(try_strptime(${v}, '%Y-%m-%d'), try_strptime(${v}, '%Y%m%d')) IS NULL OR NOT regexp_full_match(${v}, '\\d{4}-\\d{2}-\\d{2}|\\d{8}')`,
        'a date yyyy-MM-dd or yyyyMMdd',
      ];
    }
    if (c.name === 'hour')
      return [
        c.name,
        `try_cast(${v} AS UTINYINT) IS NULL OR try_cast(${v} AS UTINYINT) > 23`,
        'an hour 0–23',
      ];
    if (c.type === 'BIGINT' || c.type === 'UTINYINT') {
      return [
        c.name,
        `NOT regexp_full_match(coalesce(${v}, ''), '\\d+') OR try_cast(${v} AS ${c.type}) IS NULL`,
        'a non-negative integer',
      ];
    }
    if (c.type === 'DECIMAL(18, 6)')
      return [c.name, `try_cast(${v} AS DECIMAL(18, 6)) IS NULL`, 'a decimal number'];
    return [c.name, `${v} IS NULL OR ${v} = ''`, 'a non-empty value'];
  });
  const bad = await read(
    `SELECT _row, ${checks.map(([, cond], i) => `(${cond}) AS c${i}`).join(', ')} FROM import_raw
     WHERE ${checks.map(([, cond]) => `(${cond})`).join(' OR ')} ORDER BY _row LIMIT 1`,
  );
  const first = bad[0];
  if (first) {
    const i = checks.findIndex((_, k) => first[`c${k}`] === true);
    const [name, , want] = checks[i] ?? ['?', '', ''];
    throw new Error(`${file}: line ${Number(first._row) + firstLine - 1}: column ${name} must be ${want}`);
  }

  const typed = columns.map((c) =>
    c.name === 'dt'
      ? `coalesce(try_strptime(${s('dt')}, '%Y-%m-%d'), strptime(${s('dt')}, '%Y%m%d'))::DATE AS dt`
      : `CAST(${s(c.name)} AS ${c.type}) AS ${c.name}`,
  );
  await run(`CREATE OR REPLACE ${temp}TABLE import_rows AS SELECT ${typed.join(', ')} FROM import_raw`);
  const days = (await read("SELECT DISTINCT strftime(dt, '%Y-%m-%d') AS d FROM import_rows ORDER BY d")).map(
    (r) => String(r.d),
  );
  const [span] = await read('SELECT count(*) AS n FROM import_rows');
  return { rows: Number(span?.n ?? 0), days };
}
