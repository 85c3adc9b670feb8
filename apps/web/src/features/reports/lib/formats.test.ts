import { reportCatalogues } from '@portal/contracts/reports-kinds.ts';
import { describe, expect, it } from 'vitest';
import { formatCell } from '@/lib/format.ts';

const all = Object.entries(reportCatalogues).flatMap(([kind, fields]) => fields.map((f) => ({ kind, ...f })));

describe('report formats (spec §9)', () => {
  it('shows every rate as a percentage with 2 decimals', () => {
    const rates = all.filter((f) => /rate|ctr|cvr/.test(f.field));
    expect(rates.length).toBeGreaterThan(10);
    for (const f of rates) {
      expect(f.file_type, `${f.kind}.${f.field}`).toBe('percent');
      expect(formatCell(f.file_type, 0.123456)).toBe('12.35%');
      expect(formatCell(f.file_type, 0)).toBe('0.00%');
      expect(formatCell(f.file_type, 1)).toBe('100.00%');
    }
  });

  it('shows revenue and eCPM with 2 decimals and thousands separators', () => {
    const money = all.filter((f) => f.field === 'revenue' || f.field === 'ecpm');
    expect(money.length).toBe(7);
    for (const f of money) {
      expect(f.file_type, `${f.kind}.${f.field}`).toBe('money');
      expect(formatCell(f.file_type, 1234567.891)).toBe('1,234,567.89');
      expect(formatCell(f.file_type, '0.005')).toBe('0.01');
    }
  });

  it('shows counts with separators, dates dashed, hours two-digit, and - for nothing', () => {
    expect(formatCell('int', 1234567)).toBe('1,234,567');
    expect(formatCell('date', '20240102')).toBe('2024-01-02');
    expect(formatCell('date', '2024-01-02')).toBe('2024-01-02');
    expect(formatCell('hour', 7)).toBe('07');
    expect(formatCell('money', null)).toBe('-');
    expect(formatCell('percent', undefined)).toBe('-');
    expect(formatCell('string', '')).toBe('-');
  });
});
