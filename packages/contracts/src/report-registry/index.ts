/**
 * The report registry (issue 24 item 1): one declaration per report kind (define-report.ts), by kind.
 * Everything per kind is derived from it: the `stat_column` catalogues, the hourly kinds, column
 * storage keys and export file names (reports-kinds.ts), the access of each kind (access.ts), the
 * schedulable kinds (report-views.ts); on the server the query definitions (reports/report-defs.ts),
 * on the web the report screens' columns, defaults, KPI cards and chart (features/reports/lib/report-defs.ts).
 *
 * A new kind: its declaration file here and one line below (see README, "Report kinds").
 */
import { affiliateReport } from './affiliate.ts';
import type { ReportDeclaration } from './define-report.ts';
import { gameReport } from './game.ts';
import { gxReport } from './gx.ts';
import { rtbReport } from './rtb.ts';
import { sdkReport } from './sdk.ts';

/** Every report kind's declaration, in menu order. */
export const reportRegistry = {
  sdk: sdkReport,
  rtb: rtbReport,
  affiliate: affiliateReport,
  game: gameReport,
  gx: gxReport,
} satisfies Record<string, ReportDeclaration>;

export type ReportKind = keyof typeof reportRegistry;

/** The kinds, in menu order (`{kind}` of stat_column, trend and saved views). */
export const reportKinds = Object.keys(reportRegistry) as [ReportKind, ...ReportKind[]];

/** The declaration of `kind`. */
export const reportOf = (kind: ReportKind): ReportDeclaration => reportRegistry[kind];

/** The kinds whose declaration says `pick`, in menu order. */
export const kindsWhere = (pick: (d: ReportDeclaration) => boolean): ReportKind[] =>
  reportKinds.filter((k) => pick(reportRegistry[k]));
