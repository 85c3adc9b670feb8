/**
 * How each report kind's request is read and resolved, for the code that runs a kind by name (the
 * trend, scheduled reports, the list and export routes): the kind's list and export query schemas
 * (the endpoint table's, so they are the wire's) bound to its resolver (kind-queries.ts). Which
 * kinds have an export is the registry's word (contracts report-registry, `abilities.export`): a kind
 * declaring one must have its export query here (kind-runs.test.ts).
 */

import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FieldError } from '@portal/contracts/envelope.ts';
import type { ReportKind } from '@portal/contracts/report-registry/index.ts';
import { z } from 'zod';
import { resolveDeclared } from './declared-query.ts';
import { type Ctx, firstPage, type Resolved, resolveGame, resolveSdk } from './kind-queries.ts';

/** A kind's query as read from raw parameters: bound to its resolver, or the field errors (604). */
export type ReadQuery = { resolve: (c: Ctx) => Promise<Resolved> } | { errors: FieldError[] };

/** A query schema of a kind and how a parsed query resolves. */
export type KindQuery = {
  schema: z.ZodType;
  /** `raw` parsed by `schema` (defaults applied) and bound to the resolver. */
  read: (raw: Record<string, string>) => ReadQuery;
};

/** `schema` bound to `resolve`, which takes exactly what `schema` parses to. */
function kindQuery<S extends z.ZodType>(
  schema: S,
  resolve: (c: Ctx, q: z.output<S>) => Promise<Resolved>,
): KindQuery {
  return {
    schema,
    read: (raw) => {
      const parsed = z.safeParse(schema, raw);
      if (parsed.success) return { resolve: (c) => resolve(c, parsed.data) };
      return {
        errors: parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message })),
      };
    },
  };
}

/** A kind's list query and, when it has an export, its export query (resolved as its first page). */
export type KindRun = { list: KindQuery; export?: KindQuery };

const r = endpoints.reports;

/** Every kind's queries; the compiler asks for a new kind's entry here. */
export const kindRuns: Record<ReportKind, KindRun> = {
  sdk: {
    list: kindQuery(r.sdkList.query, resolveSdk),
    export: kindQuery(r.sdkExport.query, (c, q) => resolveSdk(c, firstPage(q))),
  },
  rtb: {
    list: kindQuery(r.rtbList.query, (c, q) => resolveDeclared('rtb', c, q)),
    export: kindQuery(r.rtbExport.query, (c, q) => resolveDeclared('rtb', c, firstPage(q))),
  },
  affiliate: {
    list: kindQuery(r.affiliateList.query, (c, q) => resolveDeclared('affiliate', c, q)),
    export: kindQuery(r.affiliateExport.query, (c, q) => resolveDeclared('affiliate', c, firstPage(q))),
  },
  game: {
    list: kindQuery(r.gameList.query, resolveGame),
    export: kindQuery(r.gameExport.query, (c, q) => resolveGame(c, { ...q, page_no: 1, page_size: 1 })),
  },
  gx: { list: kindQuery(r.gxList.query, (c, q) => resolveDeclared('gx', c, q)) },
};
