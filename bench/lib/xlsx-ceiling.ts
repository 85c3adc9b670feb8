/**
 * The XLSX writer's own speed: exceljs' streaming WorkbookWriter with the export's options (shared
 * strings and styles off, each row committed at once) writing `rows` synthetic rows of the export's 14
 * cells into a sink that drops the bytes, on this thread alone, with no store, HTTP or worker. No
 * exceljs-based export can beat this figure on one core; bench/export.ts prints it beside the API's.
 */
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

export type XlsxCeiling = { rows: number; seconds: number; rowsPerSecond: number; bytes: number };

export async function xlsxCeiling(rows: number): Promise<XlsxCeiling> {
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
    useStyles: false,
  });
  const sheet = workbook.addWorksheet('report');
  const t0 = performance.now();
  for (let i = 0; i < rows; i++) {
    sheet
      .addRow([
        '20261101',
        i % 24,
        `app_${i % 38}`,
        `placement_${i % 90}`,
        'US',
        12_345 + i,
        2_345,
        0.1234,
        2_000,
        30,
        0.015,
        12.34,
        6.17,
        `App name ${i % 38}`,
      ])
      .commit();
    // Let the zip's deflate callbacks run, as the export worker does.
    if (i % 64 === 63) await new Promise(setImmediate);
  }
  sheet.commit();
  await workbook.commit();
  const seconds = (performance.now() - t0) / 1000;
  return { rows, seconds, rowsPerSecond: rows / seconds, bytes };
}
