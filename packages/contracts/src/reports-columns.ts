/**
 * Builders of catalogue entries (spec §3 Report rows, api-contract §8 `stat_column`) of what is not a
 * report kind (Reject Detail), and the shared list parameters of the report kinds' query schemas.
 */
import { z } from 'zod';
import type { ReportDeclaration } from './report-registry/define-report.ts';
import { viewParams } from './report-view.ts';
import type { CatalogueField, FileType } from './reports.ts';

const entry =
  (type: 1 | 2) =>
  (field: string, file_type: FileType, zh: string, en: string, sortable = true): CatalogueField => ({
    field,
    type,
    file_type,
    sortable,
    title: { zh, en },
  });

/** A dimension (`type` 1): field, file_type, zh and en titles, sortable (default true). */
export const dim = entry(1);

/** A metric (`type` 2): field, file_type, zh and en titles, sortable (default true). */
export const metric = entry(2);

/**
 * Paging of the `/v1/report/list/*` family: `page_index` from 1, `page_size` at most 1000, by default
 * `size` (the kind's declared page size: 10, spec §9).
 */
export const pageParamsOf = (size: number) => ({
  page_index: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(size),
});

/**
 * The shared list parameters of spec §7: `dt` `yyyyMMdd,yyyyMMdd`; `fields` and `titles` comma-joined
 * in display order (titles only matter to exports); `order` `field:asc|desc`; `preset` and `compare`
 * (report-view.ts; a preset replaces `dt`).
 */
export const listParams = {
  dt: z.string().default(''),
  ...viewParams,
  fields: z.string().optional(),
  titles: z.string().optional(),
  order: z.string().optional(),
};

/**
 * Export options beside a list query (api-contract §8): `format` `xlsx` (default) or `csv` (UTF-8
 * with a BOM so Excel opens Chinese). Exports ignore paging and stream every row.
 */
export const exportParams = {
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
};

/**
 * The list query schema a kind's declaration describes (`query`, report-registry/define-report.ts):
 * the shared parameters of its style, `db_source` when it has several fact sources (default the
 * first), and each declared filter as an optional comma list. The resolver that reads it is the
 * server's modules/reports/declared-query.ts. Throws for a kind without a declared query.
 */
export function declaredListQuery(d: ReportDeclaration) {
  if (!d.query) throw new Error(`report ${d.kind} declares no query`);
  const filters = Object.fromEntries(d.query.filters.map((f) => [f.param, z.string().optional()]));
  const [first, ...more] = d.facts.sources;
  const sources =
    first && more.length
      ? { db_source: z.enum([first, ...more]).default(first) }
      : ({} as Record<string, never>);
  if (d.query.style === 'list') {
    return z.object({ ...listParams, ...pageParamsOf(d.pageSize), ...sources, ...filters });
  }
  if (d.query.style === 'split') {
    return z.object({
      start_date: z.string().default(''),
      end_date: z.string().default(''),
      ...viewParams,
      ...sources,
      data_dimension: z.string().optional(),
      data_metrics: z.string().optional(),
      sort: z.string().optional(),
      order_by: z.coerce.number().int().min(1).max(2).default(2),
      page_no: z.coerce.number().int().min(1).default(1),
      page_size: z.coerce.number().int().min(1).max(1000).default(d.pageSize),
      ...filters,
    });
  }
  return z.object({
    start_date: z.string().default(''),
    end_date: z.string().default(''),
    ...viewParams,
    ...sources,
    ...filters,
    order: z.string().optional(),
    page_no: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(1000).default(d.pageSize),
  });
}
