import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type ReportResultRow, toColumns } from '../store.ts';
import { byteBatches, CSV_WRITE_BYTES, contentDisposition, csvCell, writeExport } from './export-writer.ts';

const columns = [
  { field: 'dt', title: '日期' },
  { field: 'app', title: 'App "name"' },
  { field: 'revenue', title: 'Revenue ($)' },
];

/** `rows` as the store streams them: chunks of `size` rows, column by column. */
async function* chunked(rows: ReportResultRow[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield toColumns(rows.slice(i, i + size));
}

function collect(out: PassThrough): Promise<Buffer> {
  const parts: Buffer[] = [];
  out.on('data', (b: Buffer) => parts.push(b));
  return new Promise((resolve) => out.on('end', () => resolve(Buffer.concat(parts))));
}

const rows: ReportResultRow[] = Array.from({ length: 2500 }, (_, i) => ({
  dt: `2026-11-${String((i % 20) + 1).padStart(2, '0')}`,
  app: i % 2 ? `游戏 ${i} 🎮` : `a,b "${i}"`,
  revenue: i * 1.25,
}));

describe('writeExport', () => {
  it('writes an XLSX that exceljs reads back cell for cell, with the titles first', async () => {
    const out = new PassThrough();
    const done = collect(out);
    expect(await writeExport(out, columns, chunked(rows, 700), 'xlsx')).toBe(rows.length);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await done) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, '日期', 'App "name"', 'Revenue ($)']);
    expect(sheet?.rowCount).toBe(rows.length + 1);
    for (const i of [0, 1, 1234, rows.length - 1]) {
      const r = rows[i] as ReportResultRow;
      expect(sheet?.getRow(i + 2).values).toEqual([undefined, r.dt, r.app, r.revenue]);
    }
  });

  it('writes CSV with a UTF-8 BOM and quotes fields that need it', async () => {
    const out = new PassThrough();
    const done = collect(out);
    await writeExport(out, columns, chunked(rows.slice(0, 3), 2), 'csv');
    const text = (await done).toString('utf8');
    expect(text.startsWith('\ufeff日期,"App ""name""",Revenue ($)\r\n')).toBe(true);
    expect(text.split('\r\n')[1]).toBe('2026-11-01,"a,b ""0""",0');
    expect(text.split('\r\n')[2]).toBe('2026-11-02,游戏 1 🎮,1.25');
  });

  it('neutralises formula cells in CSV (OWASP CSV injection) and keeps numbers as numbers', async () => {
    const out = new PassThrough();
    const done = collect(out);
    const cols = [
      { field: 'a', title: '=title' },
      { field: 'b', title: 'B' },
    ];
    const evil: ReportResultRow[] = [
      { a: '=HYPERLINK("http://x","y")', b: -12.5 },
      { a: '+1', b: '-1' },
      { a: '@SUM(A1)', b: '\tcmd' },
      { a: '\rcmd', b: 'a=b' },
      { a: 'plain', b: 0 },
    ];
    await writeExport(out, cols, chunked(evil, 2), 'csv');
    const lines = (await done)
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      "'=title,B",
      `"'=HYPERLINK(""http://x"",""y"")",-12.5`,
      "'+1,'-1",
      "'@SUM(A1),'\tcmd",
      `"'\rcmd",a=b`,
      'plain,0',
    ]);
  });

  it.each(['csv', 'xlsx'] as const)(
    'stops reading rows (and ends the %s writer) once the client has gone away',
    async (format) => {
      const out = new Writable({ highWaterMark: 16, write: (_c, _e, cb) => setTimeout(cb, 5) });
      let pulled = 0;
      async function* many() {
        for (let i = 0; i < 10_000; i++) {
          pulled++;
          if (i === 3) out.destroy();
          yield toColumns(rows.slice(0, 50));
        }
      }
      await expect(writeExport(out, columns, many(), format)).rejects.toThrow(/closed/);
      expect(pulled).toBeLessThan(10);
    },
  );
});

