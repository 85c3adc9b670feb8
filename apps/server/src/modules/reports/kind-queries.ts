/**
 * Request → resolved query for each report kind (spec §7, api-contract §8): parses the kind's
 * parameters, applies its date rules and intersects its scope (app keys or channels), so list,
 * export and trend of a kind share one resolution. Throws 604 (params), 601 (pending), never trusts
 * the client's keys or channels.
 */

import type { Lang } from '@portal/contracts/codes.ts';
import { AdStyle, DataPermissionType, EARLIEST_REPORT_DATE } from '@portal/contracts/constants.ts';
import type { SdkListQuery } from '@portal/contracts/reports.ts';
import {
  type AffiliateListQuery,
  type AffiliateRejectQuery,
  affiliateDefaultFields,
  affiliateEarliest,
} from '@portal/contracts/reports-affiliate.ts';
import {
  type GameListQuery,
  gameDefaultDimensions,
  gameDefaultMetrics,
} from '@portal/contracts/reports-game.ts';
import { type GxListQuery, gxCatalogue } from '@portal/contracts/reports-gx.ts';
import { type RtbListQuery, rtbDefaultFields } from '@portal/contracts/reports-rtb.ts';
import type { FastifyInstance } from 'fastify';
import { paramError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { QueryDef, ReportQuery } from '../../reports/query-builder.ts';
import { affiliateDefs, gameDef, gxDef, rejectDefs, rtbDef, sdkDef } from '../../reports/report-defs.ts';
import { toReportQuery } from '../../reports/sdk-query.ts';
import { callerChannelScope, callerSdkScope, scopedAppKeys, scopedChannels } from '../permission/scope.ts';
import {
  isCountry,
  isText,
  ParamErrors,
  parseDt,
  parseFields,
  parseList,
  parseOrder,
  parseRange,
  upper,
} from './list-params.ts';
import { parseSdkListQuery } from './sdk-params.ts';

/** A resolved request: definition, query and the shown fields in the caller's order. */
export type Resolved = { def: QueryDef; query: ReportQuery; shown: string[] };
export type Ctx = { app: FastifyInstance; user: SessionUser; lang: Lang; yesterday: string };

const adStyles = new Set<number>(Object.values(AdStyle));
const isStyle = (s: string) => /^\d+$/.test(s) && adStyles.has(Number(s));
const paging = (page: number, size: number) => ({ limit: size, offset: (page - 1) * size });

function done(e: ParamErrors) {
  if (e.errors.length) throw paramError(e.errors);
}

function shownOf(fields: string | undefined, defaults: string[], dims: string[], metrics: string[]) {
  const all = new Set([...dims, ...metrics]);
  const list = fields ? fields.split(',').map((s) => s.trim()) : defaults;
  return [...new Set(list)].filter((f) => all.has(f));
}

/** SDK report (sdk-params.ts), app keys intersected with the caller's scope. */
export async function resolveSdk(c: Ctx, q: SdkListQuery): Promise<Resolved> {
  const parsed = parseSdkListQuery(q, c.lang, c.yesterday);
  const scope = await callerSdkScope(c.app, c.user);
  const { requestedAppKeys, ...rest } = parsed;
  const query = toReportQuery({ ...rest, appKeys: scopedAppKeys(scope, requestedAppKeys) });
  const shown = shownOf(
    q.fields,
    [...parsed.dimensions, ...parsed.metrics],
    parsed.dimensions,
    parsed.metrics,
  );
  return { def: sdkDef, query, shown };
}

/** RTB report: one channel at most, intersected with the caller's RTB networks. */
export async function resolveRtb(c: Ctx, q: RtbListQuery): Promise<Resolved> {
  const e = new ParamErrors(c.lang);
  const range = parseDt(e, q.dt, c.yesterday, EARLIEST_REPORT_DATE);
  const { dimensions, metrics } = parseFields(e, 'fields', q.fields, rtbDef, rtbDefaultFields);
  const order = parseOrder(e, q.order, rtbDef, [...dimensions, ...metrics]);
  const channel = parseList(e, 'channel', q.channel, isText);
  const filters = {
    channel: scopedChannels(
      await callerChannelScope(c.app, c.user, DataPermissionType.RTB),
      channel ? channel.slice(0, 1) : null,
    ),
    app_key: parseList(e, 'app_key', q.app_key, isText),
    placement_id: parseList(e, 'placement_id', q.placement_id, isText),
    placement_name: parseList(e, 'placement_name', q.placement_name, isText),
    country: upper(parseList(e, 'country', q.country, isCountry)),
  };
  done(e);
  return {
    def: rtbDef,
    query: { ...range, dimensions, metrics, filters, order, ...paging(q.page_index, q.page_size) },
    shown: shownOf(q.fields, rtbDefaultFields, dimensions, metrics),
  };
}

async function affiliateFilters(c: Ctx, e: ParamErrors, q: AffiliateRejectQuery | AffiliateListQuery) {
  const scope = await callerChannelScope(c.app, c.user, DataPermissionType.AFFILIATE);
  return {
    channel: scopedChannels(scope, parseList(e, 'channel', q.channel, isText)),
    offer_id: parseList(e, 'offer_id', q.offer_id, isText),
    pkg_name: parseList(e, 'pkg_name', q.pkg_name, isText),
    geo: upper(parseList(e, 'geo', q.geo, isCountry)),
  };
}

/** Affiliate report of `db_source`, channels intersected with the caller's affiliate channels. */
export async function resolveAffiliate(c: Ctx, q: AffiliateListQuery): Promise<Resolved> {
  const e = new ParamErrors(c.lang);
  const def = affiliateDefs[q.db_source];
  const range = parseDt(e, q.dt, c.yesterday, affiliateEarliest[q.db_source]);
  const { dimensions, metrics } = parseFields(e, 'fields', q.fields, def, affiliateDefaultFields);
  const order = parseOrder(e, q.order, def, [...dimensions, ...metrics]);
  const filters = await affiliateFilters(c, e, q);
  done(e);
  return {
    def,
    query: { ...range, dimensions, metrics, filters, order, ...paging(q.page_index, q.page_size) },
    shown: shownOf(q.fields, affiliateDefaultFields, dimensions, metrics),
  };
}

/** Reject Detail: every reason of the clicked row's facts, by count descending. */
export async function resolveReject(c: Ctx, q: AffiliateRejectQuery): Promise<Resolved> {
  const e = new ParamErrors(c.lang);
  const def = rejectDefs[q.db_source];
  const range = parseDt(e, q.dt, c.yesterday, affiliateEarliest[q.db_source]);
  const filters = {
    ...(await affiliateFilters(c, e, q)),
    hour: q.hour === undefined ? null : [q.hour],
    sub_channel: q.sub_channel === undefined ? null : [q.sub_channel],
  };
  done(e);
  const shown = ['reject_reason', 'reject_num'];
  return {
    def,
    query: { ...range, dimensions: ['reject_reason'], metrics: ['reject_num'], filters, order: null },
    shown,
  };
}

/** The yyyy-MM-dd `start_date`..`end_date` of the game and app reports, date rules applied. */
function dashedRange(e: ParamErrors, c: Ctx, q: { start_date: string; end_date: string }) {
  return parseRange(e, 'start_date', q.start_date, q.end_date, c.yesterday, EARLIEST_REPORT_DATE, true);
}

/** Every app key the caller may see (game and app reports take no app_key filter). */
async function appKeysOf(c: Ctx) {
  return scopedAppKeys(await callerSdkScope(c.app, c.user), null);
}

/** Game centre report: data_dimension/data_metrics, sort + order_by (1 asc, 2 desc), page_no. */
export async function resolveGame(c: Ctx, q: GameListQuery): Promise<Resolved> {
  const e = new ParamErrors(c.lang);
  const range = dashedRange(e, c, q);
  const dims = parseFields(e, 'data_dimension', q.data_dimension, gameDef, gameDefaultDimensions);
  const mets = parseFields(e, 'data_metrics', q.data_metrics, gameDef, gameDefaultMetrics);
  if (dims.metrics.length) e.add('data_dimension', 'unknown_field', dims.metrics[0]);
  if (mets.dimensions.length) e.add('data_metrics', 'unknown_field', mets.dimensions[0]);
  const dimensions = dims.dimensions;
  const metrics = mets.metrics;
  const sort = q.sort?.trim() ? `${q.sort.trim()}:${q.order_by === 1 ? 'asc' : 'desc'}` : undefined;
  const order = parseOrder(e, sort, gameDef, [...dimensions, ...metrics]);
  const filters = {
    app_key: await appKeysOf(c),
    pkg_name: parseList(e, 'pkg_name', q.pkg_name, isText),
    nation: upper(parseList(e, 'country', q.country, isCountry)),
  };
  done(e);
  const page = 'page_no' in q ? paging(q.page_no, q.page_size) : {};
  return {
    def: gameDef,
    query: { ...range, dimensions, metrics, filters, order, ...page },
    shown: [...dimensions, ...metrics],
  };
}

/** App report: every catalogue field shown, yyyy-MM-dd dates, page_no. */
export async function resolveGx(c: Ctx, q: GxListQuery): Promise<Resolved> {
  const e = new ParamErrors(c.lang);
  const range = dashedRange(e, c, q);
  const shown = gxCatalogue.map((f) => f.field);
  const dimensions = shown.filter((f) => f in gxDef.dimensions);
  const metrics = shown.filter((f) => f in gxDef.metrics);
  const order = parseOrder(e, q.order, gxDef, shown);
  const filters = {
    app_key: await appKeysOf(c),
    pkg_name: parseList(e, 'pkg_name', q.pkg_name, isText),
    ad_placement_id: parseList(e, 'placement_id', q.placement_id, isText),
    ad_format: parseList(e, 'placement_type', q.placement_type, isStyle)?.map(Number) ?? null,
    geo: upper(parseList(e, 'country', q.country, isCountry)),
  };
  done(e);
  return {
    def: gxDef,
    query: { ...range, dimensions, metrics, filters, order, ...paging(q.page_no, q.page_size) },
    shown,
  };
}
