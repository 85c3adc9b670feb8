/**
 * One definition per report screen (spec §2 Report screens, api-contract §8): the report framework
 * (pages/report-page.tsx) renders every kind from these, so there is one page, not one copy per kind.
 * The screens are those the report registry declares (contracts report-registry/, each kind's
 * `menu.screens`: id, path, titles, fact source), and each takes from its kind's declaration the
 * default columns, column storage key, page size, KPI cards, chart and country chart, the export's
 * file name, the wire style, its list and export entries of the endpoint table (`<kind>List`,
 * `<kind>Export`) and its filters: the scope's as a select of the caller's apps or channels, the
 * others as country, ad style or text filters, labelled by their declared titles. A new kind needs
 * nothing here; the screens older than the registry keep their filter rows as they were, and what
 * only they have (Reject Detail, the game list's timeout, New Affiliate's file name), below.
 */
import { EARLIEST_REPORT_DATE, PublisherType } from '@portal/contracts/constants.ts';
import { reportsEndpoints } from '@portal/contracts/endpoints/reports.ts';
import { defaultsOf, type ReportQuerySpec } from '@portal/contracts/report-registry/define-report.ts';
import {
  type DeclaredScreen,
  type ReportKind,
  type ReportScreenId,
  reportRegistry,
  reportScreens,
} from '@portal/contracts/report-registry/index.ts';
import type { exportFileNames } from '@portal/contracts/reports-kinds.ts';
import { declaredFilterKey } from '@/lib/declared-texts.ts';

/** Game list timeout of spec §9, ms. */
export const GAME_TIMEOUT_MS = 60_000;

/** A filter of a report's filter row; `name` is the query parameter it fills. */
export type FilterSpec =
  /** Options from `/v1/user/channels?publisher_type=…` (value = app key or channel). */
  | {
      type: 'channels';
      name: string;
      publisherType: number;
      multiple: boolean;
      label: string;
      testId?: string;
    }
  /** Game apps from `/v1/report/list/game/sdk/app` (value = package name). */
  | { type: 'gameApps'; name: string; label: string }
  /** Free text; `list` normalises a comma-separated list of several values. */
  | { type: 'text'; name: string; label: string; list?: boolean }
  /** Ad style (placement type) select. */
  | { type: 'adStyle'; name: string; label: string }
  /** Countries (multi) from `/common/country`. */
  | { type: 'countries'; name: string; label: string; testId?: string };

/**
 * How a kind's query is spelled on the wire:
 * - `list`: `dt=yyyyMMdd,yyyyMMdd`, `fields`, `titles`, `order=field:dir`, `page_index`/`page_size`;
 * - `game`: `start_date`/`end_date` yyyy-MM-dd, `data_dimension`/`data_metrics`, `sort` + `order_by`
 *   (1 asc, 2 desc), `page_no`/`page_size`;
 * - `gx`: `start_date`/`end_date` yyyy-MM-dd, `order`, `page_no`/`page_size`, every field shown.
 */
export type ParamStyle = 'list' | 'game' | 'gx';

type Table = typeof reportsEndpoints;
/** The list entries of the report screens (each kind's `<kind>List`): each answers a report page `{ list, count, total }`. */
export type ReportListEndpoint = Table[Exclude<Extract<keyof Table, `${string}List`>, 'rejectList'>];
/** The export entries of the report screens (`<kind>Export`) and the reject detail: each answers a file. */
export type ReportExportEndpoint = Table[Extract<keyof Table, `${string}Export`>];

/** A report screen's name: the id its declaration gives it (`sdk`, `newAffiliate`, `app`, …). */
export type ReportId = ReportScreenId;

export type ReportDef = {
  id: ReportId;
  /** Server kind of stat_column, trend and export naming. */
  kind: ReportKind;
  path: string;
  /** reports:titles.<id> */
  titleKey: string;
  /** data-testid of the page card. */
  testId: string;
  style: ParamStyle;
  /** The report's list entry of the endpoint table. */
  list: ReportListEndpoint;
  /** Its export entry; absent: the report has no export (spec §2 App report). */
  export?: ReportExportEndpoint;
  /** Base of the export's file name when the server gives none (contracts `exportFileNames`). */
  fileKey: keyof typeof exportFileNames;
  /** Absent: no custom columns; every field is shown. */
  storageKey?: string;
  defaultFields: string[];
  earliest: string;
  pageSize: number;
  timeoutMs?: number;
  /** Fixed parameters of every call (e.g. `db_source`). */
  fixed?: Record<string, string>;
  filters: FilterSpec[];
  /** The reject cell opens the Reject Detail dialog (spec §2 Affiliate). */
  rejectDetail?: boolean;
  /** Headline metrics of the KPI cards, in order (issue 13 item 1), read from the list's totals. */
  kpis: string[];
  /** Metrics the trend chart shows first: one per unit (money, count, percent), so no line is flattened on another's axis. */
  chartMetrics: string[];
  /** The country dimension and the metric ranked by it in the country bar; absent: no country chart. */
  countryChart?: { dimension: string; metric: string };
};

/** The wire spelling of each declared query style (none declared: the SDK report's `list`). */
const styles: Record<ReportQuerySpec['style'], ParamStyle> = { list: 'list', split: 'game', dashed: 'gx' };

/** Whose channels the scope's filter offers, and its label, by the scope's grants. */
const scopeFilters = {
  sdk: { publisherType: PublisherType.SDK, label: 'filters.app' },
  rtb: { publisherType: PublisherType.RTB, label: 'filters.network' },
  affiliate: { publisherType: PublisherType.AFFILIATE, label: 'filters.channel' },
} as const;

