/**
 * How each report kind's request is read and resolved, for the code that runs a kind by name: the
 * list and export routes (kind-routes.ts), the trend and scheduled reports. Each kind's list entry of
 * the endpoint table (and its export entry when its declaration has `abilities.export`) bound to its
 * resolver: a kind that declares its query in the report registry gets `<kind>List` / `<kind>Export`
 * bound to declared-query.ts with nothing written here; the SDK report, which keeps a parser of its
 * own (kind-queries.ts, sdk-params.ts: shared with the latency bench), is listed by hand.
 */

import { type Endpoint, endpoints } from '@portal/contracts/endpoints.ts';
import type { FieldError } from '@portal/contracts/envelope.ts';
import {
  kindsWhere,
  type ReportKind,
  reportKinds,
  reportRegistry,
} from '@portal/contracts/report-registry/index.ts';
import { z } from 'zod';
import { type DeclaredQuery, resolveDeclared } from './declared-query.ts';
import { type Ctx, firstPage, type Resolved, resolveSdk } from './kind-queries.ts';

/** A kind's query as read from raw parameters: bound to its resolver, or the field errors (604). */
export type ReadQuery = { resolve: (c: Ctx) => Promise<Resolved> } | { errors: FieldError[] };

/** An entry of the endpoint table (list or export) whose query a kind reads, and how it resolves. */
export type KindQuery = {
  entry: Endpoint;
  schema: z.ZodType;
  /** `raw` parsed by `schema` (defaults applied) and bound to the resolver. */
  read: (raw: Record<string, string>) => ReadQuery;
  /** Resolves a query `schema` has already parsed (a route's validated `request.query`). */
  resolveParsed: (c: Ctx, parsed: unknown) => Promise<Resolved>;
};

/** `entry`, whose query schema is `schema`, bound to `resolve`, which takes what `schema` parses to. */
function kindQuery<S extends z.ZodType>(
  entry: Endpoint,
  schema: S,
  resolve: (c: Ctx, q: z.output<S>) => Promise<Resolved>,
): KindQuery {
  return {
    entry,
    schema,
    read: (raw) => {
      const parsed = z.safeParse(schema, raw);
      if (parsed.success) return { resolve: (c) => resolve(c, parsed.data) };
      return {
        errors: parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message })),
      };
    },
    // The route validated the query with this very schema (endpoint-route.ts).
    resolveParsed: (c, parsed) => resolve(c, parsed as z.output<S>),
  };
}

/**
 * A kind's list query and, when it has an export, its export query (resolved as its first page);
 * `ownRoutes` when its list and export routes are registered elsewhere.
 */
export type KindRun = { list: KindQuery; export?: KindQuery; ownRoutes?: boolean };

/** The game centre's list answers app objects (`{ app_name, pkg_name }`): its routes are game-routes.ts. */
const ownRoutes = new Set<ReportKind>(['game']);

const r = endpoints.reports;

/** `q` as the query of its first page in every style (exports resolve like their list, then stream every row). */
const firstPageOf = (q: DeclaredQuery): DeclaredQuery => ({ ...q, page_index: 1, page_no: 1, page_size: 1 });

/**
 * The run of a kind that declares its query: its `<kind>List` and `<kind>Export` entries of the
 * endpoint table bound to declared-query.ts. Throws at load when an entry is missing.
 */
function declaredRun(kind: ReportKind): KindRun {
  const table = r as Record<string, Endpoint>;
  const entry = (name: string) => {
    const e = table[name];
    if (!e?.query) throw new Error(`report ${kind}: no ${name} entry with a query in the endpoint table`);
    return e as Endpoint & { query: z.ZodType };
  };
  const list = entry(`${kind}List`);
  const run: KindRun = {
    list: kindQuery(list, list.query, (c, q) => resolveDeclared(kind, c, q as DeclaredQuery)),
  };
  if (reportRegistry[kind].abilities.export) {
    const exported = entry(`${kind}Export`);
    run.export = kindQuery(exported, exported.query, (c, q) =>
      resolveDeclared(kind, c, firstPageOf(q as DeclaredQuery)),
    );
  }
  if (ownRoutes.has(kind)) run.ownRoutes = true;
  return run;
}

/** Every kind's queries: the declared kinds' derived, the SDK report's written here. */
export const kindRuns = {
  sdk: {
    list: kindQuery(r.sdkList, r.sdkList.query, resolveSdk),
    export: kindQuery(r.sdkExport, r.sdkExport.query, (c, q) => resolveSdk(c, firstPage(q))),
  },
  ...Object.fromEntries(kindsWhere((d) => d.query !== undefined).map((k) => [k, declaredRun(k)])),
} as Record<ReportKind, KindRun>;

for (const kind of reportKinds) {
  if (!kindRuns[kind])
    throw new Error(`report ${kind}: declare its query, or give it a parser in kind-runs.ts`);
}
