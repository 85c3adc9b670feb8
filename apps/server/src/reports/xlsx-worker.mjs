// @ts-check
/**
 * Worker thread that writes one XLSX export with exceljs' streaming WorkbookWriter (shared strings and
 * styles off, each row committed at once), so building the sheet XML, the heaviest part of an export
 * (bench/RESULTS.md), runs beside the event loop instead of on it. Plain JavaScript so Node runs it
 * as it is under tsx, Vitest and the bench alike.
 *
 * Messages in (from xlsx-export.ts, in this order):
 *   { type: 'start', titles: string[], sheetName: string, sheetRows: number }
 *   { type: 'rows', rows: (string | number | boolean | null)[][] }   any number of times
 *   { type: 'end' }
 * Messages out:
 *   { type: 'data', chunk: Uint8Array }   the file's bytes, in order
 *   { type: 'ack' }                       one per 'rows', once its rows are in the sheet
 *   { type: 'done', rows: number }        after the last byte
 *   { type: 'error', message: string }
 * A sheet holds at most `sheetRows` data rows under its title row (Excel's limit is 1,048,576 rows in
 * all); further rows go to `<sheetName> (2)`, `(3)`, … each with the titles again.
 */
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/**
 * Rows rendered between two turns of this thread's event loop. exceljs hands the sheet XML to the zip
 * without waiting, and the deflate stream advances one chunk per completed turn: without these turns
 * the XML of a whole batch piles up uncompressed (hundreds of MB for a million rows).
 */
const SLICE_ROWS = 64;

const port = parentPort;
if (!port) throw new Error('xlsx-worker.mjs runs as a worker thread');

/** @type {{ workbook: import('exceljs').stream.xlsx.WorkbookWriter, sheet: import('exceljs').Worksheet, titles: string[], sheetName: string, sheetRows: number, inSheet: number, sheets: number, rows: number } | undefined} */
let state;

const sink = new Writable({
  write(chunk, _encoding, callback) {
    port.postMessage({ type: 'data', chunk: new Uint8Array(chunk) });
    callback();
  },
});

/** @param {NonNullable<typeof state>} s */
function nextSheet(s) {
  s.sheets++;
  s.sheet = s.workbook.addWorksheet(s.sheets === 1 ? s.sheetName : `${s.sheetName} (${s.sheets})`);
  s.sheet.addRow(s.titles).commit();
  s.inSheet = 0;
}

/** Handles one message; messages run one after another (`queue`), each to its end. */
async function handle(/** @type {any} */ m) {
  try {
    if (m.type === 'start') {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: sink,
        useSharedStrings: false,
        useStyles: false,
      });
      state = {
        workbook,
        // Replaced by nextSheet before any use.
        sheet: /** @type {any} */ (undefined),
        titles: m.titles,
        sheetName: m.sheetName,
        sheetRows: m.sheetRows,
        inSheet: 0,
        sheets: 0,
        rows: 0,
      };
      nextSheet(state);
    } else if (m.type === 'rows') {
      const s = state;
      if (!s) throw new Error('rows before start');
      for (let i = 0; i < m.rows.length; i++) {
        if (s.inSheet === s.sheetRows) {
          s.sheet.commit();
          nextSheet(s);
        }
        s.sheet.addRow(m.rows[i]).commit();
        s.inSheet++;
        if (i % SLICE_ROWS === SLICE_ROWS - 1) await new Promise(setImmediate);
      }
      s.rows += m.rows.length;
      port.postMessage({ type: 'ack' });
    } else if (m.type === 'end') {
      const s = state;
      if (!s) throw new Error('end before start');
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
