/**
 * The wire queries a kind's declaration describes (`query`, report-registry/define-report.ts): the
 * schemas of its list and export, from which the endpoint table's `<kind>List` and `<kind>Export` are
 * generated (endpoints/reports.ts). The server's resolver of what they parse is
 * modules/reports/declared-query.ts.
 *
 * Each schema is typed from the declaration as written (report-registry/index.ts `DeclarationOf`): its
 * style's parameters, `db_source` as the enum of its sources when it has several, and each declared
 * filter's parameter as an optional string. A caller of the table (the server's tests, the web) is
 * held to exactly those names.
 */
import { z } from 'zod';
import type { ReportDeclaration, ReportQuerySpec } from './report-registry/define-report.ts';
import { viewParams } from './report-view.ts';
import { exportParams, listParams, pageParamsOf } from './reports-columns.ts';

type Text = z.ZodOptional<z.ZodString>;
const text = (): Text => z.string().optional();

/** The `start_date`/`end_date` pair (yyyy-MM-dd) of the `split` and `dashed` styles, with preset and compare. */
const dashedRange = {
  start_date: z.string().default(''),
  end_date: z.string().default(''),
  ...viewParams,
};

/** The `split` style's columns and order (api-contract §10). */
const splitColumns = {
  data_dimension: text(),
  data_metrics: text(),
  sort: text(),
  order_by: z.coerce.number().int().min(1).max(2).default(2),
};

/** `page_no` from 1 and `page_size` (default the kind's) of the `split` and `dashed` styles. */
const pageNoParams = (size: number) => ({
  page_no: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(size),
});

/** The parameters of each style, beside the kind's sources and filters. */
type StyleParams = {
  list: typeof listParams & ReturnType<typeof pageParamsOf>;
  split: typeof dashedRange & typeof splitColumns & ReturnType<typeof pageNoParams>;
  dashed: typeof dashedRange & { order: Text } & ReturnType<typeof pageNoParams>;
};

/** What an export adds to its list query, and the paging it leaves out, per style. */
type ExportParams = {
  list: typeof exportParams;
  split: { fields: Text; titles: Text } & typeof exportParams;
  dashed: typeof exportParams;
};
type PagingParams = {
  list: 'page_index' | 'page_size';
  split: 'page_no' | 'page_size';
  dashed: 'page_no' | 'page_size';
};

/** A shape with its intersections merged (what `z.object` of a spread would infer). */
type Merged<T> = { [K in keyof T]: T[K] };

type QueryOf<D> = D extends { query: infer Q extends ReportQuerySpec } ? Q : never;
type StyleOf<D> = QueryOf<D>['style'];

/** `db_source`: the enum of the sources, defaulting to the first, when there are several. */
type SourcesShape<D> = D extends {
  facts: { sources: readonly [infer A extends string, infer B extends string, ...infer R extends string[]] };
}
  ? { db_source: z.ZodDefault<z.ZodEnum<{ [S in A | B | R[number]]: S }>> }
  : Record<never, never>;

/** Each declared filter's parameter: an optional comma list. */
type FiltersShape<D> = { [P in QueryOf<D>['filters'][number]['param']]: Text };

/** The shape of the list query `D` declares. */
export type DeclaredListShape<D extends ReportDeclaration> = Merged<
  StyleParams[StyleOf<D>] & SourcesShape<D> & FiltersShape<D>
>;

/** The shape of its export query: the list's without paging, plus the style's export parameters. */
export type DeclaredExportShape<D extends ReportDeclaration> = Merged<
  Omit<DeclaredListShape<D>, PagingParams[StyleOf<D>]> & ExportParams[StyleOf<D>]
>;

function specOf(d: ReportDeclaration): ReportQuerySpec {
  if (!d.query) throw new Error(`report ${d.kind} declares no query`);
  return d.query;
}

/**
 * The list query schema `d` describes: the shared parameters of its style, `db_source` when it has
 * several fact sources (default the first), and each declared filter as an optional comma list.
 * Parameters keep the order the hand-written schemas had (the OpenAPI document lists them so):
 * - `list`: dt, preset, compare, fields, titles, order, page_index, page_size, db_source, filters;
 * - `split`: dates, preset, compare, db_source, data_dimension, data_metrics, sort, order_by, page_no,
 *   page_size, filters;
 * - `dashed`: dates, preset, compare, db_source, filters, order, page_no, page_size.
 * Throws for a kind without a declared query.
 */
export function declaredListQuery<const D extends ReportDeclaration>(
  d: D,
): z.ZodObject<DeclaredListShape<D>> {
  const spec = specOf(d);
  const filters = Object.fromEntries(spec.filters.map((f) => [f.param, text()]));
  const [first, ...more] = d.facts.sources;
  const sources = first && more.length ? { db_source: z.enum([first, ...more]).default(first) } : {};
  const shape =
    spec.style === 'list'
      ? { ...listParams, ...pageParamsOf(d.pageSize), ...sources, ...filters }
      : spec.style === 'split'
        ? { ...dashedRange, ...sources, ...splitColumns, ...pageNoParams(d.pageSize), ...filters }
        : { ...dashedRange, ...sources, ...filters, order: text(), ...pageNoParams(d.pageSize) };
  return z.object(shape) as unknown as z.ZodObject<DeclaredListShape<D>>;
}

/**
 * The export query schema `d` describes: its list query without paging, plus `format`; the `split`
 * style also takes `fields` and `titles` (the page's columns in its order, api-contract §10).
 */
export function declaredExportQuery<const D extends ReportDeclaration>(
  d: D,
): z.ZodObject<DeclaredExportShape<D>> {
  const list = declaredListQuery(d) as unknown as z.ZodObject<Record<string, z.ZodType>>;
  const style = specOf(d).style;
  const exported =
    style === 'list'
      ? list.omit({ page_index: true, page_size: true }).extend(exportParams)
      : list
          .omit({ page_no: true, page_size: true })
          .extend(style === 'split' ? { fields: text(), titles: text(), ...exportParams } : exportParams);
  return exported as unknown as z.ZodObject<DeclaredExportShape<D>>;
}
