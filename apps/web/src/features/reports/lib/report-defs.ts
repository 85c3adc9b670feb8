/**
 * One definition per report screen (spec §2 Report screens, api-contract §8): the report framework
 * (pages/report-page.tsx) renders every kind from these, so there is one page, not one copy per kind.
 * What a screen shares with its kind comes from the kind's declaration in the report registry
 * (contracts report-registry/, issue 24 item 1): default columns, the column storage key, page size,
 * KPI cards, chart metrics, country chart, the export's file name; the columns themselves are the
 * kind's `stat_column` catalogue, derived from the same declaration. Here remain what only a screen
 * has: its path, title, filters, wire spelling and endpoints.
 */
import { EARLIEST_REPORT_DATE, PublisherType } from '@portal/contracts/constants.ts';
import { reportsEndpoints } from '@portal/contracts/endpoints/reports.ts';
import { defaultsOf } from '@portal/contracts/report-registry/define-report.ts';
import { type ReportKind, reportRegistry } from '@portal/contracts/report-registry/index.ts';
import type { exportFileNames } from '@portal/contracts/reports-kinds.ts';

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

/** The list entries of the report screens: each answers a report page `{ list, count, total }`. */
export type ReportListEndpoint = (typeof reportsEndpoints)[
  | 'sdkList'
  | 'rtbList'
  | 'affiliateList'
  | 'gxList'
  | 'gameList'];
/** The export entries of the report screens and the reject detail: each answers a file. */
export type ReportExportEndpoint = (typeof reportsEndpoints)[
  | 'sdkExport'
  | 'rtbExport'
  | 'affiliateExport'
  | 'gameExport'
  | 'rejectExport'];

export type ReportId = 'sdk' | 'rtb' | 'affiliate' | 'newAffiliate' | 'game' | 'app';

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

/**
 * What a screen of `kind` over fact `source` (default the kind's first) takes from the kind's
 * declaration: the earliest day, default columns, column storage key (none: every field shown), page
 * size, KPI cards, chart and country chart; the file name base is the kind's own.
 */
function fromRegistry(kind: ReportKind, source?: string) {
  const d = reportRegistry[kind];
  return {
    kind,
    earliest: d.facts.earliest?.[source ?? d.facts.sources[0] ?? ''] ?? EARLIEST_REPORT_DATE,
    fileKey: kind,
    storageKey: d.columnsKey,
    defaultFields: defaultsOf(d),
    pageSize: d.pageSize,
    kpis: d.kpis,
    chartMetrics: d.chart,
    countryChart: d.countryChart,
  } satisfies Partial<ReportDef>;
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

function affiliate(id: 'affiliate' | 'newAffiliate'): ReportDef {
  const newer = id === 'newAffiliate';
  return {
    ...fromRegistry('affiliate', newer ? 'affiliate_2024' : 'affiliate_2023'),
    id,
    path: newer ? '/report/reportv2' : '/report/newreport',
    titleKey: `titles.${id}`,
    testId: newer ? 'new-affiliate-report' : 'affiliate-report',
    style: 'list',
    list: reportsEndpoints.affiliateList,
    export: reportsEndpoints.affiliateExport,
    fileKey: newer ? 'new_affiliate' : 'affiliate',
    fixed: { db_source: newer ? 'affiliate_2024' : 'affiliate_2023' },
    filters: affiliateFilters,
    rejectDetail: true,
  };
}

export const reportDefs: Record<ReportId, ReportDef> = {
  sdk: {
    ...fromRegistry('sdk'),
    id: 'sdk',
    path: '/report/sdk',
    titleKey: 'titles.sdk',
    testId: 'sdk-report',
    style: 'list',
    list: reportsEndpoints.sdkList,
    export: reportsEndpoints.sdkExport,
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
    ...fromRegistry('rtb'),
    id: 'rtb',
    path: '/report/rtb',
    titleKey: 'titles.rtb',
    testId: 'rtb-report',
    style: 'list',
    list: reportsEndpoints.rtbList,
    export: reportsEndpoints.rtbExport,
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
  affiliate: affiliate('affiliate'),
  newAffiliate: affiliate('newAffiliate'),
  game: {
    ...fromRegistry('game'),
    id: 'game',
    path: '/report/game',
    titleKey: 'titles.game',
    testId: 'game-report',
    style: 'game',
    list: reportsEndpoints.gameList,
    export: reportsEndpoints.gameExport,
    timeoutMs: GAME_TIMEOUT_MS,
    filters: [{ type: 'gameApps', name: 'pkg_name', label: 'filters.app' }, country('country')],
  },
  app: {
    ...fromRegistry('gx'),
    id: 'app',
    path: '/appReport/list',
    titleKey: 'titles.app',
    testId: 'app-report',
    style: 'gx',
    list: reportsEndpoints.gxList,
    filters: [
      { type: 'text', name: 'pkg_name', label: 'filters.pkgName', list: true },
      { type: 'text', name: 'placement_id', label: 'filters.placementId' },
      { type: 'adStyle', name: 'placement_type', label: 'filters.placementType' },
      country('country'),
    ],
  },
};
