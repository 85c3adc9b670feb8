/**
 * DuckDB result chunks read column by column into plain JavaScript arrays (`ColumnChunk`), for
 * streamed exports: no row object and no DuckDB value object per cell (`chunk.getRows()` makes one
 * for every DECIMAL, DATE and 64-bit cell, and those survive the export's awaits and get promoted:
 * bench/RESULTS.md, issue 26 item 3). The values are exactly what `toPlainValue` (duckdb.ts) makes
 * of the same cells, so a row read either way is the same row:
 *
 * - 64-bit and 128-bit integers: a number within ±2^53, else the decimal string;
 * - DECIMAL: a number, `scaled / 10^scale` as a double (DuckDB's own DECIMAL → DOUBLE cast);
 * - DATE: `yyyy-MM-dd` (one string per distinct day of the chunk);
 * - VARCHAR, BOOLEAN, smaller integers, FLOAT and DOUBLE as they are; NULL as null;
 * - anything else through `toPlainValue` cell by cell.
 */
import {
  type DuckDBDataChunk,
  DuckDBDateVector,
  DuckDBDecimal16Vector,
  DuckDBDecimal32Vector,
  DuckDBDecimal64Vector,
  DuckDBDecimal128Vector,
  DuckDBTypeId,
  type DuckDBVector,
} from '@duckdb/node-api';
import type { ColumnChunk, ReportValue } from '../store.ts';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);

/** A 64/128-bit integer as the report store reads it: a number when exact, else its digits. */
export function plainBigInt(v: bigint): ReportValue {
  return v <= MAX_SAFE && v >= MIN_SAFE ? Number(v) : v.toString();
}

/** A DECIMAL's scaled integer as a double: DuckDB's DECIMAL → DOUBLE cast (`value / 10^scale`). */
function decimalNumber(scaled: number | bigint, divisor: number): number {
  return Number(scaled) / divisor;
}

/** Days of 0001-01-01 and 9999-12-31 since 1970-01-01: the span `dayText` writes as DuckDB does. */
const FIRST_DAY = -719_162;
const LAST_DAY = 2_932_896;

/** `yyyy-MM-dd` of a DuckDB DATE (days since 1970-01-01), years 1–9999. */
function dayText(days: number): string {
  return new Date(days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * One column of a chunk as plain values (see the module comment); `fallback` converts cells of a type
 * this reader does not know.
 */
export function columnValues(vector: DuckDBVector, fallback: (v: unknown) => ReportValue): ReportValue[] {
  const n = vector.itemCount;
  const out: ReportValue[] = new Array(n);
  const id = vector.type.typeId;
  if (
    vector instanceof DuckDBDecimal16Vector ||
    vector instanceof DuckDBDecimal32Vector ||
    vector instanceof DuckDBDecimal64Vector ||
    vector instanceof DuckDBDecimal128Vector
  ) {
    const divisor = 10 ** vector.type.scale;
    for (let i = 0; i < n; i++) {
      const s = vector.getScaledValue(i);
      out[i] = s === null ? null : decimalNumber(s, divisor);
    }
  } else if (vector instanceof DuckDBDateVector) {
    const texts = new Map<number, ReportValue>();
    for (let i = 0; i < n; i++) {
      const d = vector.getItem(i);
      if (d === null) {
        out[i] = null;
        continue;
      }
      let t = texts.get(d.days);
      if (t === undefined) {
        t = d.days >= FIRST_DAY && d.days <= LAST_DAY ? dayText(d.days) : fallback(d);
        texts.set(d.days, t);
      }
      out[i] = t;
    }
  } else if (
    id === DuckDBTypeId.BIGINT ||
    id === DuckDBTypeId.UBIGINT ||
    id === DuckDBTypeId.HUGEINT ||
    id === DuckDBTypeId.UHUGEINT
  ) {
    for (let i = 0; i < n; i++) {
      const v = vector.getItem(i) as bigint | null;
      out[i] = v === null ? null : plainBigInt(v);
    }
  } else if (
    id === DuckDBTypeId.VARCHAR ||
    id === DuckDBTypeId.BOOLEAN ||
    id === DuckDBTypeId.TINYINT ||
    id === DuckDBTypeId.SMALLINT ||
    id === DuckDBTypeId.INTEGER ||
    id === DuckDBTypeId.UTINYINT ||
    id === DuckDBTypeId.USMALLINT ||
    id === DuckDBTypeId.UINTEGER ||
    id === DuckDBTypeId.FLOAT ||
    id === DuckDBTypeId.DOUBLE
  ) {
    for (let i = 0; i < n; i++) out[i] = vector.getItem(i) as ReportValue;
  } else {
    for (let i = 0; i < n; i++) out[i] = fallback(vector.getItem(i));
  }
  return out;
}

/**
 * Rows handed over at once by `chunkSlices`: a DuckDB chunk is 2,048 rows; what a caller holds across
 * an await (waiting for the socket) survives V8's young-generation collections and is promoted to the
 * old generation, which then grows to a multiple of it before a full collection (bench/RESULTS.md,
 * issue 26 item 3), so the less held at once, the flatter the heap.
 */
export const COLUMN_SLICE_ROWS = 256;

/**
 * `chunk` as column chunks of at most `sliceRows` rows, in order, columns named by `names` (the
 * result's column names in order). Each slice reads its own rows only.
 */
export function* chunkSlices(
  chunk: DuckDBDataChunk,
  names: readonly string[],
  fallback: (v: unknown) => ReportValue,
  sliceRows = COLUMN_SLICE_ROWS,
): Generator<ColumnChunk> {
  const vectors: DuckDBVector[] = [];
  for (let c = 0; c < chunk.columnCount; c++) vectors.push(chunk.getColumnVector(c));
  for (let offset = 0; offset < chunk.rowCount; offset += sliceRows) {
    const rowCount = Math.min(sliceRows, chunk.rowCount - offset);
    const columns: Record<string, ReportValue[]> = {};
    vectors.forEach((v, c) => {
      columns[names[c] ?? String(c)] = columnValues(v.slice(offset, rowCount), fallback);
    });
    yield { rowCount, columns };
  }
}
