// @ts-check
/**
 * How an XLSX export types and formats its cells (issue 13 item 6), shared by the export's worker
 * thread (xlsx-worker.mjs) and the bench's exceljs ceiling (bench/lib/xlsx-ceiling.ts), so the
 * ceiling writes exactly the cells the export writes. Plain JavaScript, like the worker, so Node runs
 * it as it is under tsx, Vitest, the bench and the compiled server (copied beside dist/main.js by
 * scripts/build-server.mjs).
 *
 * A column's type is the catalogue's `file_type`: `date` a real date (from yyyyMMdd or yyyy-MM-dd)
 * shown yyyy-mm-dd, `hour` a number shown 00–23, `int` #,##0, `money` #,##0.00, `percent` 0.00%
 * (ratios: 0.6736 → 67.36%), `string` text. Numbers sent as text are written as numbers.
 */

/** @typedef {'date' | 'hour' | 'string' | 'int' | 'percent' | 'money'} CellType */

/** Number formats by cell type (ECMA-376 format codes). */
const NUM_FMT = /** @type {Record<CellType, string | undefined>} */ ({
  date: 'yyyy-mm-dd',
  hour: '00',
  int: '#,##0',
  money: '#,##0.00',
  percent: '0.00%',
  string: undefined,
});

/** The style of every data row (none), shared so exceljs resolves it by identity. */
const ROW_STYLE = {};

/**
 * One style object per column, by its type. Each cell of a column gets its column's object, so
 * exceljs resolves the style id by identity instead of rendering the style per cell.
 * @param {CellType[]} types
 * @returns {object[]}
 */
export function columnStyles(types) {
  return types.map((t) => (NUM_FMT[t] ? { numFmt: NUM_FMT[t] } : {}));
}

/**
 * `v` as the cell value of type `t`: dates as UTC midnight, numbers from numeric text; anything
 * else (null, text that is not a number or date) as it is.
 * @param {CellType} t
 * @param {string | number | boolean | null} v
 */
function cellValue(t, v) {
  if (v === null || v === '' || t === 'string') return v;
  if (t === 'date') {
    const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(String(v));
    return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : v;
  }
  if (typeof v === 'number') return v;
  const n = Number(v);
  return typeof v === 'string' && Number.isFinite(n) ? n : v;
}

/**
 * Adds one data row to `sheet` (an exceljs streaming worksheet) and commits it: each cell typed by
 * `types` and given its column's style from `styles` (columnStyles).
 * @param {import('exceljs').Worksheet} sheet
 * @param {CellType[]} types
 * @param {object[]} styles
 * @param {(string | number | boolean | null)[]} values
 */
export function addTypedRow(sheet, types, styles, values) {
  const typed = values.map((v, i) => cellValue(types[i] ?? 'string', v));
  const row = sheet.addRow(typed);
  for (let i = 0; i < typed.length; i++) row.getCell(i + 1).style = /** @type {any} */ (styles[i]);
  /** @type {any} */ (row).style = ROW_STYLE;
  row.commit();
}
