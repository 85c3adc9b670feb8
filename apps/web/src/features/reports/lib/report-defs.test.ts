/**
 * The report screens take what they share with their kind from the report registry (issue 24 item 1):
 * a metric declared once in the SDK declaration (here, a test's `click_rate`) is a column of the SDK
 * screen in both languages, with its format, and a KPI card when the declaration lists it.
 */
import i18next from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';

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

// The test setup has loaded the registry already (lib/i18n.ts takes the screens' titles from it): the
// modules are loaded afresh here, so that they see the declaration above.
let modules: {
  reportRegistry: typeof import('@portal/contracts/report-registry/index.ts')['reportRegistry'];
  catalogueColumns: typeof import('../api/use-stat-columns.ts')['catalogueColumns'];
  reportDefs: typeof import('./report-defs.ts')['reportDefs'];
};
beforeAll(async () => {
  vi.resetModules();
  modules = {
    ...(await import('@portal/contracts/report-registry/index.ts')),
    ...(await import('../api/use-stat-columns.ts')),
    ...(await import('./report-defs.ts')),
  };
});

describe('report screens from the registry', () => {
  it('show a metric declared once in the declaration as a column and a KPI card', () => {
    const { catalogueColumns, reportDefs } = modules;
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
    const { reportDefs, reportRegistry } = modules;
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

  it('build a kind’s filter row from its declared filters, labelled by their declared titles', async () => {
    const { declaredFilters } = await import('./report-defs.ts');
    // The APP report declares pkg_name, placement_id (column ad_placement_id), placement_type, country.
    expect(declaredFilters('gx')).toEqual([
      { type: 'text', name: 'pkg_name', label: 'declaredFilters.gx.pkg_name', list: true },
      { type: 'text', name: 'placement_id', label: 'declaredFilters.gx.placement_id', list: true },
      { type: 'adStyle', name: 'placement_type', label: 'filters.placementType' },
      { type: 'countries', name: 'country', label: 'filters.country' },
    ]);
    expect(i18next.t('reports:declaredFilters.gx.placement_id', { lng: 'en' })).toBe('Placement ID');
    expect(i18next.t('reports:declaredFilters.gx.pkg_name', { lng: 'zh' })).toBe('包名');
    // The scope's column is a select of the caller's channels: one network for RTB (`single`).
    expect(declaredFilters('rtb')[0]).toEqual({
      type: 'channels',
      name: 'channel',
      multiple: false,
      publisherType: 2,
      label: 'filters.network',
    });
    expect(declaredFilters('sdk')).toEqual([]);
  });
});
