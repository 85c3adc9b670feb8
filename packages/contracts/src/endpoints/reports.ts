/**
 * Endpoints of reports (server: modules/reports/game-routes.ts, modules/reports/kind-routes.ts, modules/reports/reject-routes.ts, modules/reports/routes.ts, modules/reports/trend-routes.ts).
 *
 * The list and export of every kind that declares its query in the report registry are generated from
 * its declaration (`<kind>List`, and `<kind>Export` when it has an export: reports-declared.ts
 * schemas, paths `/v1/report/list/<kind>` and `/v1/report/export/<kind>` unless it declares others,
 * the report caller, the `{ list, count, total }` answer); nothing here names such a kind, but for a
 * list that answers other rows (the game centre's app objects). The SDK report keeps its own parser's
 * schemas, written out below.
 */

import { z } from 'zod';
import type { ReportQuerySpec } from '../report-registry/define-report.ts';
import {
  type DeclarationOf,
  type ReportKind,
  reportKinds,
  reportRegistry,
} from '../report-registry/index.ts';
import { channel, channelsQuery, reportListData, sdkListQuery, statColumn } from '../reports.ts';
import { affiliateRejectExportQuery, affiliateRejectQuery, rejectListData } from '../reports-affiliate.ts';
import {
  type DeclaredExportShape,
  type DeclaredListShape,
  declaredExportQuery,
  declaredListQuery,
} from '../reports-declared.ts';
import { gameApp, gameListData } from '../reports-game.ts';
import { reportKindParams, sdkExportQuery, trendData, trendQuery } from '../reports-kinds.ts';
import { defineEndpoint, type Endpoint } from './define.ts';

/** The lists whose rows are not the flat `reportListData` (the game centre's `app` is an object). */
const ownListData = { game: gameListData } satisfies Partial<Record<ReportKind, z.ZodType>>;

type QueryOf<K extends ReportKind> =
  DeclarationOf<K> extends { query: infer Q extends ReportQuerySpec } ? Q : never;
/** The kinds that declare their query. */
type DeclaredKind = {
  [K in ReportKind]: DeclarationOf<K> extends { query: ReportQuerySpec } ? K : never;
}[ReportKind];
/** Those of them with an export. */
type ExportingKind = {
  [K in DeclaredKind]: DeclarationOf<K>['abilities']['export'] extends true ? K : never;
}[DeclaredKind];
type ListPath<K extends ReportKind> =
  QueryOf<K> extends { paths: { list: infer P extends string } } ? P : `/v1/report/list/${K}`;
type ExportPath<K extends ReportKind> =
  QueryOf<K> extends { paths: { export: infer P extends string } } ? P : `/v1/report/export/${K}`;
type ListData<K extends ReportKind> = K extends keyof typeof ownListData
  ? (typeof ownListData)[K]
  : typeof reportListData;

/** The generated entries, typed as defineEndpoint would type them written out. */
type DeclaredEntries = {
  readonly [K in DeclaredKind as `${K}List`]: {
    readonly method: 'GET';
    readonly path: ListPath<K>;
    readonly caller: 'report';
    readonly query: z.ZodObject<DeclaredListShape<DeclarationOf<K>>>;
    readonly data: ListData<K>;
    readonly answer: 'envelope';
  };
} & {
  readonly [K in ExportingKind as `${K}Export`]: {
    readonly method: 'GET';
    readonly path: ExportPath<K>;
    readonly caller: 'report';
    readonly query: z.ZodObject<DeclaredExportShape<DeclarationOf<K>>>;
    readonly answer: 'file';
  };
};

/** `<kind>List` and `<kind>Export` of every kind that declares its query, in registry order. */
function declaredEntries(): DeclaredEntries {
  const entries: Record<string, Endpoint> = {};
  for (const kind of reportKinds) {
    const d = reportRegistry[kind];
    if (!d.query) continue;
    entries[`${kind}List`] = defineEndpoint({
      method: 'GET',
      path: d.query.paths?.list ?? `/v1/report/list/${kind}`,
      caller: 'report',
      query: declaredListQuery(d),
      data: (ownListData as Partial<Record<ReportKind, z.ZodType>>)[kind] ?? reportListData,
    });
    if (d.abilities.export) {
      entries[`${kind}Export`] = defineEndpoint({
        method: 'GET',
        path: d.query.paths?.export ?? `/v1/report/export/${kind}`,
        caller: 'report',
        query: declaredExportQuery(d),
        answer: 'file',
      });
    }
  }
  return entries as DeclaredEntries;
}

export const reportsEndpoints = {
  sdkList: defineEndpoint({
    method: 'GET',
    path: '/v1/report/list/sdk',
    caller: 'report',
    query: sdkListQuery,
    data: reportListData,
  }),
  sdkExport: defineEndpoint({
    method: 'GET',
    path: '/v1/report/export/sdk',
    caller: 'report',
    query: sdkExportQuery,
    answer: 'file',
  }),
  ...declaredEntries(),
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
