/**
 * Streamed report exports (api-contract §8): rows arrive chunk by chunk from the report store and go
 * straight out as XLSX (exceljs' streaming WorkbookWriter in a worker thread, xlsx-export.ts) or as CSV
 * (UTF-8 with a BOM so Excel reads Chinese titles), column by column (no object per row), waiting on
 * the socket's backpressure, so memory stays flat however many rows the query has. A client that goes
 * away stops the export (the next wait throws).
 */
import type { Writable } from 'node:stream';
import type { FileType } from '@portal/contracts/reports.ts';
import type { ColumnChunk, ReportValue } from '../store.ts';
import { type CellBatch, writeXlsx } from './xlsx-export.ts';

/**
 * One export column: its title; for XLSX its cell type (`fileType`, the catalogue's, default text) and
 * the label a code is shown as (`label`, e.g. an ad style's name in the request's language). CSV
 * writes the stored values whatever these say.
 */
export type ExportColumn = {
  field: string;
  title: string;
  fileType?: FileType;
  label?: (v: ReportValue) => ReportValue;
};
export type ExportFormat = 'xlsx' | 'csv';

export const exportContentType: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266, RFC 5987 `filename*`). */
export function contentDisposition(utf8Name: string, asciiName: string): string {
  const fallback = asciiName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(utf8Name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * One CSV field (RFC 4180 quoting). A string that a spreadsheet would read as a formula (starting
 * with `=`, `+`, `-`, `@`, tab or CR: OWASP "CSV injection") gets a leading `'` so it shows as text;
 * numbers are written as numbers, a negative one included.
 */
export function csvCell(v: ReportValue): string {
  if (v === null) return '';
  // The same digits as String(v) for a finite number, without V8's number-to-string cache: every
  // string that cache keeps survives young-generation collections and is promoted, so an export's
  // millions of numbers would fill the old generation with garbage (bench/RESULTS.md, issue 26).
  if (typeof v === 'number') return Number.isFinite(v) ? JSON.stringify(v) : String(v);
  const s = typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/**
 * Resolves when `out` can take more data; throws when the client has gone away (the output is
 * destroyed), so an abandoned export stops reading from the store.
 */
export async function drained(out: Writable): Promise<void> {
  if (out.destroyed) throw new Error('export output closed');
  if (!out.writableNeedDrain) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
  if (out.destroyed) throw new Error('export output closed');
}

/**
 * Writes every row of `chunks` (column by column, `ColumnChunk`) as `format` to `out`, then ends it.
 * Returns the number of rows. CSV goes out in writes of at most `CSV_WRITE_BYTES`, each waiting for
 * the output to drain when it asks to. XLSX is built in a worker thread (xlsx-export.ts), cells
 * labelled (`label`) and typed (`fileType`) as the page shows them, handed over column by column in
 * batches of about `batchBytes` (default XLSX_BATCH_BYTES), and starts a new sheet every `sheetRows`
 * rows (default: Excel's limit). No object is made per row on this thread.
 */
export async function writeExport(
  out: Writable,
  columns: ExportColumn[],
  chunks: AsyncIterable<ColumnChunk>,
  format: ExportFormat,
  opts: { sheetRows?: number; batchBytes?: number } = {},
): Promise<number> {
  let rows = 0;
  if (format === 'csv') {
    // The title row goes out at once: a failure later aborts a response already under way.
    out.write(`\ufeff${columns.map((c) => csvCell(c.title)).join(',')}\r\n`);
    // Rows are encoded into a buffer of CSV_WRITE_BYTES, which goes out when full: one string per
    // row (its cells joined), no string per chunk and no growing text (V8's string concatenation
    // leaves an object per piece).
    const cells: string[] = new Array(columns.length);
    let buf = Buffer.allocUnsafeSlow(CSV_WRITE_BYTES);
    let pos = 0;
    const flush = async (room: number) => {
      if (pos > 0) {
        const ok = out.write(buf.subarray(0, pos));
        buf = Buffer.allocUnsafeSlow(Math.max(CSV_WRITE_BYTES, room));
        pos = 0;
        if (!ok) await drained(out);
      }
      if (out.destroyed) throw new Error('export output closed');
    };
    for await (const chunk of chunks) {
      if (out.destroyed) throw new Error('export output closed');
      const cols = columns.map((c) => chunk.columns[c.field]);
      for (let i = 0; i < chunk.rowCount; i++) {
        for (let j = 0; j < cols.length; j++) cells[j] = csvCell(cols[j]?.[i] ?? null);
        const line = cells.join(',');
        // UTF-8 takes at most 3 bytes per UTF-16 code unit, plus CR LF.
        const most = line.length * 3 + 2;
        if (pos + most > buf.length) await flush(most);
        pos += buf.write(line, pos);
        buf[pos++] = 13;
        buf[pos++] = 10;
      }
      rows += chunk.rowCount;
    }
    if (pos > 0) out.write(buf.subarray(0, pos));
    out.end();
    return rows;
  }
  // A batch gathers several store chunks: a client gone away stops the reading at the next one.
  async function* whileOpen() {
    for await (const chunk of chunks) {
      if (out.destroyed) throw new Error('export output closed');
      yield chunk;
    }
  }
  return writeXlsx(
    out,
    columns.map((c) => c.title),
    byteBatches(whileOpen(), columns, opts.batchBytes ?? XLSX_BATCH_BYTES),
    { drained, sheetRows: opts.sheetRows, types: columns.map((c) => c.fileType ?? 'string') },
  );
}

/**
 * Bytes of CSV per write to the output (a longer row gets a buffer of its own size): a store chunk of
 * 2,048 full-detail rows is ~220 KB of text, written in a few pieces so what waits for the socket
 * stays small.
 */
export const CSV_WRITE_BYTES = 64 * 1024;

/**
 * Bytes of cell values handed to the XLSX worker at once (about 2,000 rows of a full-detail SDK
 * export). With at most two batches waiting in the worker (xlsx-export.ts), this bounds what an
 * export holds between the store and the socket whatever the store's chunk size or row width.
 */
export const XLSX_BATCH_BYTES = 256 * 1024;

/** Estimated bytes of a cell on its way to the worker: text its length, anything else 8. */
const cellBytes = (v: ReportValue) => (typeof v === 'string' ? v.length + 8 : 8);

/**
 * `chunks` regrouped into batches of about `maxBytes` of cells each (a batch closes at the first row
 * that reaches it), whatever size the store's chunks are; the last batch may be smaller. A batch is
 * `columns`' cells column by column (in `columns` order, `label` applied), all `rowCount` long.
 */
export async function* byteBatches(
  chunks: AsyncIterable<ColumnChunk>,
  columns: ExportColumn[],
  maxBytes: number,
): AsyncGenerator<CellBatch> {
  let batch: ReportValue[][] = columns.map(() => []);
  let count = 0;
  let bytes = 0;
  for await (const chunk of chunks) {
    const cols = columns.map((c) => chunk.columns[c.field]);
    for (let i = 0; i < chunk.rowCount; i++) {
      for (let j = 0; j < columns.length; j++) {
        const raw = cols[j]?.[i] ?? null;
        const label = columns[j]?.label;
        const v = label && raw !== null ? label(raw) : raw;
        (batch[j] as ReportValue[]).push(v);
        bytes += cellBytes(v);
      }
      count++;
      if (bytes >= maxBytes) {
        yield { rowCount: count, columns: batch };
        batch = columns.map(() => []);
        count = 0;
        bytes = 0;
      }
    }
  }
  if (count) yield { rowCount: count, columns: batch };
}
