/**
 * Loading one data set into both report stores for the scale bench (bench/scale.ts), bulk only:
 *
 * - `exportParquet`: the bench data set's SDK hourly facts (bench/lib/dataset.ts, the demo generator's
 *   distribution) written once by DuckDB as Parquet, in chunks of `CHUNK_DAYS` days
 *   (`chunk=<n>/*.parquet`);
 * - `loadDuckDb`: a new DuckDB report file opened as the server opens it, filled with one
 *   `INSERT … SELECT FROM read_parquet(…) ORDER BY app_key, dt` and the server's own rollup SQL
 *   (fact-tables.ts `rollupSql`), then checkpointed;
 * - `loadClickHouse`: the ClickHouse store as the server opens it (its schema, the rollup kept by the
 *   materialized view), filled with one `INSERT … SELECT FROM file(…, Parquet)` per chunk (at most
 *   `CHUNK_DAYS` partitions per insert), then `OPTIMIZE … FINAL`, so both stores are measured merged.
 *
 * Both take their rows from the same Parquet files, so they hold the same facts; `rollupFigures`
 * reads back what each daily rollup holds, to check that too.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { rollupSql, sdkFacts, tableColumns } from '../../apps/server/src/reports/fact-tables.ts';
import type { ReportStore } from '../../apps/server/src/reports/store.ts';

/** Days per Parquet chunk (and per ClickHouse insert: ClickHouse refuses > 100 partitions per block). */
export const CHUNK_DAYS = 10;

const columns = tableColumns(sdkFacts, true).map((c) => c.name);
const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
const dash = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`;

/** Bytes under `p` (a file, or a directory recursively); 0 when missing. */
export function diskBytes(p: string): number {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.size;
  return readdirSync(p).reduce((sum, name) => sum + diskBytes(path.join(p, name)), 0);
}

/**
 * Writes `sdk_hourly` of the DuckDB store `from` (facts from `startDate`, yyyyMMdd) under `dir` as
 * Parquet chunks; returns the chunk directories (absolute) in day order.
 */
export async function exportParquet(from: ReportStore, startDate: string, dir: string): Promise<string[]> {
  const select = `SELECT ${columns.join(', ')}, (dt - DATE '${dash(startDate)}') // ${CHUNK_DAYS} AS chunk FROM sdk_hourly`;
  await from.write((run) =>
    run(`COPY (${select}) TO ${literal(dir)} (FORMAT parquet, PARTITION_BY (chunk), COMPRESSION zstd)`),
  );
  return readdirSync(dir)
    .filter((n) => n.startsWith('chunk='))
    .sort((a, b) => Number(a.slice(6)) - Number(b.slice(6)))
    .map((n) => path.join(dir, n));
}

/** Fills the empty DuckDB report store `to` from the Parquet chunks; facts span start..end (yyyyMMdd). */
export async function loadDuckDb(to: ReportStore, dir: string, startDate: string, endDate: string) {
  await to.write(async (run) => {
    await run(
      `INSERT INTO sdk_hourly SELECT ${columns.join(', ')} FROM read_parquet(${literal(`${dir}/*/*.parquet`)})
       ORDER BY app_key, dt`,
    );
    await run(rollupSql(sdkFacts) as string, { start: dash(startDate), end: dash(endDate) });
    await run('CHECKPOINT');
  });
}

/**
 * Fills the empty ClickHouse report store `to` from the Parquet chunks (the rollup follows through its
 * view), then merges both tables; the seconds spent merging.
 */
export async function loadClickHouse(to: ReportStore, chunks: string[]): Promise<{ mergeSeconds: number }> {
  return to.write(async (run) => {
    for (const chunk of chunks) {
      await run(
        `INSERT INTO sdk_hourly (${columns.join(', ')})
         SELECT ${columns.join(', ')} FROM file(${literal(`${chunk}/*.parquet`)}, Parquet)`,
      );
    }
    const t0 = performance.now();
    await run('OPTIMIZE TABLE sdk_hourly FINAL');
    await run('OPTIMIZE TABLE sdk_daily FINAL');
    return { mergeSeconds: (performance.now() - t0) / 1000 };
  });
}

/** Bytes of the active parts of the ClickHouse store's current database. */
export async function clickhouseBytes(store: ReportStore): Promise<number> {
  const [r] = await store.query(
    'SELECT sum(bytes_on_disk) AS b FROM system.parts WHERE database = currentDatabase() AND active',
  );
  return Number(r?.b ?? 0);
}

export type RollupFigures = { hourlyRows: number; dailyGroups: number; request: number; revenue: number };

/** What a store holds: hourly rows, daily rollup groups and the rollup's request and revenue sums. */
export async function rollupFigures(store: ReportStore): Promise<RollupFigures> {
  const [h] = await store.query('SELECT count(*) AS n FROM sdk_hourly');
  const [d] = await store.query(
    `SELECT count(*) AS n, sum(request) AS request, sum(revenue) AS revenue FROM (
       SELECT sum(request) AS request, sum(revenue) AS revenue FROM sdk_daily
       GROUP BY dt, app_key, placement_id, placement_name, ad_style, geo) g`,
  );
  return {
    hourlyRows: Number(h?.n ?? 0),
    dailyGroups: Number(d?.n ?? 0),
    request: Number(d?.request ?? 0),
    revenue: Number(d?.revenue ?? 0),
  };
}
