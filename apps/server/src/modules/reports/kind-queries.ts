/**
 * Request → resolved query for what has a parser of its own (spec §7, api-contract §8): the SDK
 * report (sdk-params.ts, shared with the latency bench) and the Affiliate report's Reject Detail; the
 * kinds that declare
 * their query resolve in declared-query.ts with the helpers exported here. Each parses the
 * parameters, applies the date rules and intersects the scope (app keys or channels), so list,
 * export and trend of a kind share one resolution. Throws 604 (params), 601 (pending), never trusts
 * the client's keys or channels.
 */

import type { Lang } from '@portal/contracts/codes.ts';
import { AdStyle, DataPermissionType, EARLIEST_REPORT_DATE } from '@portal/contracts/constants.ts';
import { dashed, dateRuleMessage } from '@portal/contracts/report-dates.ts';
import { type CompareMode, presetRange, type ReportPreset } from '@portal/contracts/report-view.ts';
import type { SdkListQuery } from '@portal/contracts/reports.ts';
import { type AffiliateRejectQuery, affiliateEarliest } from '@portal/contracts/reports-affiliate.ts';
import type { FastifyInstance } from 'fastify';
import { paramError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { QueryDef, ReportQuery } from '../../reports/query-builder.ts';
import { rejectDefs, sdkDef } from '../../reports/report-defs.ts';
import { toReportQuery } from '../../reports/sdk-query.ts';
import type { ReportZone } from '../../reports/zone-shift.ts';
import { callerChannelScope, callerSdkScope, scopedAppKeys, scopedChannels } from '../permission/scope.ts';
import { isCountry, isText, ParamErrors, parseDt, parseList, upper } from './list-params.ts';
import { parseSdkListQuery } from './sdk-params.ts';

/**
 * A resolved request: definition, query, the shown fields in the caller's order, the comparison;
 * `sent` is the field list as the client sent it, position by position (an export's `titles` name
 * these positions, api-contract §10), absent when the client sent none.
 */
export type Resolved = {
  def: QueryDef;
  query: ReportQuery;
  shown: string[];
  sent?: string[];
  compare?: CompareMode;
};
/**
 * An export query as the list query of its first page: exports resolve like their list (the same
 * scope and rules) and then stream every row, so the paging is only a placeholder.
 */
export function firstPage<Q extends object>(q: Q) {
  return { ...q, page_index: 1, page_size: 1 };
}

/**
 * A report request's context: `yesterday` (yyyyMMdd) and `zone` on the kind's reporting clock
 * (report-context.ts `reportClock`); `zone` only for an hourly kind read in a zone not the network's.
 */
export type Ctx = {
  app: FastifyInstance;
  user: SessionUser;
  lang: Lang;
  yesterday: string;
  zone?: ReportZone;
};

const adStyles = new Set<number>(Object.values(AdStyle));
/** An ad style code (constants.ts AdStyle). */
export const isStyle = (s: string) => /^\d+$/.test(s) && adStyles.has(Number(s));
/** LIMIT/OFFSET of page `page` (from 1) of `size` rows. */
export const paging = (page: number, size: number) => ({ limit: size, offset: (page - 1) * size });
/** The caller's zone for an hourly kind's query, when it differs from the network's. */
export const zoneOf = (c: Ctx): { zone?: ReportZone } => (c.zone ? { zone: c.zone } : {});

/** Throws 604 with the collected field errors, if any. */
export function done(e: ParamErrors) {
  if (e.errors.length) throw paramError(e.errors);
}

/**
 * `q` with its `preset` (contracts report-view.ts) resolved into `dt` (or `start_date`/`end_date`
 * yyyy-MM-dd with `dashes`), clipped by the date rules against the caller's yesterday and `earliest`;
 * a preset with no reportable day → 604 (too early).
 */
export function withPreset<T extends { preset?: ReportPreset }>(
  c: Ctx,
  q: T,
  earliest: string,
  dashes = false,
): T {
  if (!q.preset) return q;
  const r = presetRange(q.preset, c.yesterday, earliest);
  if (!r) throw paramError([{ field: 'preset', message: dateRuleMessage('too_early', c.lang, earliest) }]);
  if (!dashes) return { ...q, dt: `${r.start},${r.end}` };
  return { ...q, start_date: dashed(r.start), end_date: dashed(r.end) };
}

/** A comma list as sent, every position kept (empty and repeated items too); undefined when absent. */
export function sentFields(v: string | undefined): string[] | undefined {
  return v?.trim() ? v.split(',').map((s) => s.trim()) : undefined;
}

/** The shown fields: `fields` as sent (else `defaults`), first occurrences of known fields only. */
export function shownOf(fields: string | undefined, defaults: string[], dims: string[], metrics: string[]) {
  const all = new Set([...dims, ...metrics]);
  const list = fields ? fields.split(',').map((s) => s.trim()) : defaults;
  return [...new Set(list)].filter((f) => all.has(f));
}

/** SDK report (sdk-params.ts), app keys intersected with the caller's scope. */
export async function resolveSdk(c: Ctx, raw: SdkListQuery): Promise<Resolved> {
  const q = withPreset(c, raw, EARLIEST_REPORT_DATE);
  const parsed = parseSdkListQuery(q, c.lang, c.yesterday);
  const scope = await callerSdkScope(c.app, c.user);
  const { requestedAppKeys, ...rest } = parsed;
  const query = {
    ...toReportQuery({ ...rest, appKeys: scopedAppKeys(scope, requestedAppKeys) }),
    ...zoneOf(c),
  };
  const shown = shownOf(
    q.fields,
    [...parsed.dimensions, ...parsed.metrics],
    parsed.dimensions,
    parsed.metrics,
  );
  return { def: sdkDef, query, shown, sent: sentFields(q.fields), compare: q.compare };
}

/** The Reject Detail's filters: the clicked row's, channels intersected with the caller's affiliate channels. */
async function affiliateFilters(c: Ctx, e: ParamErrors, q: AffiliateRejectQuery) {
  const scope = await callerChannelScope(c.app, c.user, DataPermissionType.AFFILIATE);
  return {
    channel: scopedChannels(scope, parseList(e, 'channel', q.channel, isText)),
    offer_id: parseList(e, 'offer_id', q.offer_id, isText),
    pkg_name: parseList(e, 'pkg_name', q.pkg_name, isText),
    geo: upper(parseList(e, 'geo', q.geo, isCountry)),
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
    query: {
      ...range,
      dimensions: ['reject_reason'],
      metrics: ['reject_num'],
      filters,
      order: null,
      ...zoneOf(c),
    },
    shown,
  };
}
