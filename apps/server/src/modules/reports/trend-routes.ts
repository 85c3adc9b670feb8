/**
 * `GET /v1/report/trend/{kind}` (contracts reports-kinds.ts): one metric per day over a kind's list
 * filters, for the chart above each report; same scope, permission and date rules as the list.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import { sdkListQuery } from '@portal/contracts/reports.ts';
import { affiliateListQuery } from '@portal/contracts/reports-affiliate.ts';
import { gameListQuery } from '@portal/contracts/reports-game.ts';
import { gxListQuery } from '@portal/contracts/reports-gx.ts';
import { type ReportKind, trendParams } from '@portal/contracts/reports-kinds.ts';
import { rtbListQuery } from '@portal/contracts/reports-rtb.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { paramError } from '../../lib/app-error.ts';
import { route } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/route-schema.ts';
import {
  type Ctx,
  type Resolved,
  resolveAffiliate,
  resolveGame,
  resolveGx,
  resolveRtb,
  resolveSdk,
} from './kind-queries.ts';
import { ParamErrors, parseMetric } from './list-params.ts';
import { reportContext } from './report-context.ts';
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
      const r = await resolveTrend(c, kind, raw);
      const e = new ParamErrors(c.lang);
      const metrics = [...new Set(metric.split(',').map((m) => m.trim()))];
      if (metrics.length > MAX_TREND_METRICS) e.add('metric', 'bad_value', `>${MAX_TREND_METRICS}`);
      for (const m of metrics) parseMetric(e, m, r.def);
      if (e.errors.length) throw paramError(e.errors);
      return ok(request, await runTrend(app, reply, r.def, r.query, metrics, r.compare));
    },
  );
}

/** The kind's list query from raw parameters (schema defaults applied; bad shapes → 604). */
async function resolveTrend(c: Ctx, kind: ReportKind, raw: Record<string, string>): Promise<Resolved> {
  const parse = <T>(schema: z.ZodType<T>) => {
    const p = schema.safeParse(raw);
    if (!p.success)
      throw paramError(p.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message })));
    return p.data;
  };
  if (kind === 'sdk') return resolveSdk(c, parse(sdkListQuery));
  if (kind === 'rtb') return resolveRtb(c, parse(rtbListQuery));
  if (kind === 'affiliate') return resolveAffiliate(c, parse(affiliateListQuery));
  if (kind === 'game') return resolveGame(c, parse(gameListQuery));
  return resolveGx(c, parse(gxListQuery));
}
