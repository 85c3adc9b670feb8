import { describe, expect, it } from 'vitest';
import { filenameOf } from '@/lib/request.ts';
import { downloadName } from './save-file.ts';

describe('export file names (spec §7: named from Content-Disposition)', () => {
  it('prefers the RFC 5987 UTF-8 name', () => {
    const header =
      'attachment; filename="SDK_20250101-20250107.xlsx"; filename*=UTF-8\'\'SDK%E6%8A%A5%E8%A1%A8_20250101-20250107.xlsx';
    expect(filenameOf(header)).toBe('SDK报表_20250101-20250107.xlsx');
  });

  it('falls back to the plain name, quoted or not', () => {
    expect(filenameOf('attachment; filename="rtb-report_20250101-20250107.csv"')).toBe(
      'rtb-report_20250101-20250107.csv',
    );
    expect(filenameOf('attachment; filename=game.xlsx')).toBe('game.xlsx');
    expect(filenameOf(null)).toBeNull();
    expect(filenameOf('attachment')).toBeNull();
  });

  it('saves under the server name, else the report name with the format', () => {
    expect(downloadName({ filename: '联盟报表_20240101-20240107.xlsx' }, 'x', 'xlsx')).toBe(
      '联盟报表_20240101-20240107.xlsx',
    );
    expect(downloadName({ filename: '../evil/name.csv' }, 'x', 'csv')).toBe('.._evil_name.csv');
    expect(downloadName({ filename: null }, 'affiliate-report', 'csv')).toBe('affiliate-report.csv');
  });
});
