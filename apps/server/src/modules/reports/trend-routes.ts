/**
 * `GET /v1/report/trend/{kind}` (contracts reports-kinds.ts): one metric per day over a kind's list
 * filters, for the chart above each report; same scope, permission and date rules as the list. The
 * kinds with a trend are the registry's (`abilities.trend`), their list queries kind-runs.ts's.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import { reportRegistry } from '@portal/contracts/report-registry/index.ts';
import { trendParams } from '@portal/contracts/reports-kinds.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paramError } from '../../lib/app-error.ts';
import { route } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/route-schema.ts';
import { kindRuns } from './kind-runs.ts';
import { ParamErrors, parseMetric } from './list-params.ts';
import { compareOf, reportContext } from './report-context.ts';
import { runTrend } from './report-service.ts';

/** Most metrics one trend request may chart at once. */
const MAX_TREND_METRICS = 6;

/** Registers `/v1/report/trend/:kind`, on a scope that authenticates the session (reportRoutes). */
export async function trendRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  route(
    app,
    endpoints.reports.trend,
    {
      tags: ['reports'],
      summary: "Per-day trend of one or more metrics over the list's filters, with an optional comparison",
    },
    async (request, reply) => {
      const { kind } = request.params;
      const c = await reportContext(app, request, kind);
      const raw = request.query as Record<string, string>;
      const { metric } = trendParams.parse({ metric: raw.metric ?? '' });
      const e = new ParamErrors(c.lang);
      if (!reportRegistry[kind].abilities.trend) {
        e.add('kind', 'bad_value', kind);
        throw paramError(e.errors);
      }
      // The kind's list query (schema defaults applied; bad shapes → 604), resolved like the list.
      const read = kindRuns[kind].list.read(raw);
      if ('errors' in read) throw paramError(read.errors);
      const r = await read.resolve(c);
      const metrics = [...new Set(metric.split(',').map((m) => m.trim()))];
      if (metrics.length > MAX_TREND_METRICS) e.add('metric', 'bad_value', `>${MAX_TREND_METRICS}`);
      for (const m of metrics) parseMetric(e, m, r.def);
      if (e.errors.length) throw paramError(e.errors);
      return ok(request, await runTrend(app, reply, r.def, r.query, metrics, compareOf(kind, r)));
    },
  );
}
