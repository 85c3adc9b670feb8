/**
 * The report screens take what they share with their kind from the report registry (issue 24 item 1):
 * a metric declared once in the SDK declaration (here, a test's `click_rate`) is a column of the SDK
 * screen in both languages, with its format, and a KPI card when the declaration lists it.
 */
import { reportRegistry } from '@portal/contracts/report-registry/index.ts';
import { describe, expect, it, vi } from 'vitest';
import { catalogueColumns } from '../api/use-stat-columns.ts';
import { reportDefs } from './report-defs.ts';

vi.mock('@portal/contracts/report-registry/sdk.ts', async (importOriginal) => {
  const { sdkReport } = await importOriginal<typeof import('@portal/contracts/report-registry/sdk.ts')>();
  const { defineReport, metric } = await import('@portal/contracts/report-registry/define-report.ts');
  return {
    sdkReport: defineReport({
      ...sdkReport,
      fields: [
        ...sdkReport.fields,
        metric('click_rate', 'percent', '点击响应比', 'Click rate', { ratio: ['click', 'response'] }),
      ],
      kpis: [...sdkReport.kpis, 'click_rate'],
    }),
  };
});

describe('report screens from the registry', () => {
  it('show a metric declared once in the declaration as a column and a KPI card', () => {
    expect(catalogueColumns('sdk', 'en').at(-1)).toEqual({
      field: 'click_rate',
      title: 'Click rate',
      type: 2,
      file_type: 'percent',
      sortable: true,
    });
    expect(catalogueColumns('sdk', 'zh').at(-1)?.title).toBe('点击响应比');
    expect(reportDefs.sdk.kpis.at(-1)).toBe('click_rate');
  });

  it('take defaults, storage key, page size, KPI cards, chart, export and earliest day from the kind', () => {
    for (const def of Object.values(reportDefs)) {
      const d = reportRegistry[def.kind];
      expect(def.defaultFields).toEqual(d.defaults ?? d.fields.map((f) => f.field));
      expect(def.storageKey).toBe(d.columnsKey);
      expect(def.pageSize).toBe(d.pageSize);
      expect(def.kpis).toEqual(d.kpis);
      expect(def.chartMetrics).toEqual(d.chart);
      expect(def.countryChart).toEqual(d.countryChart);
      expect(Boolean(def.export)).toBe(d.abilities.export);
    }
    expect(reportDefs.app.storageKey).toBeUndefined();
    expect(reportDefs.app.pageSize).toBe(50);
    expect(reportDefs.rtb.storageKey).toBe('rtbReportColumns');
    // The earliest day is the fact source's: New Affiliate reads affiliate_2024, from 2024-01-01.
    expect(reportDefs.affiliate.earliest).toBe('20230725');
    expect(reportDefs.newAffiliate.earliest).toBe('20240101');
    expect(reportDefs.sdk.earliest).toBe('20230725');
  });
});
