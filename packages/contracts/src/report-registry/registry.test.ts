import { describe, expect, it } from 'vitest';
import { accessGrants } from '../access.ts';
import { menuKeys } from '../menu.ts';
import { schedulableKinds } from '../report-views.ts';
import {
  exportFileNames,
  hourlyReportKinds,
  reportCatalogues,
  reportColumnStorageKeys,
} from '../reports-kinds.ts';
import {
  catalogueOf,
  defineReport,
  dimension,
  filterTitle,
  metric,
  type ReportDeclaration,
  type ReportFilter,
  type ReportScreen,
} from './define-report.ts';
import { reportKinds, reportRegistry, reportScreens } from './index.ts';
import { sdkReport } from './sdk.ts';

/** The first 16 hex digits of the SHA-256 of `s` (UTF-8), by the Web Crypto API. */
async function sha(s: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s));
  return [...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 16);
}

describe('report registry (issue 24 item 1)', () => {
  it('serves the very stat_column catalogues of the hand-written tables it replaced, byte for byte', async () => {
    // SHA-256 of JSON.stringify(catalogue with titles in the language), taken before the registry.
    const before: Record<string, string> = {
      'sdk/zh': 'ff285294c3edb9ce',
      'sdk/en': '70a0e942e558f8aa',
      'rtb/zh': 'd47c76fe7c7fe1aa',
      'rtb/en': '8ad56c1c9d6c5b61',
      'affiliate/zh': '0a7a3530cb333231',
      'affiliate/en': 'f68f94d881f57dc6',
      'game/zh': '8838b8c08009b45b',
      'game/en': '9ad8a8526fd1d35c',
      'gx/zh': 'bc8f50bd10ec4127',
      'gx/en': '9bf643bc7859d1dd',
    };
    const now: Record<string, string> = {};
    for (const kind of reportKinds) {
      for (const lang of ['zh', 'en'] as const) {
        now[`${kind}/${lang}`] = await sha(
          JSON.stringify(reportCatalogues[kind].map((c) => ({ ...c, title: c.title[lang] }))),
        );
      }
    }
    expect(now).toEqual(before);
  });

  it('names each declaration by its kind, and derives the per-kind tables from the declarations', () => {
    for (const kind of reportKinds) expect(reportRegistry[kind].kind).toBe(kind);
    expect([...hourlyReportKinds]).toEqual(['sdk', 'affiliate']);
    expect(reportColumnStorageKeys).toEqual({
      sdk: 'sdkReportColumns',
      rtb: 'rtbReportColumns',
      affiliate: 'affiliteReportColumns',
      game: 'gameReportColumns',
    });
    expect(schedulableKinds).toEqual(['sdk', 'rtb', 'affiliate']);
    expect(exportFileNames.gx).toEqual({ zh: '应用报表', en: 'app-report' });
    expect(exportFileNames.new_affiliate.en).toBe('new-affiliate-report');
  });

  it('grants each kind by the access rule its declaration names', () => {
    const caller = {
      roles: [68],
      status: 1,
      companyId: 1,
      cooperationTypes: [],
      companyChannelTypes: [],
      appReport: true,
    };
    // A type-3 (SDK) data permission opens every kind declaring `access: 'sdk'` (SDK and game centre).
    const sdkOnly = accessGrants({ ...caller, dataPermissionTypes: [3] }).reports;
    const sdkRule = reportKinds.filter((k) => reportRegistry[k].access === 'sdk');
    expect(sdkRule).toEqual(['sdk', 'game']);
    for (const k of reportKinds) expect(sdkOnly[k]).toBe(sdkRule.includes(k) || k === 'gx');
    expect(accessGrants({ ...caller, dataPermissionTypes: [], appReport: false }).reports).toEqual({
      sdk: false,
      rtb: false,
      affiliate: false,
      game: false,
      gx: false,
    });
  });

  it('puts a metric declared once into the catalogue, in display order, without its formula', () => {
    const d = defineReport({
      ...sdkReport,
      fields: [
        ...sdkReport.fields,
        metric('click_rate', 'percent', '点击响应比', 'Click rate', { ratio: ['click', 'response'] }),
      ],
    });
    // catalogueOf is what reports-kinds.ts applies to every kind for stat_column.
    expect(catalogueOf(d).map((c) => c.field)).toEqual([
      ...sdkReport.fields.map((f) => f.field),
      'click_rate',
    ]);
    expect(catalogueOf(d).at(-1)).toEqual({
      field: 'click_rate',
      type: 2,
      file_type: 'percent',
      sortable: true,
      title: { zh: '点击响应比', en: 'Click rate' },
    });
  });

  it('refuses a declaration whose formulas, defaults, KPIs or abilities do not hold together', () => {
    const bad = (change: Partial<ReportDeclaration>) => () => defineReport({ ...sdkReport, ...change });
    const plus = (...f: ReportDeclaration['fields']) => ({ fields: [...sdkReport.fields, ...f] });
    expect(bad(plus(metric('x', 'percent', 'x', 'x', { ratio: ['click', 'conversion'] })))).toThrow(
      /x uses conversion, which no metric sums/,
    );
    expect(bad(plus(metric('x', 'percent', 'x', 'x', { sum: 'click' })))).toThrow(/sums a counter/);
    expect(bad(plus(metric('ctr', 'percent', 'x', 'x', { ratio: ['click', 'request'] })))).toThrow(
      /ctr declared twice/,
    );
    expect(bad(plus(dimension('late', 'string', 'x', 'x', { key: 'geo' })))).toThrow(
      /dimension late after a metric/,
    );
    expect(bad({ kpis: ['geo'] })).toThrow(/kpis names unknown field geo/);
    expect(bad({ defaults: ['nope'] })).toThrow(/defaults names unknown field nope/);
    expect(bad({ abilities: { ...sdkReport.abilities, export: false } })).toThrow(
      /schedulable without an export/,
    );
    expect(bad({ facts: { grain: 'daily', sources: [] } })).toThrow(/no fact source/);
  });

  it('refuses a screen that is missing, repeated, untitled or reads a source the kind lacks', () => {
    const [screen] = sdkReport.menu.screens;
    const bad = (screens: ReportScreen[]) => () =>
      defineReport({ ...sdkReport, menu: { group: 'reports', screens } });
    expect(bad([])).toThrow(/no screen/);
    expect(bad([screen, { ...screen, id: 'other' }])).toThrow(/screen key menu.sdkReport declared twice/);
    expect(bad([{ ...screen, title: { zh: 'SDK', en: ' ' } }])).toThrow(/screen sdk has an empty title/);
    expect(bad([{ ...screen, source: 'rtb' }])).toThrow(/screen sdk reads rtb, not a fact source/);
    expect(bad([{ ...screen, path: 'report/sdk' }])).toThrow(/is not absolute/);
  });

  it('labels each filter by its title or its dimension’s, and refuses one with neither', () => {
    const { rtb, gx } = reportRegistry;
    const filter = (d: ReportDeclaration, param: string) => {
      const f = d.query?.filters.find((x) => x.param === param);
      if (!f) throw new Error(`no filter ${param}`);
      return f;
    };
    // gx filters placement_id on the column ad_placement_id: the dimension reading it names it.
    expect(filterTitle(gx, filter(gx, 'placement_id'))).toEqual({ zh: '广告位 ID', en: 'Placement ID' });
    expect(filterTitle(rtb, filter(rtb, 'app_key'))).toEqual({ zh: '应用', en: 'App' });
    const query = rtb.query;
    if (!query) throw new Error('rtb declares its query');
    const zone: ReportFilter = { param: 'zone', check: 'text' };
    const withFilter = (f: ReportFilter) => () =>
      defineReport({ ...rtb, query: { ...query, filters: [...query.filters, f] } });
    expect(withFilter(zone)).toThrow(/filter zone has no title/);
    expect(withFilter({ ...zone, title: { zh: '区域', en: 'Zone' } })).not.toThrow();
  });

  it('lists every kind’s screens in menu order, the menu’s report entries with their keys and paths', () => {
    expect(reportScreens.map((s) => [s.kind, s.id, s.key, s.path, s.group])).toEqual([
      ['sdk', 'sdk', 'menu.sdkReport', '/report/sdk', 'reports'],
      ['rtb', 'rtb', 'menu.rtbReport', '/report/rtb', 'reports'],
      ['affiliate', 'affiliate', 'menu.affiliateReport', '/report/newreport', 'reports'],
      ['affiliate', 'newAffiliate', 'menu.newAffiliate', '/report/reportv2', 'reports'],
      ['game', 'game', 'menu.gameReport', '/report/game', 'reports'],
      ['gx', 'app', 'menu.appReport', '/appReport/list', 'top'],
    ]);
    // Keys and paths are what members' menus hold: these are the ones the hand-written menu had.
    expect(Object.entries(menuKeys).slice(0, 7)).toEqual([
      ['menu.reports', '/report'],
      ['menu.sdkReport', '/report/sdk'],
      ['menu.rtbReport', '/report/rtb'],
      ['menu.affiliateReport', '/report/newreport'],
      ['menu.newAffiliate', '/report/reportv2'],
      ['menu.gameReport', '/report/game'],
      ['menu.appReport', '/appReport/list'],
    ]);
    expect(Object.keys(menuKeys)).toHaveLength(16);
  });
});