describe('writeExport XLSX typed cells', () => {
  it('writes real dates, numbers from numeric text, formats by type, labels, a frozen bold title row and widths', async () => {
    const out = new PassThrough();
    const done = collect(out);
    const typed = [
      { field: 'dt', title: '日期', fileType: 'date' as const },
      { field: 'style', title: '广告样式', label: (v: unknown) => (v === 2 ? '插屏' : String(v)) },
      { field: 'imp', title: 'Impressions', fileType: 'int' as const },
      { field: 'rate', title: 'Fill rate', fileType: 'percent' as const },
      { field: 'revenue', title: 'Revenue', fileType: 'money' as const },
    ];
    const data: ReportResultRow[] = [
      { dt: '20261122', style: 2, imp: '1234567', rate: 0.673644, revenue: 98765.4321 },
      { dt: '2026-11-21', style: null, imp: null, rate: 0, revenue: 0 },
    ];
    await writeExport(out, typed, chunked(data, 1), 'xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await done) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    const [a, b] = [sheet.getRow(2), sheet.getRow(3)];
    expect(a.getCell(1)).toMatchObject({ value: new Date(Date.UTC(2026, 10, 22)), numFmt: 'yyyy-mm-dd' });
    expect(b.getCell(1).value).toEqual(new Date(Date.UTC(2026, 10, 21)));
    expect(a.getCell(2).value).toBe('插屏');
    expect(b.getCell(2).value).toBeNull();
    expect(a.getCell(3)).toMatchObject({ type: ExcelJS.ValueType.Number, value: 1234567, numFmt: '#,##0' });
    expect(a.getCell(4)).toMatchObject({ value: 0.673644, numFmt: '0.00%' });
    expect(a.getCell(5)).toMatchObject({ value: 98765.4321, numFmt: '#,##0.00' });
    // Chinese titles count double; money as wide as "98,765.43" and more.
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual(10);
    expect(sheet.getColumn(5).width).toBeGreaterThanOrEqual(14);
  });
});

describe('writeExport XLSX beyond a sheet', () => {
  it('starts a new sheet with the titles again every sheetRows rows, keeping every row in order', async () => {
    const out = new PassThrough();
    const done = collect(out);
    const some = rows.slice(0, 25);
    expect(await writeExport(out, columns, chunked(some, 7), 'xlsx', { sheetRows: 10 })).toBe(25);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await done) as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => [w.name, w.rowCount])).toEqual([
      ['report', 11],
      ['report (2)', 11],
      ['report (3)', 6],
    ]);
    const cells = book.worksheets.flatMap((w) =>
      w
        .getSheetValues()
        .slice(2)
        .map((v) => (v as unknown[]).slice(1)),
    );
    expect(cells).toEqual(some.map((r) => [r.dt, r.app, r.revenue]));
    for (const w of book.worksheets)
      expect(w.getRow(1).values).toEqual([undefined, '日期', 'App "name"', 'Revenue ($)']);
  });
});

