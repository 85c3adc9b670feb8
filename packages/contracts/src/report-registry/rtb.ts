/**
 * The RTB report (spec §2, §3 Report rows, §7; api-contract §8): the ad funnel of the RTB networks
 * with their winning bids, daily facts scoped by channel.
 */
import { DEFAULT_PAGE_SIZE } from '../constants.ts';
import { adFunnelHead, adFunnelTail } from './ad-funnel.ts';
import { defineReport, dimension, metric } from './define-report.ts';

export const rtbReport = defineReport({
  kind: 'rtb',
  fields: [
    dimension('dt', 'date', '日期', 'Date', { date: '%Y%m%d' }),
    dimension('app_key', 'string', '应用', 'App', { key: 'app_key' }),
    dimension('placement_id', 'string', '广告位 ID', 'Placement ID', { key: 'placement_id' }),
    dimension('placement_name', 'string', '广告位名称', 'Placement name', { key: 'placement_name' }),
    dimension('placement_type', 'string', '广告类型', 'Ad style', { key: 'placement_type', cast: 'integer' }),
    dimension('country', 'string', '国家/地区', 'Country', { key: 'country' }),
    ...adFunnelHead,
    metric('winning_bid', 'int', '竞价成功数', 'Winning bids', { sum: 'winning_bid' }),
    metric('win_rate', 'percent', '竞价成功率', 'Win rate', { ratio: ['winning_bid', 'response'] }),
    ...adFunnelTail,
  ],
  facts: { grain: 'daily', sources: ['rtb'] },
  // One network at most (spec §2), within the caller's RTB channels.
  query: {
    style: 'list',
    scope: { column: 'channel', by: 'rtb' },
    filters: [
      { param: 'channel', check: 'text', single: true },
      { param: 'app_key', check: 'text' },
      { param: 'placement_id', check: 'text' },
      { param: 'placement_name', check: 'text' },
      { param: 'country', check: 'country' },
    ],
  },
  order: [['dt', 'desc']],
  abilities: { list: true, export: true, trend: true, compare: true },
  pageSize: DEFAULT_PAGE_SIZE,
  access: 'rtb',
  menu: {
    group: 'reports',
    screens: [
      {
        id: 'rtb',
        key: 'menu.rtbReport',
        path: '/report/rtb',
        menuTitle: { zh: 'RTB 报表', en: 'RTB report' },
      },
    ],
  },
  schedulable: true,
  columnsKey: 'rtbReportColumns',
  fileName: { zh: 'RTB报表', en: 'rtb-report' },
  defaults: [
    'dt',
    'app_key',
    'request',
    'response',
    'fill_rate',
    'winning_bid',
    'win_rate',
    'impression',
    'revenue',
    'ecpm',
  ],
  kpis: ['revenue', 'impression', 'ecpm', 'fill_rate', 'win_rate'],
  chart: ['revenue', 'impression', 'win_rate'],
  countryChart: { dimension: 'country', metric: 'revenue' },
});
