/**
 * The resolver of every kind whose declaration carries its list query (contracts report-registry,
 * `query`; today all but the SDK report: RTB, Affiliate, the game centre, the App report): the parameters of the declared style, the date
 * rules with the fact source's earliest day, the shown fields against the kind's definition, the
 * order, each declared filter checked as declared, and the declared scope intersected with what the
 * caller may see (spec §6). Throws 604 with every field error, in the declared order.
 */
import { DataPermissionType, EARLIEST_REPORT_DATE } from '@portal/contracts/constants.ts';
import {
  defaultsOf,
  type FilterCheck,
  type ReportDeclaration,
  type ReportScope,
} from '@portal/contracts/report-registry/define-report.ts';
import { type ReportKind, reportRegistry } from '@portal/contracts/report-registry/index.ts';
import type { CompareMode, ReportPreset } from '@portal/contracts/report-view.ts';
import type { QueryDef } from '../../reports/query-builder.ts';
import { queryDefs } from '../../reports/report-defs.ts';
import type { ReportZone } from '../../reports/zone-shift.ts';
import { callerChannelScope, callerSdkScope, scopedAppKeys, scopedChannels } from '../permission/scope.ts';
import {
  type Ctx,
  done,
  isStyle,
  paging,
  type Resolved,
  sentFields,
  shownOf,
  withPreset,
  zoneOf,
} from './kind-queries.ts';
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

/**
 * A declared kind's list query as its schema parses it (contracts reports-declared.ts
 * `declaredListQuery`, the query of its `<kind>List` entry): the style's parameters, `db_source`, and
 * the filters by name.
 */
export type DeclaredQuery = {
  preset?: ReportPreset;
  compare?: CompareMode;
  dt?: string;
  fields?: string;
  data_dimension?: string;
  data_metrics?: string;
  sort?: string;
  order_by?: number;
  order?: string;
  page_index?: number;
  start_date?: string;
  end_date?: string;
  page_no?: number;
  page_size?: number;
  db_source?: string;
};

const checks: Record<FilterCheck, (s: string) => boolean> = {
  text: isText,
  country: isCountry,
  ad_style: isStyle,
};

/** The values of `scope`'s column the caller may see among `requested` (null: no restriction). */
async function scoped(c: Ctx, scope: ReportScope, requested: string[] | null) {
  if (scope.by === 'sdk') return scopedAppKeys(await callerSdkScope(c.app, c.user), requested);
  const type = scope.by === 'rtb' ? DataPermissionType.RTB : DataPermissionType.AFFILIATE;
  return scopedChannels(await callerChannelScope(c.app, c.user, type), requested);
}

/**
 * The declared filters of `d` read from `q` (each checked; countries upper-cased, ad styles as
 * numbers; `single` keeps the first value), by stored column, the scope column intersected with the
 * caller's grants; a scope without a filter of its own comes first, as the scope alone.
 */
async function declaredFilters(c: Ctx, e: ParamErrors, d: ReportDeclaration, q: DeclaredQuery) {
  const spec = d.query;
  if (!spec) throw new Error(`report ${d.kind} declares no query`);
  const filters: Record<string, (string | number)[] | null> = {};
  const own = spec.filters.some((f) => (f.column ?? f.param) === spec.scope.column);
  if (!own) filters[spec.scope.column] = await scoped(c, spec.scope, null);
  for (const f of spec.filters) {
    const column = f.column ?? f.param;
    const raw = (q as Record<string, unknown>)[f.param];
    let values = parseList(e, f.param, typeof raw === 'string' ? raw : undefined, checks[f.check]);
    if (f.single && values) values = values.slice(0, 1);
    if (f.check === 'country') values = upper(values);
    if (column === spec.scope.column) filters[column] = await scoped(c, spec.scope, values);
    else filters[column] = f.check === 'ad_style' ? (values?.map(Number) ?? null) : values;
  }
  return filters;
}

