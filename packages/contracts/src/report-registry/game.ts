/**
 * The game centre report (spec §2, §3, §7; api-contract §8, §10): UV and PV of the five steps of the
 * game-centre funnel (entry, exposure `impression`, click, entry into a game `in`, start `begin`) and
 * each step's rate over the step before, daily facts of the caller's SDK apps. `app` groups by
 * package (the server labels it `{ app_name, pkg_name }`).
 */
import { DEFAULT_PAGE_SIZE } from '../constants.ts';
import { defineReport, dimension, metric } from './define-report.ts';

export const gameReport = defineReport({
  kind: 'game',
  fields: [
    dimension('datepart', 'date', '日期', 'Date', { date: '%Y-%m-%d' }),
    dimension('app', 'string', '应用', 'App', { key: 'pkg_name' }),
    dimension('nation', 'string', '国家/地区', 'Country', { key: 'nation' }),
    metric('uv_entry', 'int', '游戏中心入口 UV', 'Game centre entry UV', { sum: 'uv_entry' }),
    metric('pv_entry', 'int', '游戏中心入口 PV', 'Game centre entry PV', { sum: 'pv_entry' }),
    metric('uv_impression', 'int', '曝光 UV', 'Exposure UV', { sum: 'uv_impression' }),
    metric('pv_impression', 'int', '曝光 PV', 'Exposure PV', { sum: 'pv_impression' }),
    metric('uv_impression_rate', 'percent', 'UV 曝光率', 'UV impression rate', {
      ratio: ['uv_impression', 'uv_entry'],
    }),
    metric('pv_impression_rate', 'percent', 'PV 曝光率', 'PV impression rate', {
      ratio: ['pv_impression', 'pv_entry'],
    }),
    metric('uv_click', 'int', '点击 UV', 'Click UV', { sum: 'uv_click' }),
    metric('pv_click', 'int', '点击 PV', 'Click PV', { sum: 'pv_click' }),
    metric('uv_click_rate', 'percent', 'UV 点击率', 'UV click rate', {
      ratio: ['uv_click', 'uv_impression'],
    }),
    metric('pv_click_rate', 'percent', 'PV 点击率', 'PV click rate', {
      ratio: ['pv_click', 'pv_impression'],
    }),
    metric('uv_in', 'int', '进入游戏 UV', 'Game entry UV', { sum: 'uv_in' }),
    metric('pv_in', 'int', '进入游戏 PV', 'Game entry PV', { sum: 'pv_in' }),
    metric('uv_in_rate', 'percent', 'UV 进入率', 'UV in rate', { ratio: ['uv_in', 'uv_click'] }),
    metric('pv_in_rate', 'percent', 'PV 进入率', 'PV in rate', { ratio: ['pv_in', 'pv_click'] }),
    metric('uv_begin', 'int', '开始游戏 UV', 'Start UV', { sum: 'uv_begin' }),
    metric('pv_begin', 'int', '开始游戏 PV', 'Start PV', { sum: 'pv_begin' }),
    metric('uv_begin_rate', 'percent', 'UV 开始率', 'UV begin rate', { ratio: ['uv_begin', 'uv_in'] }),
    metric('pv_begin_rate', 'percent', 'PV 开始率', 'PV begin rate', { ratio: ['pv_begin', 'pv_in'] }),
  ],
  facts: { grain: 'daily', sources: ['game'] },
  query: {
    style: 'split',
    scope: { column: 'app_key', by: 'sdk' },
    filters: [
      { param: 'pkg_name', check: 'text' },
      { param: 'country', column: 'nation', check: 'country' },
    ],
    paths: { list: '/v1/report/list/game/sdk', export: '/v1/report/list/game/sdk/export' },
  },
  order: [['datepart', 'desc']],
  abilities: { list: true, export: true, trend: true, compare: true },
  pageSize: DEFAULT_PAGE_SIZE,
  access: 'sdk',
  menu: {
    group: 'reports',
    screens: [
      {
        id: 'game',
        key: 'menu.gameReport',
        path: '/report/game',
        menuTitle: { zh: '游戏中心报表', en: 'Game centre report' },
      },
    ],
  },
  schedulable: false,
  columnsKey: 'gameReportColumns',
  fileName: { zh: '游戏中心报表', en: 'game-report' },
  defaults: [
    'datepart',
    'app',
    'uv_entry',
    'uv_impression',
    'uv_impression_rate',
    'uv_click',
    'uv_click_rate',
    'uv_in',
    'uv_begin',
  ],
  kpis: ['uv_entry', 'uv_impression', 'uv_click', 'uv_in', 'uv_begin'],
  chart: ['uv_entry', 'uv_click', 'uv_click_rate'],
});