/**
 * The filter row `kind` declares (its query's filters, in order): the scope's column as a select of
 * the caller's apps or channels (one value when `single`), countries, ad styles, and the rest as text
 * taking a comma list, each labelled by its declared title (lib/declared-texts.ts).
 */
export function declaredFilters(kind: ReportKind): FilterSpec[] {
  const query = reportRegistry[kind].query;
  if (!query) return [];
  return query.filters.map((f): FilterSpec => {
    if ((f.column ?? f.param) === query.scope.column) {
      return { type: 'channels', name: f.param, multiple: !f.single, ...scopeFilters[query.scope.by] };
    }
    if (f.check === 'country') return { type: 'countries', name: f.param, label: 'filters.country' };
    if (f.check === 'ad_style') return { type: 'adStyle', name: f.param, label: 'filters.placementType' };
    return { type: 'text', name: f.param, label: declaredFilterKey(kind, f.param), list: true };
  });
}

/** The list entry `<kind>List` of the endpoint table, and `<kind>Export` when the kind has an export. */
function entriesOf(kind: ReportKind): Pick<ReportDef, 'list' | 'export'> {
  const table = reportsEndpoints as unknown as Record<string, ReportListEndpoint & ReportExportEndpoint>;
  const list = table[`${kind}List`];
  const exported = table[`${kind}Export`];
  if (!list) throw new Error(`report ${kind}: no ${kind}List entry in the endpoint table`);
  if (reportRegistry[kind].abilities.export && !exported) {
    throw new Error(`report ${kind}: no ${kind}Export entry in the endpoint table`);
  }
  return reportRegistry[kind].abilities.export ? { list, export: exported } : { list };
}

/** `newAffiliate` → `new-affiliate`. */
const kebab = (id: string) => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The definition of a declared screen: what it takes from its kind's declaration and its own
 * (path, titles, fact source), then `own`.
 */
function defOf(s: DeclaredScreen, own: Partial<ReportDef> = {}): ReportDef {
  const d = reportRegistry[s.kind];
  const source = s.source ?? d.facts.sources[0] ?? '';
  return {
    id: s.id,
    kind: s.kind,
    path: s.path,
    titleKey: `titles.${s.id}`,
    testId: `${kebab(s.id)}-report`,
    style: styles[d.query?.style ?? 'list'],
    ...entriesOf(s.kind),
    earliest: d.facts.earliest?.[source] ?? EARLIEST_REPORT_DATE,
    fileKey: s.kind,
    storageKey: d.columnsKey,
    defaultFields: defaultsOf(d),
    pageSize: d.pageSize,
    kpis: d.kpis,
    chartMetrics: d.chart,
    countryChart: d.countryChart,
    ...(d.facts.sources.length > 1 ? { fixed: { db_source: source } } : {}),
    filters: declaredFilters(s.kind),
    ...own,
  };
}

const country = (name: string): FilterSpec => ({ type: 'countries', name, label: 'filters.country' });

const affiliateFilters: FilterSpec[] = [
  {
    type: 'channels',
    name: 'channel',
    publisherType: PublisherType.AFFILIATE,
    multiple: true,
    label: 'filters.channel',
  },
  { type: 'text', name: 'offer_id', label: 'filters.offerId', list: true },
  { type: 'text', name: 'pkg_name', label: 'filters.pkgName', list: true },
  country('geo'),
];

/**
 * What the screens older than the registry have of their own: their filter rows as they were (the
 * SDK report declares no query; the others show fewer filters than they accept), Reject Detail, the
 * game list's timeout and New Affiliate's file name.
 */
const ownParts: Partial<Record<ReportId, Partial<ReportDef>>> = {
  sdk: {
    filters: [
      {
        type: 'channels',
        name: 'app_key',
        publisherType: PublisherType.SDK,
        multiple: true,
        label: 'filters.app',
        testId: 'filter-app',
      },
      { type: 'text', name: 'placement_id', label: 'filters.placementId' },
      { type: 'adStyle', name: 'placement_type', label: 'filters.placementType' },
      country('country'),
    ],
  },
  rtb: {
    filters: [
      {
        type: 'channels',
        name: 'channel',
        publisherType: PublisherType.RTB,
        multiple: false,
        label: 'filters.network',
      },
      { type: 'text', name: 'placement_id', label: 'filters.placementId' },
      { type: 'text', name: 'placement_name', label: 'filters.placementName' },
      country('country'),
    ],
  },
  affiliate: { filters: affiliateFilters, rejectDetail: true },
  newAffiliate: { filters: affiliateFilters, rejectDetail: true, fileKey: 'new_affiliate' },
  game: {
    timeoutMs: GAME_TIMEOUT_MS,
    filters: [{ type: 'gameApps', name: 'pkg_name', label: 'filters.app' }, country('country')],
  },
  app: {
    filters: [
      { type: 'text', name: 'pkg_name', label: 'filters.pkgName', list: true },
      { type: 'text', name: 'placement_id', label: 'filters.placementId' },
      { type: 'adStyle', name: 'placement_type', label: 'filters.placementType' },
      country('country'),
    ],
  },
};

/** Every declared screen's definition, by screen id. */
export const reportDefs = Object.fromEntries(
  reportScreens.map((s) => [s.id, defOf(s, ownParts[s.id])]),
) as Record<ReportId, ReportDef>;

/** The definition of the screen at `path`, if a declared screen is there. */
export function reportDefAt(path: string): ReportDef | undefined {
  return Object.values(reportDefs).find((d) => d.path === path);
}
