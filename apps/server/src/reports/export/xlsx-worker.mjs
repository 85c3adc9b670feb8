// @ts-check
/**
 * Worker thread that writes one XLSX export with exceljs' streaming WorkbookWriter (shared strings and
 * styles off, each row committed at once), so building the sheet XML, the heaviest part of an export
 * (bench/RESULTS.md), runs beside the event loop instead of on it. Plain JavaScript so Node runs it
 * as it is under tsx, Vitest and the bench alike.
 *
 * Messages in (from xlsx-export.ts, in this order):
 *   { type: 'start', titles: string[], types?: CellType[], sheetName: string, sheetRows: number }
 *   { type: 'rows', count: number, columns: (string | number | boolean | null)[][] }   any number of
 *     times: `count` rows column by column (`columns[j][i]` is row i's cell under title j)
 *   { type: 'end' }
 * Messages out:
 *   { type: 'data', chunk: Uint8Array }   the file's bytes, in order
 *   { type: 'ack' }                       one per 'rows', once its rows are in the sheet
 *   { type: 'done', rows: number }        after the last byte
 *   { type: 'error', message: string }
 * A sheet holds at most `sheetRows` data rows under its title row (Excel's limit is 1,048,576 rows in
 * all); further rows go to `<sheetName> (2)`, `(3)`, … each with the titles again.
 *
 * Cells are typed and formatted as the report page shows them by the column's `types` entry (the
 * catalogue's file_type; xlsx-cells.mjs, shared with the bench's exceljs ceiling). The title row is
 * bold and frozen; column widths follow the titles and the first batch's values.
 */
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { addTypedRow, columnStyles } from './xlsx-cells.mjs';

/**
 * Rows rendered between two turns of this thread's event loop. exceljs hands the sheet XML to the zip
 * without waiting, and the deflate stream advances one chunk per completed turn: without these turns
 * the XML of a whole batch piles up uncompressed (hundreds of MB for a million rows).
 */
const SLICE_ROWS = 64;

if (!parentPort) throw new Error('xlsx-worker.mjs runs as a worker thread');
const port = parentPort;

/** @typedef {import('./xlsx-cells.mjs').CellType} CellType */

/** Column widths (characters) by cell type, before the title and values widen them. */
const MIN_WIDTH = /** @type {Record<CellType, number>} */ ({
  date: 12,
  hour: 6,
  int: 12,
  money: 14,
  percent: 10,
  string: 12,
});
const MAX_WIDTH = 48;

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** Display width of `s` in characters: East Asian wide characters (and emoji) count 2. */
function textWidth(/** @type {string} */ s) {
  let w = 0;
  for (const ch of s) w += WIDE.test(ch) || (ch.codePointAt(0) ?? 0) > 0xffff ? 2 : 1;
  return w;
}

/** Column widths from the titles and `columns` (the first batch's, column by column), by the columns' types. */
function widthsOf(
  /** @type {string[]} */ titles,
  /** @type {CellType[]} */ types,
  /** @type {any[][]} */ columns,
) {
  return titles.map((title, i) => {
    const t = types[i] ?? 'string';
    const values = (columns[i] ?? []).slice(0, 200);
    let w = Math.max(MIN_WIDTH[t], textWidth(title) + 2);
    if (t === 'string') for (const v of values) w = Math.max(w, textWidth(String(v ?? '')) + 2);
    else if (t === 'int' || t === 'money')
      // #,##0(.00) of the largest value in the batch: digits, separators, decimals.
      for (const v of values) {
        const digits = String(Math.trunc(Math.abs(Number(v) || 0))).length;
        w = Math.max(w, digits + Math.floor((digits - 1) / 3) + (t === 'money' ? 3 : 0) + 2);
      }
    return Math.min(w, MAX_WIDTH);
  });
}

/** @type {{ workbook: import('exceljs').stream.xlsx.WorkbookWriter, sheet: import('exceljs').Worksheet, titles: string[], types: CellType[], styles: object[], titleStyle: object, widths: number[] | undefined, sheetName: string, sheetRows: number, inSheet: number, sheets: number, rows: number } | undefined} */
let state;

const sink = new Writable({
  write(chunk, _encoding, callback) {
    // A copy of its own, moved (not copied again) to the main thread: nothing of it stays here as
    // external memory waiting for this thread's garbage collector.
    const copy = new Uint8Array(chunk);
    port.postMessage({ type: 'data', chunk: copy }, [copy.buffer]);
    callback();
  },
});

/**
 * Starts the next sheet: widths from `first` (the first batch's columns) on the first sheet, then the
 * same; the title row bold and frozen.
 * @param {NonNullable<typeof state>} s
 * @param {any[][]} first
 */
function nextSheet(s, first) {
  s.sheets++;
  s.widths ??= widthsOf(s.titles, s.types, first);
  s.sheet = s.workbook.addWorksheet(s.sheets === 1 ? s.sheetName : `${s.sheetName} (${s.sheets})`, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  s.sheet.columns = s.titles.map((_, i) => ({ width: s.widths?.[i] }));
  const title = s.sheet.addRow(s.titles);
  title.eachCell((c) => {
    c.style = s.titleStyle;
  });
  title.commit();
  s.inSheet = 0;
}

/** Handles one message; messages run one after another (`queue`), each to its end. */
async function handle(/** @type {any} */ m) {
  try {
    if (m.type === 'start') {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: sink,
        useSharedStrings: false,
        useStyles: true,
      });
      /** @type {CellType[]} */
      const types = m.types ?? m.titles.map(() => 'string');
      state = {
        workbook,
        // Replaced by nextSheet before any use.
        sheet: /** @type {any} */ (undefined),
        titles: m.titles,
        types,
        styles: columnStyles(types),
        titleStyle: { font: { bold: true } },
        widths: undefined,
        sheetName: m.sheetName,
        sheetRows: m.sheetRows,
        inSheet: 0,
        sheets: 0,
        rows: 0,
      };
    } else if (m.type === 'rows') {
      const s = state;
      if (!s) throw new Error('rows before start');
      /** @type {any[][]} */
      const columns = m.columns;
      if (s.sheets === 0) nextSheet(s, columns);
      for (let i = 0; i < m.count; i++) {
        if (s.inSheet === s.sheetRows) {
          s.sheet.commit();
          nextSheet(s, []);
        }
        addTypedRow(
          s.sheet,
          s.types,
          s.styles,
          columns.map((c) => c[i] ?? null),
        );
        s.inSheet++;
        if (i % SLICE_ROWS === SLICE_ROWS - 1) await new Promise(setImmediate);
      }
      s.rows += m.count;
      port.postMessage({ type: 'ack' });
    } else if (m.type === 'end') {
      const s = state;
      if (!s) throw new Error('end before start');
      if (s.sheets === 0) nextSheet(s, []);
      s.sheet.commit();
      await s.workbook.commit();
      port.postMessage({ type: 'done', rows: s.rows });
    }
  } catch (err) {
    port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
}

let queue = Promise.resolve();
port.on('message', (m) => {
  queue = queue.then(() => handle(m));
});
