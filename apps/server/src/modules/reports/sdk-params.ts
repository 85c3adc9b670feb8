/**
 * Parses and validates the SDK list parameters (spec §7 Reports, api-contract §8) into a query for the
 * builder. Every problem becomes one `{ field, message }` of a 604 answer, in the caller's language.
 *
 * - `dt` `yyyyMMdd,yyyyMMdd`, checked with the shared date rules (end ≤ yesterday in REPORT_TIMEZONE,
 *   ≤ 90 days, ≥ 2023-07-25).
 * - `fields`: catalogue fields (unknown → 604; `app_name` is accepted and ignored, it comes with
 *   `app_key`); empty → the default SDK columns. Dimensions among them define the grouping.
 * - `order` `field:asc|desc`: malformed or unknown field → 604; a field not among `fields` is ignored.
 * - Filters are comma lists: `app_key`, `placement_id`, `placement_type` (ad styles 1, 2, 3, 6),
 *   `country` (ISO 3166-1 alpha-2, case-insensitive).
 */
import type { Lang } from '@portal/contracts/codes.ts';
import { AdStyle } from '@portal/contracts/constants.ts';
import type { FieldError } from '@portal/contracts/envelope.ts';
import { checkReportRange, dateRuleMessage } from '@portal/contracts/report-dates.ts';
import { reportParamText, type SdkListQuery, sdkDefaultFields } from '@portal/contracts/reports.ts';
import { paramError } from '../../lib/app-error.ts';
import {
  type SdkDimension,
  type SdkMetric,
  type SdkQuery,
  type SortDir,
  sdkDimensions,
  sdkMetrics,
} from '../../reports/sdk-query.ts';

/** A parsed request; `requestedAppKeys` still needs intersecting with the caller's scope. */
export type ParsedSdkQuery = Omit<SdkQuery, 'appKeys'> & { requestedAppKeys: string[] | null };

const MAX_LIST = 1000;
const adStyles = new Set<number>(Object.values(AdStyle));

/** Comma list → trimmed non-empty values, or null when absent or empty. */
export function commaList(v: string | undefined): string[] | null {
  if (v === undefined) return null;
  const items = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length ? [...new Set(items)] : null;
}

/** Parses the query; throws AppError 604 with every field error. `yesterday` is yyyyMMdd. */
export function parseSdkListQuery(q: SdkListQuery, lang: Lang, yesterday: string): ParsedSdkQuery {
  const errors: FieldError[] = [];
  const text = (k: keyof typeof reportParamText, value = '') =>
    reportParamText[k][lang].replace('{value}', value);

  const [start = '', end = '', ...rest] = q.dt.split(',').map((s) => s.trim());
  const rule = rest.length ? 'format' : checkReportRange(start, end, yesterday);
  if (rule) errors.push({ field: 'dt', message: dateRuleMessage(rule, lang) });

  const dimensions: SdkDimension[] = [];
  const metrics: SdkMetric[] = [];
  for (const f of commaList(q.fields) ?? sdkDefaultFields) {
    if ((sdkDimensions as readonly string[]).includes(f)) dimensions.push(f as SdkDimension);
    else if ((sdkMetrics as readonly string[]).includes(f)) metrics.push(f as SdkMetric);
    else if (f !== 'app_name') errors.push({ field: 'fields', message: text('unknown_field', f) });
  }

  let order: SdkQuery['order'] = null;
  if (q.order?.trim()) {
    const m = /^([a-z_]+):(asc|desc)$/i.exec(q.order.trim());
    const field = m?.[1] ?? '';
    if (!m || ![...sdkDimensions, ...sdkMetrics].includes(field as SdkDimension)) {
      errors.push({ field: 'order', message: text('bad_order') });
    } else if ([...dimensions, ...metrics].includes(field as SdkDimension)) {
      order = { field, dir: m[2]?.toLowerCase() as SortDir };
    }
  }

  const list = (field: string, v: string | undefined, ok: (s: string) => boolean) => {
    const items = commaList(v);
    if (!items) return null;
    if (items.length > MAX_LIST) errors.push({ field, message: text('bad_value', `>${MAX_LIST}`) });
    const bad = items.find((s) => !ok(s));
    if (bad !== undefined) errors.push({ field, message: text('bad_value', bad.slice(0, 50)) });
    return items;
  };
  const requestedAppKeys = list('app_key', q.app_key, (s) => s.length <= 64);
  const placementIds = list('placement_id', q.placement_id, (s) => s.length <= 64);
  const styles = list('placement_type', q.placement_type, (s) => /^\d+$/.test(s) && adStyles.has(Number(s)));
  const geos = list('country', q.country, (s) => /^[A-Za-z]{2}$/.test(s));

  if (errors.length) throw paramError(errors);
  return {
    start,
    end,
    dimensions,
    metrics,
    requestedAppKeys,
    placementIds,
    adStyles: styles?.map(Number) ?? null,
    geos: geos ? [...new Set(geos.map((g) => g.toUpperCase()))] : null,
    order,
    limit: q.page_size,
    offset: (q.page_index - 1) * q.page_size,
  };
}