/** Resolves `raw`, a list query of declared kind `kind` (schema defaults applied), for caller `c`. */
export async function resolveDeclared(kind: ReportKind, c: Ctx, raw: DeclaredQuery): Promise<Resolved> {
  const d = reportRegistry[kind];
  const source = raw.db_source ?? d.facts.sources[0] ?? '';
  const def = queryDefs[kind][source];
  if (!def || !d.query) throw new Error(`report ${kind} has no declared query over ${source}`);
  const earliest = d.facts.earliest?.[source] ?? EARLIEST_REPORT_DATE;
  // Only hourly facts move to the caller's clock (zone-shift.ts).
  const zone = d.facts.grain === 'hourly' ? zoneOf(c) : {};
  const e = new ParamErrors(c.lang);
  if (d.query.style === 'split') return resolveSplit(c, e, d, def, raw, earliest, zone);
  if (d.query.style === 'dashed') {
    const { q, range } = dashedRange(c, e, raw, earliest);
    const shown = d.fields.map((f) => f.field);
    const dimensions = shown.filter((f) => f in def.dimensions);
    const metrics = shown.filter((f) => f in def.metrics);
    const order = parseOrder(e, q.order, def, shown);
    return resolved(c, e, d, def, q, zone, { range, dimensions, metrics, order, page: q.page_no, shown });
  }
  const q = withPreset(c, raw, earliest);
  const range = parseDt(e, q.dt ?? '', c.yesterday, earliest);
  const defaults = defaultsOf(d);
  const { dimensions, metrics } = parseFields(e, 'fields', q.fields, def, defaults);
  const order = parseOrder(e, q.order, def, [...dimensions, ...metrics]);
  return resolved(c, e, d, def, q, zone, {
    range,
    dimensions,
    metrics,
    order,
    page: q.page_index,
    shown: shownOf(q.fields, defaults, dimensions, metrics),
    sent: sentFields(q.fields),
  });
}

/**
 * The query with its preset applied and its `start_date` / `end_date` range (yyyy-MM-dd on the wire),
 * as the `dashed` and `split` styles take them; range errors go to `e`.
 */
function dashedRange(c: Ctx, e: ParamErrors, raw: DeclaredQuery, earliest: string) {
  const q = withPreset(c, raw, earliest, true);
  const range = parseRange(
    e,
    'start_date',
    q.start_date ?? '',
    q.end_date ?? '',
    c.yesterday,
    earliest,
    true,
  );
  return { q, range };
}

/** What a style parsed from its own parameters; `resolved` adds what every style shares. */
type Parsed = Pick<Resolved['query'], 'dimensions' | 'metrics' | 'order'> & {
  range: { start: string; end: string };
  /** The page asked for (1-based; the first when not sent). */
  page: number | undefined;
  shown: string[];
  sent?: string[];
};

/**
 * The resolved query of every style: the parsed parts with the declared filters (checked and scoped
 * to caller `c`), the paging (the kind's declared page size by default) and the caller's zone;
 * throws the collected 604 (`done`) before anything is returned.
 */
async function resolved(
  c: Ctx,
  e: ParamErrors,
  d: ReportDeclaration,
  def: QueryDef,
  q: DeclaredQuery,
  zone: { zone?: ReportZone },
  p: Parsed,
): Promise<Resolved> {
  const filters = await declaredFilters(c, e, d, q);
  done(e);
  return {
    def,
    query: {
      ...p.range,
      dimensions: p.dimensions,
      metrics: p.metrics,
      filters,
      order: p.order,
      ...paging(p.page ?? 1, q.page_size ?? d.pageSize),
      ...zone,
    },
    shown: p.shown,
    ...(p.sent === undefined ? {} : { sent: p.sent }),
    compare: q.compare,
  };
}

/**
 * The `split` style (the game centre's, api-contract §10): dimensions and metrics in their own
 * parameters (a metric among the dimensions, or the reverse, is 604), or `fields` (an export: the
 * page's columns in its order, then they are the shown fields in that order); `sort` + `order_by`.
 */
async function resolveSplit(
  c: Ctx,
  e: ParamErrors,
  d: ReportDeclaration,
  def: QueryDef,
  raw: DeclaredQuery,
  earliest: string,
  zone: { zone?: ReportZone },
): Promise<Resolved> {
  const { q, range } = dashedRange(c, e, raw, earliest);
  const sent = sentFields(q.fields);
  const defaults = defaultsOf(d);
  const dims = sent
    ? parseFields(e, 'fields', q.fields, def, [])
    : parseFields(
        e,
        'data_dimension',
        q.data_dimension,
        def,
        defaults.filter((f) => f in def.dimensions),
      );
  const mets = sent
    ? dims
    : parseFields(
        e,
        'data_metrics',
        q.data_metrics,
        def,
        defaults.filter((f) => f in def.metrics),
      );
  if (!sent && dims.metrics.length) e.add('data_dimension', 'unknown_field', dims.metrics[0]);
  if (!sent && mets.dimensions.length) e.add('data_metrics', 'unknown_field', mets.dimensions[0]);
  const dimensions = dims.dimensions;
  const metrics = mets.metrics;
  const sort = q.sort?.trim() ? `${q.sort.trim()}:${q.order_by === 1 ? 'asc' : 'desc'}` : undefined;
  const order = parseOrder(e, sort, def, [...dimensions, ...metrics]);
  return resolved(c, e, d, def, q, zone, {
    range,
    dimensions,
    metrics,
    order,
    page: q.page_no,
    shown: sent ? shownOf(q.fields, [], dimensions, metrics) : [...dimensions, ...metrics],
    sent,
  });
}
