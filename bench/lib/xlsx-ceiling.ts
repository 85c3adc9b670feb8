/**
 * The XLSX writer's own speed: exceljs' streaming WorkbookWriter writing `rows` synthetic rows of the
 * exported SDK `fields` into a sink that drops the bytes, on this thread alone, with no store, HTTP or
 * worker. Like for like with the export: the same writer options (shared strings off, styles on), and
 * each cell typed, formatted and committed by the export's own code (apps/server/src/reports/export/
 * xlsx-cells.mjs) from the catalogue's `file_type`, with values shaped as the store hands them over
 * (dt yyyyMMdd text, numbers, country labels). No exceljs-based export can beat this figure on one
 * core; bench/export.ts prints it beside the API's (issue 11 item 6: the export at ≥ 80 % of it).
 * Throws when a field is not in the SDK catalogue.
 */
import { Writable } from 'node:stream';
import { type FileType, sdkCatalogue } from '@portal/contracts/reports.ts';
import ExcelJS from 'exceljs';
import { addTypedRow, columnStyles } from '../../apps/server/src/reports/export/xlsx-cells.mjs';

export type XlsxCeiling = {
  rows: number;
  columns: number;
  seconds: number;
  rowsPerSecond: number;
  bytes: number;
};

/** A value of row `i` as the store would hand it over for a column of type `t`. */
function sample(t: FileType, i: number): string | number {
  switch (t) {
    case 'date':
      return `202611${String(1 + (i % 28)).padStart(2, '0')}`;
    case 'hour':
      return i % 24;
    case 'int':
      return 12_345 + (i % 100_000);
    case 'percent':
      return 0.1234 + (i % 100) / 10_000;
    case 'money':
      return 12.34 + (i % 1000) / 100;
    default:
      return `United States ${i % 90}`;
  }
}

export async function xlsxCeiling(rows: number, fields: string[]): Promise<XlsxCeiling> {
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
  for (let i = 0; i < rows; i++) {
    addTypedRow(
      sheet,
      types,
      styles,
      types.map((t) => sample(t, i)),
    );
    // Let the zip's deflate callbacks run, as the export worker does.
    if (i % 64 === 63) await new Promise(setImmediate);
  }
  sheet.commit();
  await workbook.commit();
  const seconds = (performance.now() - t0) / 1000;
  return { rows, columns: fields.length, seconds, rowsPerSecond: rows / seconds, bytes };
}
