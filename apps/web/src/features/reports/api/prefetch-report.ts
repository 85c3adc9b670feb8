/**
 * The first page of a report, asked for before its screen mounts (issue 11: the landing screen's
 * requests start beside the user info and the menu). The query is the one the screen builds on its
 * first render (pages/report-page.tsx): default range, saved or default columns from the contracts'
 * catalogue, default sort, page 1; so the screen finds it in the cache under the same key. Call it once
 * the session holds the user info (prefetch-sdk-report.ts), as the screen renders only then.
 */
import type { QueryClient } from '@tanstack/react-query';
import { currentLang } from '@/lib/i18n.ts';
import type { ReportDef } from '../lib/report-defs.ts';
import { listQuery, type Query } from '../lib/report-query.ts';
import { defaultView } from '../lib/report-view.ts';
import { effectiveOrder, readSavedFields, resolveColumns } from '../lib/saved-columns.ts';
import { reportListOptions } from './use-report-list.ts';
import { catalogueColumns } from './use-stat-columns.ts';

/** The list query of a report screen's first render. */
export function firstListQuery(def: ReportDef): Query {
  const saved = def.storageKey ? readSavedFields(def.storageKey) : null;
  const columns = resolveColumns(catalogueColumns(def.kind, currentLang()), saved, def.defaultFields);
  const order = effectiveOrder(
    undefined,
    columns.map((c) => c.field),
  );
  // The page's own first filter state (pages/report-page.tsx: default range on the session's clocks,
  // default preset, no comparison chosen).
  return listQuery(def, defaultView(undefined, def.kind), columns, order, { index: 1, size: def.pageSize });
}

/** Starts the first page of `def`'s list into `client`'s cache; errors stay with the query. */
export function prefetchReport(client: QueryClient, def: ReportDef): Promise<void> {
  return client.prefetchQuery(reportListOptions(def.list, firstListQuery(def), def.timeoutMs));
}
