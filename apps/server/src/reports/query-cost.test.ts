import { describe, expect, it } from 'vitest';
import type { ReportQuery } from './query-builder.ts';
import { estimateGroups, HEAVY_GROUP_ESTIMATE, queryLane } from './query-cost.ts';
import { rtbDef, sdkDef } from './report-defs.ts';
import { type SdkQuery, toReportQuery } from './sdk-query.ts';

const publisherKeys = ['k1', 'k2', 'k3'];
const sdk = (over: Partial<SdkQuery>): ReportQuery =>
  toReportQuery({
    start: '20260101',
    end: '20260107',
    dimensions: ['dt'],
    metrics: ['request', 'revenue'],
    appKeys: publisherKeys,
    placementIds: null,
    adStyles: null,
    geos: null,
    order: null,
    ...over,
  });

describe('queryLane', () => {
  it("keeps a publisher's lists light: 7 days by date, 90 days by date, app and country", () => {
    expect(queryLane(sdkDef, sdk({}))).toBe('light');
    const q90 = sdk({ start: '20251008', end: '20260105', dimensions: ['dt', 'app_key', 'geo'] });
    expect(estimateGroups(sdkDef, q90)).toBe(90 * 3 * 200);
    expect(queryLane(sdkDef, q90)).toBe('light');
  });

  it('sends network-wide queries (no app-key or channel restriction) to the heavy lane', () => {
    expect(queryLane(sdkDef, sdk({ appKeys: null }))).toBe('heavy');
    const rtb = (channel: string[] | null): ReportQuery => ({
      start: '20260101',
      end: '20260101',
      dimensions: ['dt'],
      metrics: ['request'],
      filters: { channel, app_key: null },
      order: null,
    });
    expect(queryLane(rtbDef, rtb(null))).toBe('heavy');
    expect(queryLane(rtbDef, rtb(['net-a']))).toBe('light');
  });

  it('sends grouping by hour and large estimated group counts to the heavy lane', () => {
    expect(queryLane(sdkDef, sdk({ dimensions: ['dt', 'hour'] }))).toBe('heavy');
    const wide = sdk({ start: '20251008', end: '20260105', dimensions: ['dt', 'placement_id', 'geo'] });
    expect(estimateGroups(sdkDef, wide)).toBeGreaterThan(HEAVY_GROUP_ESTIMATE);
    expect(queryLane(sdkDef, wide)).toBe('heavy');
    // Listing the values narrows the estimate: the same grouping over two placements is light.
    expect(queryLane(sdkDef, { ...wide, filters: { ...wide.filters, placement_id: ['p1', 'p2'] } })).toBe(
      'light',
    );
  });
});
