/**
 * One report list of the bench mix (bench/lib/queries.ts) as the server answers it, reduced to what
 * must agree between ways of asking: the number of groups and the request and revenue totals. Either
 * from a report store through the service's own code (reports/report-list.ts), or over HTTP from a
 * running server.
 */
import { sdkDef } from '../../apps/server/src/reports/report-defs.ts';
import { queryReportList } from '../../apps/server/src/reports/report-list.ts';
import { toReportQuery } from '../../apps/server/src/reports/sdk-query.ts';
import type { ReportStore } from '../../apps/server/src/reports/store.ts';
import { getJson } from './http-client.ts';
import { type MixQuery, queryString, resolveQuery } from './queries.ts';

export type Answer = { count: number; request: number; revenue: number };

/** `q` on `store` exactly as the API runs it (same parser, scope and SQL). */
export async function answerOf(store: ReportStore, q: MixQuery): Promise<Answer> {
  const { count, total } = await queryReportList(store, sdkDef, toReportQuery(resolveQuery(q)));
  return { count, request: Number(total.request), revenue: Number(total.revenue) };
}

/**
 * `q` as GET /v1/report/list/sdk on the server at `url`, signed in with `token`, through the benches'
 * timed client (http-client.ts). Throws on a non-0 code.
 */
export async function answerOverHttp(url: string, token: string, q: MixQuery): Promise<Answer> {
  const { status, body } = await getJson<{
    code: number;
    msg: string;
    data: { count: number; total: Record<string, number> };
  }>(`${url}/v1/report/list/sdk?${queryString(q.params)}`, { token });
  if (body.code !== 0) throw new Error(`${q.name}: HTTP ${status} code ${body.code} ${body.msg}`);
  return {
    count: body.data.count,
    request: Number(body.data.total.request),
    revenue: Number(body.data.total.revenue),
  };
}

/** Same groups and request total, revenue within a cent (sums of Decimal(18, 6) read as doubles). */
export function sameAnswer(a: Answer, b: Answer): boolean {
  return a.count === b.count && a.request === b.request && Math.abs(a.revenue - b.revenue) < 0.01;
}