describe('csvCell numbers', () => {
  it('writes every number with the digits String gives it (shortest round trip), NaN and infinities too', () => {
    const values = [0, -0, 7, -12.5, 0.1 + 0.2, 1234567.891234, 0.000001, 1e-7, 1e21, 2 ** 53 + 2, -1e-300];
    for (const v of [...values, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(csvCell(v)).toBe(String(v));
    expect(csvCell(1e-7)).toBe('1e-7');
    expect(csvCell(0.1 + 0.2)).toBe('0.30000000000000004');
  });
});

describe('writeExport CSV column by column', () => {
  it('writes exact money, 64-bit counts as digits, nulls, i18n titles and every row across write pieces', async () => {
    const out = new PassThrough({ highWaterMark: 1024 });
    const done = collect(out);
    const cols = [
      { field: 'dt', title: '日期' },
      { field: 'request', title: 'Requests' },
      { field: 'revenue', title: '收入 ($)' },
      { field: 'app_name', title: 'App name' },
    ];
    const many: ReportResultRow[] = Array.from({ length: 20_000 }, (_, i) => ({
      dt: '2026-11-26',
      request: i === 1 ? '9007199254740993' : i,
      revenue: i === 2 ? 1234567.891234 : i * 0.000001,
      app_name: i === 3 ? null : `应用 ${i}`,
    }));
    expect(await writeExport(out, cols, chunked(many, 2048), 'csv')).toBe(many.length);
    const text = (await done).toString('utf8');
    // More text than one write piece: the pieces join up without a lost or split row.
    expect(text.length).toBeGreaterThan(4 * CSV_WRITE_BYTES);
    const lines = text.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe('日期,Requests,收入 ($),App name');
    expect(lines[2]).toBe('2026-11-26,9007199254740993,0.000001,应用 1');
    expect(lines[3]).toBe('2026-11-26,2,1234567.891234,应用 2');
    expect(lines[4]).toBe('2026-11-26,3,0.000003,');
    expect(lines[20_000]).toBe('2026-11-26,19999,0.019999,应用 19999');
    expect(lines).toHaveLength(20_002);
    expect(lines[20_001]).toBe('');
  });
});

describe('contentDisposition', () => {
  it('carries an ASCII fallback and the RFC 5987 UTF-8 name', () => {
    expect(contentDisposition('SDK报表 (1).xlsx', 'sdk-report.xlsx')).toBe(
      `attachment; filename="sdk-report.xlsx"; filename*=UTF-8''SDK%E6%8A%A5%E8%A1%A8%20%281%29.xlsx`,
    );
  });
});

describe('XLSX streaming', () => {
  it('sends the first XLSX bytes while the query still has rows (streams, does not buffer the file)', async () => {
    const out = new PassThrough();
    let bytesSeen = 0;
    out.on('data', (b: Buffer) => {
      bytesSeen += b.length;
    });
    // A query of up to 500,000 rows that stops as soon as the first bytes of the file have gone out.
    const cap = 500;
    let produced = 0;
    async function* query() {
      for (; produced < cap && bytesSeen === 0; produced++) {
        yield toColumns(
          Array.from({ length: 1000 }, (_, i) => ({ dt: '2026-11-01', app: `app ${i}`, revenue: i })),
        );
        await new Promise(setImmediate);
      }
    }
    const rowsWritten = await writeExport(out, columns, query(), 'xlsx', { batchBytes: 16 * 1024 });
    expect(bytesSeen).toBeGreaterThan(0);
    // The bytes arrived long before the last row would have been read.
    expect(produced).toBeLessThan(cap / 5);
    expect(rowsWritten).toBe(produced * 1000);
  }, 60_000);

  it('hands the worker batches sized by bytes, whatever the chunks', async () => {
    async function* uneven() {
      yield toColumns(Array.from({ length: 5 }, (_, i) => ({ s: 'x'.repeat(100), i })));
      yield toColumns(Array.from({ length: 3000 }, (_, i) => ({ s: 'y', i })));
      yield toColumns([{ s: 'z'.repeat(10_000), i: 0 }]);
    }
    const sizes: number[] = [];
    const seen: unknown[][] = [];
    const cols = [
      { field: 's', title: 'S' },
      { field: 'i', title: 'I', label: (v: unknown) => `#${v}` },
    ];
    for await (const b of byteBatches(uneven(), cols, 4096)) {
      expect(b.columns.map((c) => c.length)).toEqual([b.rowCount, b.rowCount]);
      for (let r = 0; r < b.rowCount; r++) seen.push([b.columns[0]?.[r], b.columns[1]?.[r]]);
      sizes.push(
        b.columns.flat().reduce<number>((m, v) => m + (typeof v === 'string' ? v.length + 8 : 8), 0),
      );
    }
    // Every row once, in order, labelled; the columns stay aligned across chunk boundaries.
    expect(seen).toHaveLength(3006);
    expect(seen[4]).toEqual(['x'.repeat(100), '#4']);
    expect(seen[5]).toEqual(['y', '#0']);
    expect(seen[3005]).toEqual(['z'.repeat(10_000), '#0']);
    // Every batch but the last reaches the size at its last row and not before.
    for (const size of sizes.slice(0, -1)) expect(size).toBeGreaterThanOrEqual(4096);
    for (const size of sizes.slice(0, -2)) expect(size).toBeLessThan(4096 + 200);
    expect(sizes.length).toBeGreaterThan(10);
  });
});
