import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnName, writeXlsx, type XlsxCell } from './xlsx-stream.ts';

async function roundTrip(header: string[], batches: XlsxCell[][][], sheet = 'report') {
  const parts: Buffer[] = [];
  const out = new Writable({
    highWaterMark: 1024, // small, so the writer has to wait for drain
    write(chunk, _enc, cb) {
      parts.push(chunk);
      setImmediate(cb);
    },
  });
  async function* rows() {
    yield* batches;
  }
  const n = await writeXlsx(out, sheet, header, rows());
  await finished(out);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(parts) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  const read: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => {
    const cells: unknown[] = [];
    for (let c = 1; c <= header.length; c++) cells.push(row.getCell(c).value ?? null);
    read.push(cells);
  });
  return { n, name: ws.name, read };
}

describe('streaming XLSX writer', () => {
  it('names columns like Excel', () => {
    expect([1, 26, 27, 52, 53, 702, 703].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('writes a workbook exceljs reads back cell for cell, across batches', async () => {
    const batches: XlsxCell[][][] = [
      [
        ['20260114', 0, 'a&b <c> "d"', 1.5, null],
        ['20260113', 23, '中文 🎉', -0.000001, 12345678901],
      ],
      [],
      [['x\u0001y', 7, ' padded ', 0, true]],
    ];
    const { n, name, read } = await roundTrip(['日期', 'Hour', 'Name', 'Rate', 'Big'], batches, 'R&D <1>');
    expect(n).toBe(3);
    expect(name).toBe('R&D <1>');
    expect(read).toEqual([
      ['日期', 'Hour', 'Name', 'Rate', 'Big'],
      ['20260114', 0, 'a&b <c> "d"', 1.5, null],
      ['20260113', 23, '中文 🎉', -0.000001, 12345678901],
      ['xy', 7, ' padded ', 0, true],
    ]);
  });

  it('streams many rows under backpressure', async () => {
    const batch = (start: number) =>
      Array.from({ length: 2048 }, (_, i) => [`k${start + i}`, start + i] as XlsxCell[]);
    const { n, read } = await roundTrip(['key', 'n'], [batch(0), batch(2048), batch(4096)]);
    expect(n).toBe(6144);
    expect(read).toHaveLength(6145);
    expect(read[6144]).toEqual(['k6143', 6143]);
  });
});
