/**
 * The shape of one report kind's declaration (issue 24 item 1): everything the server and the web
 * derive a report from, as data. Fields carry their titles in both languages, their cell format and
 * their formula; the server renders formulas as SQL in either store's dialect (a cast is a word here,
 * `integer`, never dialect text), the web reads titles, formats, defaults, KPI cards and chart metrics.
 *
 * Plain data and functions only, no zod: the web bundles this beside /login's menu rules (access.ts).
 */

/** A text in both languages of the portal. */
export type Bilingual = { zh: string; en: string };

/** Cell format of a column (api-contract §8 `file_type`): how the page and the export show its values. */
export type FileType = 'date' | 'hour' | 'string' | 'int' | 'percent' | 'money';

/**
 * How a dimension is read from the facts:
 * - `{ date: '%Y%m%d' }`: the fact day, formatted (strftime, `%Y %m %d` only);
 * - `{ key: 'app_key' }`: a stored key column as stored; `cast: 'integer'` shows a code (ad style, hour)
 *   as a number, cast by the store's dialect.
 */
export type DimensionFormula = { date: string } | { key: string; cast?: 'integer' };

/**
 * How a metric is computed over a group of facts:
 * - `{ sum: 'impression' }`: the sum of a stored counter; exact integer for `int`, exact USD for `money`;
 * - `{ ratio: ['revenue', 'impression'], scale: 1000 }`: sum of the first over sum of the second, times
 *   `scale` (default 1); 0 over a zero denominator (api-contract §8); a DOUBLE rounded to 6 decimals.
 *   Both operands are stored counters of the kind's facts.
 */
export type MetricFormula = { sum: string } | { ratio: [string, string]; scale?: number };

/** A dimension (`type` 1 on the wire). */
export type DimensionField = {
  field: string;
  type: 1;
  file_type: FileType;
  sortable: boolean;
  title: Bilingual;
  formula: DimensionFormula;
};

/** A metric (`type` 2 on the wire). */
export type MetricField = {
  field: string;
  type: 2;
  file_type: FileType;
  sortable: boolean;
  title: Bilingual;
  formula: MetricFormula;
};

export type ReportField = DimensionField | MetricField;

/**
 * One entry of a kind's catalogue (`GET /v1/report/stat_column/{kind}` before the title is picked in
 * the caller's language): a field without its formula.
 */
export type CatalogueField = {
  field: string;
  type: 1 | 2;
  file_type: FileType;
  sortable: boolean;
  title: Bilingual;
};

/**
 * The access rule of a report (contracts access.ts decides each for a caller, spec §6): `sdk` (SDK
 * apps), `rtb` (RTB channels), `affiliate` (affiliate channels), `app_report` (the organisations of
 * APP_REPORT_COMPANY_IDS).
 */
export type ReportAccessRule = 'sdk' | 'rtb' | 'affiliate' | 'app_report';

/**
 * How a filter parameter's values are checked (604 otherwise): `text` at most 128 characters,
 * `country` ISO 3166-1 alpha-2 (case-insensitive, stored upper-case), `ad_style` an ad style code
 * (constants.ts AdStyle: 1, 2, 3, 6; bound as a number).
 */
export type FilterCheck = 'text' | 'country' | 'ad_style';

/** A filter of the list query: a comma list of values of one stored key column. */
export type ReportFilter = {
  /** The query parameter. */
  param: string;
  /** The stored key column it restricts; default: the parameter's name. */
  column?: string;
  check: FilterCheck;
  /** Only the first value counts (the RTB network, spec §2). */
  single?: boolean;
  /**
   * Its label on the web; default the title of the dimension that reads its column (or is named
   * after it). Needed only by a filter of a column no dimension shows; the scope's filter is labelled
   * by the scope (app, network, channel).
   */
  title?: Bilingual;
};

/**
 * What scopes a kind's facts to the caller (spec §6): the column, and whose grants decide its values
 * (`sdk` the caller's SDK apps, `rtb` and `affiliate` the caller's channels of that type). A filter of
 * the same column is intersected with the scope; without one, the scope alone applies.
 */
export type ReportScope = { column: string; by: 'sdk' | 'rtb' | 'affiliate' };

/**
 * The list query of a kind resolved from its declaration (server modules/reports/declared-query.ts):
 * - `list`: `dt=yyyyMMdd,yyyyMMdd`, `fields` (shown fields, default `defaults`), `order=field:dir`,
 *   `page_index`/`page_size`, and `db_source` when the kind has several fact sources;
 * - `dashed`: `start_date`/`end_date` yyyy-MM-dd, `order`, `page_no`/`page_size`, every field shown;
 * - `split` (the game centre's, api-contract §10): `start_date`/`end_date` yyyy-MM-dd, `data_dimension`
 *   and `data_metrics` (default: `defaults` split by type), `sort` + `order_by` (1 asc, 2 desc),
 *   `page_no`/`page_size`; an export may send `fields` instead, the page's columns in its order.
 * All take `preset` and `compare` (report-view.ts) and the declared filters, each a comma list.
 */
