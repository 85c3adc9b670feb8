/**
 * The SDK report (spec §2, §3 Report rows, §7; api-contract §8): the ad funnel of the SDK apps,
 * hourly facts. Rates are ratios of sums over the group; eCPM is revenue × 1000 / impressions.
 */
import { DEFAULT_PAGE_SIZE } from '../constants.ts';
import { adFunnelHead, adFunnelTail } from './ad-funnel.ts';
import { defineReport, dimension } from './define-report.ts';

export const sdkReport = defineReport({
  kind: 'sdk',
  fields: [
    dimension('dt', 'date', '日期', 'Date', { date: '%Y%m%d' }),
    dimension('hour', 'hour', '小时', 'Hour', { key: 'hour', cast: 'integer' }),
    dimension('app_key', 'string', '应用', 'App', { key: 'app_key' }),
    dimension('placement_id', 'string', '广告位 ID', 'Placement ID', { key: 'placement_id' }),
    dimension('placement_name', 'string', '广告位名称', 'Placement name', { key: 'placement_name' }),
    dimension('ad_style', 'string', '广告类型', 'Ad style', { key: 'ad_style', cast: 'integer' }),
    dimension('geo', 'string', '国家/地区', 'Country', { key: 'geo' }),
    ...adFunnelHead,
    ...adFunnelTail,
  ],
  facts: { grain: 'hourly', sources: ['sdk'] },
  order: [
    ['dt', 'desc'],
    ['hour', 'desc'],
  ],
  abilities: { list: true, export: true, trend: true, compare: true },
  pageSize: DEFAULT_PAGE_SIZE,
  access: 'sdk',
  menu: {
    group: 'reports',
    screens: [
      {
        id: 'sdk',
        key: 'menu.sdkReport',
        path: '/report/sdk',
        menuTitle: { zh: 'SDK 报表', en: 'SDK report' },
      },
    ],
  },
  schedulable: true,
  columnsKey: 'sdkReportColumns',
  fileName: { zh: 'SDK报表', en: 'sdk-report' },
  defaults: [
    'dt',
    'app_key',
    'request',
    'response',
    'fill_rate',
    'impression',
    'click',
    'ctr',
    'revenue',
    'ecpm',
  ],
  kpis: ['revenue', 'impression', 'ecpm', 'fill_rate', 'ctr'],
  chart: ['revenue', 'impression', 'fill_rate'],
  countryChart: { dimension: 'geo', metric: 'revenue' },
});
