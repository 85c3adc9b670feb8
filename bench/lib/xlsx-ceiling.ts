/**
 * The XLSX writer's own speed: exceljs' streaming WorkbookWriter writing `rows` into a sink that drops
 * the bytes, on this thread alone, with no store, HTTP or worker. Like for like with the export: the
 * rows are the export's own (read back from its file by bench/export.ts, so the same values, string
 * lengths and bytes to deflate), written with the export's writer options (shared strings off, styles
 * on) and typed, formatted and committed by the export's own code (apps/server/src/reports/export/
 * xlsx-cells.mjs) from the catalogue's `file_type` of each SDK field. No exceljs-based export can beat
 * this figure on one core; bench/export.ts prints it beside the API's (issue 11 item 6: the export at
 * ≥ 80 % of it). Throws when a field is not in the SDK catalogue.
 */
import { Writable } from 'node:stream';
import { sdkCatalogue } from '@portal/contracts/reports.ts';
import ExcelJS from 'exceljs';
import { addTypedRow, columnStyles } from '../../apps/server/src/reports/export/xlsx-cells.mjs';

export type XlsxCeiling = {
  rows: number;
  columns: number;
  seconds: number;
  rowsPerSecond: number;
  bytes: number;
};

/** A cell value read back from an XLSX (exceljs): text, number, date, or empty. */
export type XlsxValue = string | number | boolean | Date | null;

export async function xlsxCeiling(rows: XlsxValue[][], fields: string[]): Promise<XlsxCeiling> {
  const types = fields.map((f) => {
    const column = sdkCatalogue.find((c) => c.field === f);
    if (!column) throw new Error(`xlsxCeiling: ${f} is not an SDK field`);
    return column.file_type;
  });
  const styles = columnStyles(types);
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback();
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet('report', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(fields).commit();
  const t0 = performance.now();
  for (let i = 0; i < rows.length; i++) {
    // Dates read back are Date objects, which the export's typing passes through as they are.
    addTypedRow(sheet, types, styles, rows[i] as (string | number | boolean | null)[]);
    // Let the zip's deflate callbacks run, as the export worker does.
    if (i % 64 === 63) await new Promise(setImmediate);
  }
  sheet.commit();
  await workbook.commit();
  const seconds = (performance.now() - t0) / 1000;
  return { rows: rows.length, columns: fields.length, seconds, rowsPerSecond: rows.length / seconds, bytes };
}
