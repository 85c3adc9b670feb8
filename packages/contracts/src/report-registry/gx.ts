/**
 * The App report (spec §2, §3, §7; api-contract §8): `GET /gx/report/list`, the ad funnel of the
 * caller's SDK apps on its own names, daily facts, for members of the companies in
 * APP_REPORT_COMPANY_IDS; no export, no custom columns (every field shown), page size 50.
 */
import { GX_PAGE_SIZE } from '../constants.ts';
import { defineReport, dimension, metric } from './define-report.ts';

export const gxReport = defineReport({
  kind: 'gx',
  fields: [
    dimension('dt', 'date', '日期', 'Date', { date: '%Y-%m-%d' }),
    dimension('pkg_name', 'string', '包名', 'Package name', { key: 'pkg_name' }),
    dimension('ad_placement_id', 'string', '广告位 ID', 'Placement ID', { key: 'ad_placement_id' }),
    dimension('ad_format', 'string', '广告类型', 'Ad format', { key: 'ad_format', cast: 'integer' }),
    dimension('geo', 'string', '国家/地区', 'Country', { key: 'geo' }),
    metric('request', 'int', '请求数', 'Requests', { sum: 'request' }),
    metric('fill', 'int', '填充数', 'Fills', { sum: 'fill' }),
    metric('fill_rate', 'percent', '填充率', 'Fill rate', { ratio: ['fill', 'request'] }),
    metric('imp', 'int', '展示数', 'Impressions', { sum: 'imp' }),
    metric('imp_rate', 'percent', '展示率', 'Impression rate', { ratio: ['imp', 'fill'] }),
    metric('click', 'int', '点击数', 'Clicks', { sum: 'click' }),
    metric('ctr', 'percent', '点击率', 'CTR', { ratio: ['click', 'imp'] }),
    metric('revenue', 'money', '收入 ($)', 'Revenue ($)', { sum: 'revenue' }),
    metric('ecpm', 'money', 'eCPM ($)', 'eCPM ($)', { ratio: ['revenue', 'imp'], scale: 1000 }),
  ],
  facts: { grain: 'daily', sources: ['gx'] },
  query: {
    style: 'dashed',
    scope: { column: 'app_key', by: 'sdk' },
    filters: [
      { param: 'pkg_name', check: 'text' },
      { param: 'placement_id', column: 'ad_placement_id', check: 'text' },
      { param: 'placement_type', column: 'ad_format', check: 'ad_style' },
      { param: 'country', column: 'geo', check: 'country' },
    ],
    paths: { list: '/gx/report/list' },
  },
  order: [['dt', 'desc']],
  abilities: { list: true, export: false, trend: true, compare: true },
  pageSize: GX_PAGE_SIZE,
  access: 'app_report',
  menu: {
    group: 'top',
    screens: [
      {
        id: 'app',
        key: 'menu.appReport',
        path: '/appReport/list',
        menuTitle: { zh: '应用报表', en: 'App report' },
        title: { zh: 'APP 报表', en: 'APP Report' },
      },
    ],
  },
  schedulable: false,
  fileName: { zh: '应用报表', en: 'app-report' },
  kpis: ['revenue', 'imp', 'ecpm', 'fill_rate', 'ctr'],
  chart: ['revenue', 'imp', 'fill_rate'],
});
