/**
 * The report registry (issue 24 item 1): one declaration per report kind (define-report.ts), by kind.
 * Everything per kind is derived from it: the `stat_column` catalogues, the hourly kinds, column
 * storage keys and export file names (reports-kinds.ts), the access of each kind and the menu's report
 * entries (access.ts, menu.ts), the schedulable kinds (report-views.ts), the list and export entries of
 * the endpoint table (endpoints/reports.ts); on the server the query definitions
 * (reports/report-defs.ts) and the list, export, trend and schedule runs; on the web the report
 * screens, their routes, titles, columns, defaults, KPI cards, chart and filters
 * (features/reports/lib/report-defs.ts, lib/route-table.ts).
 *
 * A new kind: its declaration file here and one line below, and its fact table on the server (see
 * README, "Report kinds").
 */
import { affiliateReport } from './affiliate.ts';
import type { ReportDeclaration, ReportScreen } from './define-report.ts';
import { gameReport } from './game.ts';
import { gxReport } from './gx.ts';
import { rtbReport } from './rtb.ts';
import { sdkReport } from './sdk.ts';

/** Every report kind's declaration as written (literal types kept), in menu order. */
const declarations = {
  sdk: sdkReport,
  rtb: rtbReport,
  affiliate: affiliateReport,
  game: gameReport,
  gx: gxReport,
};

export type ReportKind = keyof typeof declarations;

/**
 * The declaration of `K` with its literal types (its filters' parameters, style, sources, screens):
 * what the endpoint table types a declared kind's query by (endpoints/reports.ts), and the menu keys
 * (menu.ts) and screen ids (the web) are read from.
 */
export type DeclarationOf<K extends ReportKind> = (typeof declarations)[K];

/** Every report kind's declaration, in menu order. */
export const reportRegistry: Record<ReportKind, ReportDeclaration> = declarations;

/** The kinds, in menu order (`{kind}` of stat_column, trend and saved views). */
export const reportKinds = Object.keys(reportRegistry) as [ReportKind, ...ReportKind[]];

/** The declaration of `kind`. */
export const reportOf = (kind: ReportKind): ReportDeclaration => reportRegistry[kind];

/** The kinds whose declaration says `pick`, in menu order. */
export const kindsWhere = (pick: (d: ReportDeclaration) => boolean): ReportKind[] =>
  reportKinds.filter((k) => pick(reportRegistry[k]));

/** The ids of the declared screens (`affiliate`, `newAffiliate`, `app`, …). */
export type ReportScreenId = DeclarationOf<ReportKind>['menu']['screens'][number]['id'];

/** The menu keys of the declared screens (`menu.sdkReport`, …). */
export type ReportScreenKey = DeclarationOf<ReportKind>['menu']['screens'][number]['key'];

/** A screen of a declared kind, with its kind, where its menu entry sits and its page title. */
export type DeclaredScreen = Omit<ReportScreen, 'id' | 'key' | 'title'> & {
  /** The page title: the declared one, else the menu title. */
  title: ReportScreen['menuTitle'];
  id: ReportScreenId;
  key: ReportScreenKey;
  kind: ReportKind;
  group: ReportDeclaration['menu']['group'];
};

/**
 * Every kind's screens in menu order (the menu's report entries, menu.ts and access.ts; the web's
 * report routes and pages). Throws at load when two kinds declare the same screen id, key or path.
 */
export const reportScreens: readonly DeclaredScreen[] = reportKinds.flatMap((kind) =>
  reportRegistry[kind].menu.screens.map(
    (s: ReportScreen) =>
      ({
        ...s,
        title: s.title ?? s.menuTitle,
        kind,
        group: reportRegistry[kind].menu.group,
      }) as DeclaredScreen,
  ),
);
for (const what of ['id', 'key', 'path'] as const) {
  const seen = reportScreens.map((s) => s[what]);
  const twice = seen.find((v, i) => seen.indexOf(v) !== i);
  if (twice) throw new Error(`report screens: ${what} ${twice} declared twice`);
}
