/**
 * The query definitions of every report kind, derived from the report registry (contracts
 * report-registry/, issue 24 item 1): each declared field's formula becomes its SQL over the kind's
 * fact table (fact-tables.ts), rendered in either store's dialect by query-builder.ts:
 * - `{ date: fmt }` → the fact day formatted; `{ key: c, cast? }` → stored column c, cast by the dialect;
 * - `{ sum: c }` → the exact sum of counter c (BIGINT for `int`, the DECIMAL for `money`);
 * - `{ ratio: [n, d], scale? }` → sum(n) × scale / sum(d), 0 over zero (api-contract §8).
 * One `QueryDef` per fact source (`db_source`) of a kind. Nothing here is per kind but the exports'
 * names, kept for the code that runs one kind (the SDK parameters, the bench, Reject Detail).
 */
import type { ReportDeclaration } from '@portal/contracts/report-registry/define-report.ts';
import { type ReportKind, reportRegistry } from '@portal/contracts/report-registry/index.ts';
import type { AffiliateDbSource } from '@portal/contracts/reports-affiliate.ts';
import { type FactTable, factTables, rejectFacts } from './fact-tables.ts';
import { count, date, key, type MetricDef, money, type QueryDef, rate } from './query-builder.ts';

/** The dimensions of `d`, by field. */
function dimensionsOf(d: ReportDeclaration): QueryDef['dimensions'] {
  const out: QueryDef['dimensions'] = {};
  for (const f of d.fields) {
    if (f.type !== 1) continue;
    const formula = f.formula;
    out[f.field] = 'date' in formula ? date(formula.date) : key(formula.key, formula.cast);
  }
  return out;
}

/** The metrics of `d`, by field: a `money` sum keeps the exact decimal, an `int` sum is a BIGINT. */
function metricsOf(d: ReportDeclaration): QueryDef['metrics'] {
  const out: Record<string, MetricDef> = {};
  for (const f of d.fields) {
    if (f.type !== 2) continue;
    const formula = f.formula;
    if ('sum' in formula) out[f.field] = f.file_type === 'money' ? money(formula.sum) : count(formula.sum);
    else out[f.field] = rate(formula.ratio[0], formula.ratio[1], formula.scale);
  }
  return out;
}

/** The fact table of import kind `source`; throws when fact-tables.ts has none (a bad declaration). */
function factsOf(source: string): FactTable {
  const t = factTables[source];
  if (!t) throw new Error(`no fact table ${source}`);
  return t;
}

/** `d`'s query definition over each of its fact sources, by source. */
export function queryDefsOf(d: ReportDeclaration): Record<string, QueryDef> {
  const dimensions = dimensionsOf(d);
  const metrics = metricsOf(d);
  return Object.fromEntries(
    d.facts.sources.map((source) => [
      source,
      { table: factsOf(source), dimensions, metrics, defaultOrder: d.order },
    ]),
  );
}

/** Every kind's query definitions, by kind and fact source. */
export const queryDefs = Object.fromEntries(
  Object.entries(reportRegistry).map(([kind, d]) => [kind, queryDefsOf(d)]),
) as Record<ReportKind, Record<string, QueryDef>>;

/** The query definition of `kind` over its default (first) fact source. */
export function queryDefOf(kind: ReportKind): QueryDef {
  const d = reportRegistry[kind];
  const def = queryDefs[kind][d.facts.sources[0] ?? ''];
  if (!def) throw new Error(`${kind} has no fact source`);
  return def;
}

export const sdkDef: QueryDef = queryDefOf('sdk');
export const rtbDef: QueryDef = queryDefOf('rtb');
export const gameDef: QueryDef = queryDefOf('game');
export const gxDef: QueryDef = queryDefOf('gx');

/** Affiliate list of one `db_source`. */
export const affiliateDefs = queryDefs.affiliate as Record<AffiliateDbSource, QueryDef>;

/** Reject Detail of one `db_source`: reasons by count (not a report kind: the Affiliate report's dialog). */
export const rejectDefs: Record<AffiliateDbSource, QueryDef> = {
  affiliate_2023: rejectDef('affiliate_2023'),
  affiliate_2024: rejectDef('affiliate_2024'),
};

function rejectDef(source: AffiliateDbSource): QueryDef {
  return {
    table: rejectFacts[source],
    dimensions: { reject_reason: key('reject_reason') },
    metrics: { reject_num: count('reject_num') },
    defaultOrder: [['reject_num', 'desc']],
  };
}
