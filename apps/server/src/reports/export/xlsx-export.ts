/**
 * XLSX exports written off the event loop: each export gets its own worker thread running exceljs
 * (xlsx-worker.mjs); this side feeds it row batches and writes the bytes it sends back to the output.
 *
 * Flow control: at most `MAX_BATCHES_IN_FLIGHT` batches wait in the worker, and no batch is read
 * (from the store, through `batches`) while the worker is full or the output (the HTTP response)
 * needs draining, so memory stays flat whatever the row count.
 * At most `os.availableParallelism()` exports write at once; others wait their turn, so a burst of
 * exports cannot start a thread each. A failing worker, or an output that goes away, ends the worker
 * and rejects (export-writer.ts `drained`).
 */
import os from 'node:os';
import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { FileType } from '@portal/contracts/reports.ts';
import type { ReportValue } from '../store.ts';

/** Data rows per sheet: Excel's 1,048,576 rows less the title row (ECMA-376 / Excel limits). */
export const XLSX_SHEET_ROWS = 1_048_575;
const MAX_BATCHES_IN_FLIGHT = 2;
/**
 * The worker's heap: exceljs allocates a great deal per row, and V8 left alone lets a worker grow to
 * hundreds of MB of garbage before collecting. Measured during a 1.1 M-row export: ~17 MB used of a
 * ~24 MB heap (exceljs and the two batches in flight); 32 + 4 MB took ~50 MiB off the export's peak
 * RSS against 64 + 8 at the same speed (bench/RESULTS.md, issue 26 item 3).
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 };
const workerUrl = new URL('./xlsx-worker.mjs', import.meta.url);

let running = 0;
const queue: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (running >= os.availableParallelism()) await new Promise<void>((resolve) => queue.push(resolve));
  else running++;
  return () => {
    const next = queue.shift();
    if (next) next();
    else running--;
  };
}

/** How a column's cells are typed and formatted (xlsx-worker.mjs): the catalogue's `file_type`. */
export type XlsxCellType = FileType;

/** Rows for the worker column by column: `columns[j][i]` is row i's cell under title j. */
export type CellBatch = { rowCount: number; columns: ReportValue[][] };

export type XlsxOptions = {
  sheetName?: string;
  /** Each column's cell type, in title order; absent: every cell as it comes (text or number). */
  types?: XlsxCellType[];
  /** Data rows per sheet before the next sheet starts (tests use small numbers). */
  sheetRows?: number;
  /** Resolves when `out` can take more; throws when it is gone (export-writer.ts `drained`). */
  drained: (out: Writable) => Promise<void>;
};

type Message =
  | { type: 'data'; chunk: Uint8Array }
  | { type: 'ack' }
  | { type: 'done'; rows: number }
  | { type: 'error'; message: string };

/**
 * Writes `titles` and every batch of `batches` (cells column by column, in title order) to `out` as
 * one XLSX workbook, then ends `out`. Returns the number of data rows. Throws when the worker fails or
 * `out` closes early.
 */
export async function writeXlsx(
  out: Writable,
  titles: string[],
  batches: AsyncIterable<CellBatch>,
  opts: XlsxOptions,
): Promise<number> {
  const release = await turn();
  const worker = new Worker(workerUrl, { resourceLimits: WORKER_LIMITS });
  let inFlight = 0;
  let wake: (() => void) | undefined;
  let failure: Error | undefined;
  let finished: number | undefined;
  const signal = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  worker.on('message', (m: Message) => {
    if (m.type === 'data') {
      if (!out.destroyed) out.write(m.chunk);
    } else if (m.type === 'ack') inFlight--;
    else if (m.type === 'done') finished = m.rows;
    else failure = new Error(`XLSX worker: ${m.message}`);
    signal();
  });
  worker.on('error', (err) => {
    failure = err;
    signal();
  });
  worker.on('exit', (code) => {
    if (finished === undefined) failure ??= new Error(`XLSX worker exited with code ${code}`);
    signal();
  });
  const until = async (ready: () => boolean) => {
    while (!ready()) {
      if (failure) throw failure;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
    if (failure) throw failure;
  };

  try {
    worker.postMessage({
      type: 'start',
      titles,
      types: opts.types,
      sheetName: opts.sheetName ?? 'report',
      sheetRows: opts.sheetRows ?? XLSX_SHEET_ROWS,
    });
    // The next batch is read from the store only once the worker has room and the output has
    // drained: a batch read earlier would wait here long enough to be promoted to V8's old
    // generation, as garbage once sent.
    const source = batches[Symbol.asyncIterator]();
    for (;;) {
      await until(() => inFlight < MAX_BATCHES_IN_FLIGHT);
      await opts.drained(out);
      const next = await source.next();
      if (next.done) break;
      inFlight++;
      worker.postMessage({ type: 'rows', count: next.value.rowCount, columns: next.value.columns });
    }
    worker.postMessage({ type: 'end' });
    await until(() => finished !== undefined);
    out.end();
    return finished ?? 0;
  } finally {
    await worker.terminate();
    release();
  }
}