export type ReportQuerySpec = {
  style: 'list' | 'dashed' | 'split';
  scope: ReportScope;
  filters: ReportFilter[];
  /**
   * Where its list and export answer (the endpoint table's `<kind>List` and `<kind>Export`,
   * endpoints/reports.ts); default `/v1/report/list/<kind>` and `/v1/report/export/<kind>`. Only the
   * kinds older than the registry spell theirs otherwise.
   */
  paths?: { list: string; export?: string };
};

/**
 * One screen of a kind: its menu entry (`GET /api/v1/user/menu`, menu.ts) and its page on the web.
 * The key and the path are what members' menus are made of: never rename or drop one.
 */
export type ReportScreen = {
  /** The web's name of the screen (`reportDefs.<id>`; its card's test id is `<id in kebab case>-report`). */
  id: string;
  /** The menu key (the web's title key `common:menu.<…>`). */
  key: `menu.${string}`;
  /** Its route on the web. */
  path: string;
  /** Its title in the menu, the home page's shortcuts and the browser tab. */
  menuTitle: Bilingual;
  /** The title of its page, when it is not the menu title (declared screens: `DeclaredScreen.title`). */
  title?: Bilingual;
  /** The fact source it reads (`db_source`) when the kind has several; default the first. */
  source?: string;
};

/** What a report offers beside its page. */
export type ReportAbilities = {
  /** A paged list with its count and totals. */
  list: boolean;
  /** An XLSX/CSV export of the same query. */
  export: boolean;
  /** `GET /v1/report/trend/{kind}`: metrics per day (the chart above the report). */
  trend: boolean;
  /** `compare` on list and trend: the same query over an earlier period (report-view.ts). */
  compare: boolean;
};

export type ReportDeclaration = {
  /** The kind on the wire (`stat_column/{kind}`, `trend/{kind}`, saved views). */
  kind: string;
  /** Every field in display order: dimensions then metrics, as `stat_column` lists them. */
  fields: ReportField[];
  /**
   * Its facts (server reports/fact-tables.ts, by import kind): `grain` `hourly` when the facts are
   * kept by the hour (the reporting day then follows the user's time zone, issue 13 item 9), `daily`
   * otherwise; `sources` the fact tables, one per `db_source` when the kind has several (the first
   * is the default); `earliest`, per source, the first reportable day (yyyyMMdd; default the
   * network's first, spec §5).
   */
  facts: { grain: 'hourly' | 'daily'; sources: string[]; earliest?: Record<string, string> };
  /**
   * Its list query, when the server resolves it from this declaration; absent for a kind with a
   * parser of its own (the SDK report's, shared with the latency bench; the game centre's
   * `data_dimension`/`data_metrics` spelling).
   */
  query?: ReportQuerySpec;
  /** Tie-breaking order after the requested one (spec §4: dt desc, then hour desc). */
  order: [string, 'asc' | 'desc'][];
  abilities: ReportAbilities;
  /** Rows per page unless the caller asks otherwise. */
  pageSize: number;
  access: ReportAccessRule;
  /**
   * Its screens (Affiliate has two), each an entry of the menu (menu.ts) and a page of the web, and
   * where their entries sit: under Reports (`/report`) or at the top level (the APP report). Shown
   * when `access` grants it.
   */
  menu: { group: 'reports' | 'top'; screens: ReportScreen[] };
  /** Whether a saved view of it can be mailed on a schedule (needs `abilities.export`). */
  schedulable: boolean;
  /** Local-storage key of the saved column choice (spec §2); absent: every field is always shown. */
  columnsKey?: string;
  /** Base of the export file name (the server appends `_<start>-<end>.<ext>`), per language. */
  fileName: Bilingual;
  /** Shown fields when nothing is saved (dimensions and metrics); absent: every field. */
  defaults?: string[];
  /** Headline metrics of the KPI cards, in order (issue 13 item 1), read from the list's totals. */
  kpis: string[];
  /** Metrics the trend chart shows first: one per unit, so no line is flattened on another's axis. */
  chart: string[];
  /** The country dimension and the metric ranked by it in the country bar; absent: no country chart. */
  countryChart?: { dimension: string; metric: string };
};

/** A dimension: field, format, zh and en titles, formula; sortable. */
export function dimension(
  field: string,
  file_type: FileType,
  zh: string,
  en: string,
  formula: DimensionFormula,
): DimensionField {
  return { field, type: 1, file_type, sortable: true, title: { zh, en }, formula };
}

/** A metric: field, format, zh and en titles, formula; sortable. */
export function metric(
  field: string,
  file_type: FileType,
  zh: string,
  en: string,
  formula: MetricFormula,
): MetricField {
  return { field, type: 2, file_type, sortable: true, title: { zh, en }, formula };
}

/** The stored counters a metric formula sums. */
export function formulaColumns(f: MetricFormula): string[] {
  return 'sum' in f ? [f.sum] : [...f.ratio];
}

