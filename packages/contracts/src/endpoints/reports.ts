/**
 * Endpoints of reports (server: modules/reports/game-routes.ts, modules/reports/kind-routes.ts, modules/reports/reject-routes.ts, modules/reports/routes.ts, modules/reports/trend-routes.ts).
 */

import { z } from 'zod';
import { channel, channelsQuery, reportListData, sdkListQuery, statColumn } from '../reports.ts';
import {
  affiliateExportQuery,
  affiliateListQuery,
  affiliateRejectExportQuery,
  affiliateRejectQuery,
  rejectListData,
} from '../reports-affiliate.ts';
import { gameApp, gameExportQuery, gameListData, gameListQuery } from '../reports-game.ts';
import { gxListQuery } from '../reports-gx.ts';
import { reportKindParams, sdkExportQuery, trendData, trendQuery } from '../reports-kinds.ts';
import { rtbExportQuery, rtbListQuery } from '../reports-rtb.ts';
import { defineEndpoint } from './define.ts';

export const reportsEndpoints = {
  sdkList: defineEndpoint({
    method: 'GET',
    path: '/v1/report/list/sdk',
    caller: 'report',
    query: sdkListQuery,
    data: reportListData,
  }),
  rtbList: defineEndpoint({
    method: 'GET',
    path: '/v1/report/list/rtb',
    caller: 'report',
    query: rtbListQuery,
    data: reportListData,
  }),
  affiliateList: defineEndpoint({
    method: 'GET',
    path: '/v1/report/list/affiliate',
    caller: 'report',
    query: affiliateListQuery,
    data: reportListData,
  }),
  gxList: defineEndpoint({
    method: 'GET',
    path: '/gx/report/list',
    caller: 'report',
    query: gxListQuery,
    data: reportListData,
  }),
  sdkExport: defineEndpoint({
    method: 'GET',
    path: '/v1/report/export/sdk',
    caller: 'report',
    query: sdkExportQuery,
    answer: 'file',
  }),
  rtbExport: defineEndpoint({
    method: 'GET',
    path: '/v1/report/export/rtb',
    caller: 'report',
    query: rtbExportQuery,
    answer: 'file',
  }),
  affiliateExport: defineEndpoint({
    method: 'GET',
    path: '/v1/report/export/affiliate',
    caller: 'report',
    query: affiliateExportQuery,
    answer: 'file',
  }),
  rejectList: defineEndpoint({
    method: 'GET',
    path: '/v1/report/list/affiliate/reject',
    caller: 'report',
    query: affiliateRejectQuery,
    data: rejectListData,
  }),
  rejectExport: defineEndpoint({
    method: 'GET',
    path: '/v1/report/export/affiliate/reject',
    caller: 'report',
    query: affiliateRejectExportQuery,
    answer: 'file',
  }),
  gameList: defineEndpoint({
    method: 'GET',
    path: '/v1/report/list/game/sdk',
    caller: 'report',
    query: gameListQuery,
    data: gameListData,
  }),
  gameExport: defineEndpoint({
    method: 'GET',
    path: '/v1/report/list/game/sdk/export',
    caller: 'report',
    query: gameExportQuery,
    answer: 'file',
  }),
  gameApps: defineEndpoint({
    method: 'GET',
    path: '/v1/report/list/game/sdk/app',
    caller: 'report',
    data: z.array(gameApp),
  }),
  trend: defineEndpoint({
    method: 'GET',
    path: '/v1/report/trend/:kind',
    caller: 'session',
    params: reportKindParams,
    query: trendQuery,
    data: trendData,
  }),
  statColumns: defineEndpoint({
    method: 'GET',
    path: '/v1/report/stat_column/:kind',
    caller: 'session',
    params: reportKindParams,
    data: z.array(statColumn),
  }),
  channels: defineEndpoint({
    method: 'GET',
    path: '/v1/user/channels',
    caller: 'session',
    query: channelsQuery,
    data: z.array(channel),
  }),
};
