/** Builds the `GET /v1/report/list/sdk` query of spec §7 from the screen's state. */
import type { StatColumn } from '@portal/contracts/reports.ts';
import type { ReportListQuery } from '../api/use-report-list.ts';
import type { SdkFilterValues } from '../components/sdk-filters.tsx';
import { dtParam } from './report-range.ts';

/** The list query: dt, fields, titles, order, paging and the comma-joined filters. */
export function buildSdkQuery(
  filters: SdkFilterValues,
  columns: StatColumn[],
  order: string | undefined,
  page: { index: number; size: number },
): ReportListQuery {
  return {
    dt: dtParam(filters.range),
    fields: columns.map((c) => c.field).join(','),
    titles: columns.map((c) => c.title).join(','),
    order,
    page_index: page.index,
    page_size: page.size,
    app_key: filters.app_key?.length ? filters.app_key.join(',') : undefined,
    placement_id: filters.placement_id || undefined,
    placement_type: filters.placement_type === undefined ? undefined : String(filters.placement_type),
    country: filters.country?.length ? filters.country.join(',') : undefined,
  };
}
