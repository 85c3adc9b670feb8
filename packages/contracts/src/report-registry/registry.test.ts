import { describe, expect, it } from 'vitest';
import { accessGrants } from '../access.ts';
import { schedulableKinds } from '../report-views.ts';
import { affiliateListQuery } from '../reports-affiliate.ts';
import { declaredListQuery } from '../reports-columns.ts';
import { gameListQuery } from '../reports-game.ts';
import { gxListQuery } from '../reports-gx.ts';
import {
  exportFileNames,
  hourlyReportKinds,
  reportCatalogues,
  reportColumnStorageKeys,
} from '../reports-kinds.ts';
import { rtbListQuery } from '../reports-rtb.ts';
import { catalogueOf, defineReport, dimension, metric, type ReportDeclaration } from './define-report.ts';
import { reportKinds, reportRegistry } from './index.ts';
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

  it('describes the wire list query of each kind that declares its query', () => {
    const inputs: Record<string, string>[] = [
      {},
      { dt: '20260101,20260110', fields: 'dt,click', order: 'click:asc', page_index: '2', page_size: '30' },
      {
        channel: 'a,b',
        country: 'us',
        geo: 'DE',
        offer_id: '1',
        db_source: 'affiliate_2024',
        preset: 'yesterday',
      },
      {
        start_date: '2026-01-01',
        end_date: '2026-01-02',
        placement_type: '1',
        page_no: '3',
        compare: 'previous',
      },
      { db_source: 'affiliate_2099' },
      { page_size: '5000' },
      { data_dimension: 'app', data_metrics: 'uv_click', sort: 'uv_click', order_by: '1', pkg_name: 'x' },
      { order_by: '3' },
    ];
    const schemas = {
      rtb: rtbListQuery,
      affiliate: affiliateListQuery,
      game: gameListQuery,
      gx: gxListQuery,
    };
    for (const [kind, schema] of Object.entries(schemas)) {
      const declared = declaredListQuery(reportRegistry[kind as keyof typeof schemas]);
      expect(Object.keys(declared.shape).sort()).toEqual(Object.keys(schema.shape).sort());
      for (const input of inputs) {
        const a = schema.safeParse(input);
        const b = declared.safeParse(input);
        expect(b.success).toBe(a.success);
        if (a.success && b.success) expect(b.data).toEqual(a.data);
      }
    }
    expect(() => declaredListQuery(reportRegistry.sdk)).toThrow(/declares no query/);
  });
});
