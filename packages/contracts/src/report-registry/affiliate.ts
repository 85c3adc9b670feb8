/**
 * The Affiliate report (spec §2, §3, §4, §7; api-contract §8): clicks, conversions and rejects of the
 * affiliate channels, hourly facts. Two fact sources share it (`db_source`): the older Affiliate
 * report (`affiliate_2023`, the default) and New Affiliate (`affiliate_2024`); cvr = conversion/click.
 */
import { DEFAULT_PAGE_SIZE, EARLIEST_NEW_AFFILIATE_DATE, EARLIEST_REPORT_DATE } from '../constants.ts';
import { defineReport, dimension, metric } from './define-report.ts';

export const affiliateReport = defineReport({
  kind: 'affiliate',
  fields: [
    dimension('dt', 'date', '日期', 'Date', { date: '%Y%m%d' }),
    dimension('hour', 'hour', '小时', 'Hour', { key: 'hour', cast: 'integer' }),
    dimension('channel', 'string', '渠道', 'Channel', { key: 'channel' }),
    dimension('sub_channel', 'string', '子渠道', 'Sub channel', { key: 'sub_channel' }),
    dimension('offer_id', 'string', 'Offer ID', 'Offer ID', { key: 'offer_id' }),
    dimension('pkg_name', 'string', '包名', 'Package name', { key: 'pkg_name' }),
    dimension('geo', 'string', '国家/地区', 'Country', { key: 'geo' }),
    metric('click', 'int', '点击数', 'Clicks', { sum: 'click' }),
    metric('conversion', 'int', '转化数', 'Conversions', { sum: 'conversion' }),
    metric('reject', 'int', '拒绝数', 'Rejects', { sum: 'reject' }),
    metric('cvr', 'percent', '转化率', 'CVR', { ratio: ['conversion', 'click'] }),
    metric('revenue', 'money', '收入 ($)', 'Revenue ($)', { sum: 'revenue' }),
  ],
  facts: {
    grain: 'hourly',
    sources: ['affiliate_2023', 'affiliate_2024'],
    earliest: { affiliate_2023: EARLIEST_REPORT_DATE, affiliate_2024: EARLIEST_NEW_AFFILIATE_DATE },
  },
  query: {
    style: 'list',
    scope: { column: 'channel', by: 'affiliate' },
    filters: [
      { param: 'channel', check: 'text' },
      { param: 'offer_id', check: 'text' },
      { param: 'pkg_name', check: 'text' },
      { param: 'geo', check: 'country' },
    ],
  },
  order: [
    ['dt', 'desc'],
    ['hour', 'desc'],
  ],
  abilities: { list: true, export: true, trend: true, compare: true },
  pageSize: DEFAULT_PAGE_SIZE,
  access: 'affiliate',
  // The older Affiliate report and New Affiliate: one kind, one screen per fact source.
  menu: {
    group: 'reports',
    screens: [
      {
        id: 'affiliate',
        key: 'menu.affiliateReport',
        path: '/report/newreport',
        menuTitle: { zh: '联盟报表', en: 'Affiliate report' },
        source: 'affiliate_2023',
      },
      {
        id: 'newAffiliate',
        key: 'menu.newAffiliate',
        path: '/report/reportv2',
        menuTitle: { zh: '新联盟报表', en: 'New affiliate report' },
        title: { zh: '新联盟报表', en: 'New Affiliate report' },
        source: 'affiliate_2024',
      },
    ],
  },
  schedulable: true,
  columnsKey: 'affiliteReportColumns',
  fileName: { zh: '联盟报表', en: 'affiliate-report' },
  defaults: ['dt', 'channel', 'offer_id', 'pkg_name', 'click', 'conversion', 'reject', 'cvr', 'revenue'],
  kpis: ['revenue', 'click', 'conversion', 'cvr', 'reject'],
  chart: ['revenue', 'cvr'],
});
