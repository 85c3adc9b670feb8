/**
 * Builders of catalogue entries (spec §3 Report rows, api-contract §8 `stat_column`) of what is not a
 * report kind (Reject Detail), and the shared list parameters of the report kinds' query schemas.
 */
import { z } from 'zod';
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
