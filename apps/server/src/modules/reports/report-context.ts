/**
 * What every report route shares (spec §7, api-contract §8): the request context after the report
 * permission check (permission/report-access.ts: 601 pending, 402 not permitted), column titles in the
 * caller's language, export file names, and the decorators that label rows (SDK app names, game apps).
 */
import type { Lang } from '@portal/contracts/codes.ts';
import { reportYesterday, reportZoneOf } from '@portal/contracts/report-clock.ts';
import { reportAppName } from '@portal/contracts/report-labels.ts';
import { reportRegistry } from '@portal/contracts/report-registry/index.ts';
import type { CatalogueField } from '@portal/contracts/reports.ts';
import { exportFileNames, type ReportKind, reportCatalogues } from '@portal/contracts/reports-kinds.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestLang } from '../../lib/request-lang.ts';
import { currentUser, type SessionUser } from '../../plugins/session.ts';
import { typedColumns } from '../../reports/export/export-labels.ts';
import type { ExportColumn } from '../../reports/export/export-writer.ts';
import type { ReportZone } from '../../reports/zone-shift.ts';
import { requireReport } from '../permission/report-access.ts';
import { cachedAppNames, visibleSdkApps } from '../permission/scope.ts';
import type { Ctx, Resolved } from './kind-queries.ts';
import { type Decorate, type DecorateColumns, exportColumns } from './report-service.ts';

/** The caller's context for `kind`; throws 601/402 unless the report is permitted. */
export async function reportContext(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: ReportKind,
): Promise<Ctx> {
  const user = currentUser(request);
  await requireReport(app, user, kind);
  return { app, user, lang: requestLang(request), ...reportClock(app, user, kind, app.now()) };
}

/**
 * The reporting clock of `user` for `kind` at `now` (issue 13 item 9): an hourly kind's days are the
 * user's time zone's (with `zone` set when it differs from the network's), a daily-only kind's the
 * network's REPORT_TIMEZONE; `yesterday` (yyyyMMdd) is the last reportable day on that clock.
 */
export function reportClock(
  app: FastifyInstance,
  user: SessionUser,
  kind: ReportKind,
  now: Date,
): { yesterday: string; zone?: ReportZone } {
  const network = app.config.reportTimezone;
  const zones = { user: user.timezone, network };
  const own = reportZoneOf(kind, zones);
  return {
    yesterday: reportYesterday(now, kind, zones),
    ...(own === network ? {} : { zone: { network, user: own } }),
  };
}

/** The comparison `r` asks for, when `kind`'s declaration offers one (`abilities.compare`). */
export const compareOf = (kind: ReportKind, r: Resolved) =>
  reportRegistry[kind].abilities.compare ? r.compare : undefined;

/** A field's title in `lang` from `catalogue` (plus the SDK export's `app_name`). */
export const catalogueTitle = (catalogue: CatalogueField[], lang: Lang) => (field: string) =>
  field === 'app_name'
    ? lang === 'zh'
      ? '应用名称'
      : 'App name'
    : (catalogue.find((c) => c.field === field)?.title[lang] ?? field);

/** Kinds whose rows carry `app_name` beside `app_key`, named from the accounts store: SDK and RTB. */
export const appNameKinds: ReadonlySet<ReportKind> = new Set<ReportKind>(['sdk', 'rtb']);

/**
 * The columns of `kind`'s export of `r` in `lang`, for the export route and a scheduled attachment
 * alike (issue 22 item 7: the attachment is the recipient's own export): the shown fields with
 * `app_name` after `app_key` for appNameKinds, each titled as sent in `titles` (by position) else by
 * its catalogue title, with its cell type and value labels (countries, ad styles).
 */