/**
 * Checks `d` and returns it, its literal types kept (the endpoint table types each declared kind's
 * query from them, endpoints/reports.ts). Throws (at load, so a bad declaration never serves) when a
 * field is declared twice, a dimension follows a metric, a ratio uses a counter no metric sums, a
 * `sum` is formatted other than `int` or `money`, defaults, KPIs, chart or order name unknown fields,
 * a screen is missing, repeated, titled empty or reads a source the kind does not have, or a filter
 * (but the scope's) has no title to be labelled by.
 */
export function defineReport<const D extends ReportDeclaration>(d: D): D {
  const where = `report ${d.kind}`;
  const names = new Set<string>();
  let metricsStarted = false;
  for (const f of d.fields) {
    if (names.has(f.field)) throw new Error(`${where}: ${f.field} declared twice`);
    names.add(f.field);
    if (f.type === 2) metricsStarted = true;
    else if (metricsStarted) throw new Error(`${where}: dimension ${f.field} after a metric`);
  }
  const metrics = d.fields.filter((f): f is MetricField => f.type === 2);
  const summed = new Set(metrics.flatMap((m) => ('sum' in m.formula ? [m.formula.sum] : [])));
  for (const m of metrics) {
    if ('sum' in m.formula && m.file_type !== 'int' && m.file_type !== 'money') {
      throw new Error(`${where}: ${m.field} sums a counter but is formatted ${m.file_type}`);
    }
    for (const c of formulaColumns(m.formula)) {
      if (!summed.has(c)) throw new Error(`${where}: ${m.field} uses ${c}, which no metric sums`);
    }
  }
  const metricNames = new Set(metrics.map((m) => m.field));
  const known = (list: string[], set: Set<string>, what: string) => {
    for (const f of list) if (!set.has(f)) throw new Error(`${where}: ${what} names unknown field ${f}`);
  };
  known(d.defaults ?? [], names, 'defaults');
  known(
    d.order.map(([f]) => f),
    names,
    'order',
  );
  known(d.kpis, metricNames, 'kpis');
  known(d.chart, metricNames, 'chart');
  if (d.countryChart) {
    known([d.countryChart.dimension], names, 'countryChart');
    known([d.countryChart.metric], metricNames, 'countryChart');
  }
  if (d.schedulable && !d.abilities.export) throw new Error(`${where}: schedulable without an export`);
  if (d.facts.sources.length === 0) throw new Error(`${where}: no fact source`);
  checkScreens(d);
  for (const f of d.query?.filters ?? []) {
    if ((f.column ?? f.param) !== d.query?.scope.column && !filterTitle(d, f)) {
      throw new Error(
        `${where}: filter ${f.param} has no title: declare one, or filter a dimension's column`,
      );
    }
  }
  return d;
}

/**
 * The label of filter `f` of `d`: its own `title`, else the title of the dimension reading its column
 * (`{ key: column }`), else of the dimension named after its parameter; undefined for none.
 */
export function filterTitle(d: ReportDeclaration, f: ReportFilter): Bilingual | undefined {
  const column = f.column ?? f.param;
  const dims = d.fields.filter((x): x is DimensionField => x.type === 1);
  return (
    f.title ??
    dims.find((x) => 'key' in x.formula && x.formula.key === column)?.title ??
    dims.find((x) => x.field === f.param)?.title
  );
}

/** The screen checks of {@link defineReport}. */
function checkScreens(d: ReportDeclaration): void {
  const where = `report ${d.kind}`;
  if (d.menu.screens.length === 0) throw new Error(`${where}: no screen`);
  for (const what of ['id', 'key', 'path'] as const) {
    const seen = d.menu.screens.map((s) => s[what]);
    const twice = seen.find((v, i) => seen.indexOf(v) !== i);
    if (twice) throw new Error(`${where}: screen ${what} ${twice} declared twice`);
  }
  for (const s of d.menu.screens) {
    const texts = [s.menuTitle, s.title ?? s.menuTitle].flatMap((t) => [t.zh, t.en]);
    if (texts.some((t) => t.trim() === '')) throw new Error(`${where}: screen ${s.id} has an empty title`);
    if (!s.path.startsWith('/')) throw new Error(`${where}: screen ${s.id} path ${s.path} is not absolute`);
    if (s.source !== undefined && !d.facts.sources.includes(s.source)) {
      throw new Error(`${where}: screen ${s.id} reads ${s.source}, not a fact source of the kind`);
    }
  }
}

/** The catalogue of `d` (formulas left out): what `stat_column/{kind}` serves, titles in both languages. */
export function catalogueOf(d: ReportDeclaration): CatalogueField[] {
  return d.fields.map(({ field, type, file_type, sortable, title }) => ({
    field,
    type,
    file_type,
    sortable,
    title,
  }));
}

/** The dimension names of `d`, in display order. */
export const dimensionsOf = (d: ReportDeclaration): string[] =>
  d.fields.filter((f) => f.type === 1).map((f) => f.field);

/** The metric names of `d`, in display order. */
export const metricsOf = (d: ReportDeclaration): string[] =>
  d.fields.filter((f) => f.type === 2).map((f) => f.field);

/** The fields `d` shows when nothing is saved: its `defaults`, else every field in display order. */
export const defaultsOf = (d: ReportDeclaration): string[] => d.defaults ?? d.fields.map((f) => f.field);
