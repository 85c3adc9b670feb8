import type { StatColumn } from '@portal/contracts/reports.ts';
import { affiliateCatalogue } from '@portal/contracts/reports-affiliate.ts';
import { describe, expect, it } from 'vitest';
import {
  defaultOrder,
  effectiveOrder,
  readSavedFields,
  resolveColumns,
  selectionProblem,
  writeSavedFields,
} from './saved-columns.ts';

const columns: StatColumn[] = affiliateCatalogue.map((c) => ({ ...c, title: c.title.en }));

describe('affiliate sort rules (spec §4)', () => {
  it('defaults to dt desc, else hour desc, else none', () => {
    expect(defaultOrder(['dt', 'hour', 'click'])).toBe('dt:desc');
    expect(defaultOrder(['hour', 'channel', 'click'])).toBe('hour:desc');
    expect(defaultOrder(['channel', 'click'])).toBeUndefined();
    expect(defaultOrder(['datepart', 'uv_click'])).toBe('datepart:desc');
  });

  it('drops a sort on a column that is not displayed', () => {
    expect(effectiveOrder('revenue:asc', ['dt', 'revenue'])).toBe('revenue:asc');
    expect(effectiveOrder('revenue:asc', ['dt', 'click'])).toBe('dt:desc');
    expect(effectiveOrder('offer_id:desc', ['hour', 'click'])).toBe('hour:desc');
    expect(effectiveOrder('offer_id:desc', ['channel', 'click'])).toBeUndefined();
    expect(effectiveOrder(undefined, ['channel', 'hour', 'click'])).toBe('hour:desc');
  });
});

describe('saved column choices (spec §2, §4)', () => {
  it('round-trips the ordered fields under the report key', () => {
    writeSavedFields('affiliteReportColumns', ['geo', 'dt', 'revenue']);
    expect(localStorage.getItem('affiliteReportColumns')).toBe('["geo","dt","revenue"]');
    expect(readSavedFields('affiliteReportColumns')).toEqual(['geo', 'dt', 'revenue']);
    expect(readSavedFields('rtbReportColumns')).toBeNull();
    localStorage.setItem('rtbReportColumns', '{not json');
    expect(readSavedFields('rtbReportColumns')).toBeNull();
  });

  it('uses the saved choice in its order, else the defaults', () => {
    const pick = (saved: string[] | null) =>
      resolveColumns(columns, saved, ['dt', 'click']).map((c) => c.field);
    expect(pick(['geo', 'revenue', 'dt', 'gone'])).toEqual(['geo', 'revenue', 'dt']);
    expect(pick(null)).toEqual(['dt', 'click']);
    // a stored choice without a metric (or without a dimension) cannot be shown: defaults
    expect(pick(['dt', 'geo'])).toEqual(['dt', 'click']);
    expect(pick(['revenue'])).toEqual(['dt', 'click']);
  });

  it('names the missing kind of field', () => {
    expect(selectionProblem([])).toBe('dimension');
    expect(selectionProblem([{ type: 2 }])).toBe('dimension');
    expect(selectionProblem([{ type: 1 }])).toBe('metric');
    expect(selectionProblem([{ type: 1 }, { type: 2 }])).toBeNull();
  });
});