export function kindExportColumns(
  kind: ReportKind,
  r: Resolved,
  titles: string | undefined,
  lang: Lang,
): ExportColumn[] {
  const fields = appNameKinds.has(kind)
    ? r.shown.flatMap((f) => (f === 'app_key' ? [f, 'app_name'] : [f]))
    : r.shown;
  const catalogue = reportCatalogues[kind];
  return typedColumns(
    exportColumns(fields, r.sent, titles, catalogueTitle(catalogue, lang)),
    catalogue,
    lang,
  );
}

/** The export's file name without extension, UTF-8 and ASCII: `<kind name>_<start>-<end>`. */
export function exportFileName(kind: keyof typeof exportFileNames, r: Resolved, lang: Lang) {
  const span = `${r.query.start}-${r.query.end}`;
  return { utf8: `${exportFileNames[kind][lang]}_${span}`, ascii: `${exportFileNames[kind].en}_${span}` };
}

/**
 * Labels SDK and RTB rows with `app_name` beside `app_key` (keys of rows already scoped to the
 * caller, so it learns no other names); names are read once per key (scope.ts
 * `cachedAppNames`), so an export's chunks after the first, and the next requests, cost no
 * accounts-store query for keys already seen. A key no registered app owns is named by the app name
 * its facts carry, else "Unregistered app" in `lang` (contracts `reportAppName`, issue 25 item 3).
 */
export function sdkAppNames(app: FastifyInstance, lang: Lang): Decorate {
  return async (rows) => {
    if (!rows.length || !('app_key' in (rows[0] ?? {}))) return;
    const names = await cachedAppNames(
      app,
      rows.map((r) => String(r.app_key)),
    );
    for (const r of rows) r.app_name = reportAppName(names.get(String(r.app_key)), r.app_name, lang);
  };
}

/** `sdkAppNames` for an export, column by column: `app_name` from `app_key`, names read once per app. */
export function sdkAppNameColumn(app: FastifyInstance, lang: Lang): DecorateColumns {
  return async (chunk) => {
    const keys = chunk.columns.app_key;
    if (!chunk.rowCount || !keys) return;
    const names = await cachedAppNames(app, keys.map(String));
    const fromFacts = chunk.columns.app_name;
    chunk.columns.app_name = keys.map((k, i) => reportAppName(names.get(String(k)), fromFacts?.[i], lang));
  };
}

/** The decorator of `kind`'s export chunks: `app_name` for appNameKinds, else none. */
export function exportDecorator(
  app: FastifyInstance,
  kind: ReportKind,
  lang: Lang,
): DecorateColumns | undefined {
  return appNameKinds.has(kind) ? sdkAppNameColumn(app, lang) : undefined;
}

/** App names by package name, read once per decorator from the accounts store (every app). */
function appNamesByPackage(app: FastifyInstance): () => Promise<Map<string, string>> {
  let byPkg: Promise<Map<string, string>> | undefined;
  return () => {
    byPkg ??= visibleSdkApps(app.db, { all: true }).then(
      (apps) => new Map(apps.map((a) => [a.package_name, a.app_name])),
    );
    return byPkg;
  };
}

/** Game export chunks column by column: `app` as the app's name (else its package). */
export function gameAppColumn(app: FastifyInstance): DecorateColumns {
  const names = appNamesByPackage(app);
  return async (chunk) => {
    const pkgs = chunk.columns.app;
    if (!chunk.rowCount || !pkgs) return;
    const byPkg = await names();
    chunk.columns.app = pkgs.map((p) => byPkg.get(String(p)) ?? String(p));
  };
}

/** Game list rows' `app` as { app_name, pkg_name } (the name: the package's app, else the package). */
export function gameApps(app: FastifyInstance): Decorate {
  const names = appNamesByPackage(app);
  return async (rows) => {
    if (!rows.length || !('app' in (rows[0] ?? {}))) return;
    const byPkg = await names();
    for (const r of rows) {
      const pkg = String(r.app);
      (r as Record<string, unknown>).app = { app_name: byPkg.get(pkg) ?? pkg, pkg_name: pkg };
    }
  };
}
