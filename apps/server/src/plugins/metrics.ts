/**
 * Prometheus metrics (prom-client) at `GET /metrics`, text exposition format 0.0.4:
 * - `http_request_duration_seconds{method,route,status_code}`: every answered request, by route
 *   pattern (`/v1/report/stat_column/:kind`, never the raw URL; hashed assets as `/assets/*`,
 *   requests no route matched, e.g. SPA pages, as `(unmatched)`);
 * - `report_query_duration_seconds{kind,op}`: report store work per report kind (`sdk`, `rtb`, …) and
 *   operation (`list`, `trend`), failed queries included;
 * - `report_export_rows_total{kind,format}` (rows of completed exports) and
 *   `report_export_bytes_total{kind,format}` (bytes handed to the socket, aborted exports included);
 * - `rate_limit_refusals_total{limiter}`: attempts refused by a limiter of plugins/rate-limit.ts;
 * - prom-client's default process metrics, among them `nodejs_eventloop_lag_seconds` and the
 *   event-loop delay percentiles `nodejs_eventloop_lag_p99_seconds`, heap, GC and handles.
 *
 * Each app has its own registry (tests build many apps in one process). Code elsewhere reports through
 * the small functions of `app.metrics`. With `METRICS_TOKEN` set, /metrics answers only
 * `Authorization: Bearer <token>` (HTTP 401 with the 603 envelope otherwise); unset, it answers 401 with
 * NODE_ENV=production (issue 22 item 13) and is otherwise open to
 * whoever reaches the listening interface.
 */
import { timingSafeEqual } from 'node:crypto';
import { Transform } from 'node:stream';
import { codeMessage } from '@portal/contracts/codes.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { requestLang } from '../lib/request-lang.ts';

/** Report store work that is timed: a list page (with count and totals) or a trend. */
export type ReportOp = 'list' | 'trend';

export type Metrics = {
  /** The app's registry (tests and /metrics read it). */
  registry: Registry;
  /**
   * Times `work` as report store work of `kind` (a FactTable kind) and `op`; resolves or rejects as
   * `work` does. Start `work` right before the call.
   */
  timeReport<T>(kind: string, op: ReportOp, work: Promise<T>): Promise<T>;
  /**
   * An export's output: a pass-through stream that counts the bytes going through it as export bytes of
   * `kind`/`format`; call `rowsDone(n)` when the export has completed with `n` rows.
   */
  exportOutput(kind: string, format: string): Transform & { rowsDone(rows: number): void };
  /** Counts one attempt refused by `limiter` (e.g. `login:email`, `captcha:ip`). */
  rateLimited(limiter: string): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Seconds; from 5 ms (a cached page) to 60 s (a network-wide export). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** The route label: the route pattern; one label for all hashed assets and for unmatched requests. */
export function routeLabel(pattern: string | undefined): string {
  if (!pattern) return '(unmatched)';
  return pattern.startsWith('/assets/') ? '/assets/*' : pattern;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function metricsPlugin(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const reportDuration = new Histogram({
    name: 'report_query_duration_seconds',
    help: 'Report store work per report kind and operation (list page with count and totals, trend)',
    labelNames: ['kind', 'op'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const exportRows = new Counter({
    name: 'report_export_rows_total',
    help: 'Rows written by completed report exports',
    labelNames: ['kind', 'format'] as const,
    registers: [registry],
  });
  const exportBytes = new Counter({
    name: 'report_export_bytes_total',
    help: 'Bytes of report exports handed to the HTTP response (aborted exports included)',
    labelNames: ['kind', 'format'] as const,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Attempts refused by a rate limiter',
    labelNames: ['limiter'] as const,
    registers: [registry],
  });

  const metrics: Metrics = {
    registry,
    timeReport(kind, op, work) {
      const end = reportDuration.startTimer({ kind, op });
      work.then(
        () => end(),
        () => end(),
      );
      return work;
    },
    exportOutput(kind, format) {
      const labels = { kind, format };
      const out = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          exportBytes.inc(labels, chunk.length);
          callback(null, chunk);
        },
      });
      return Object.assign(out, { rowsDone: (rows: number) => exportRows.inc(labels, rows) });
    },
    rateLimited(limiter) {
      refusals.inc({ limiter });
    },
  };
  app.decorate('metrics', metrics);

  app.addHook('onResponse', async (request, reply) => {
    httpDuration.observe(
      {
        method: request.method,
        route: routeLabel(request.routeOptions.url),
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  const token = app.config.metricsToken;
  const production = app.config.nodeEnv === 'production';
  app.get(
    '/metrics',
    {
      config: { caller: 'operations' },
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics (text format); Authorization: Bearer METRICS_TOKEN when it is set',
      },
    },
    async (request, reply) => {
      // In production /metrics is never open: without METRICS_TOKEN it answers 401 (issue 22 item 13).
      if (token || production) {
        const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!token || !sameToken(given, token)) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer')
            .send({ code: 603, msg: codeMessage(603, requestLang(request)), data: null });
        }
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
}

/** Registers the metrics registry, the request timer and GET /metrics (see the module docstring). */
export const metrics = fp(metricsPlugin, { name: 'metrics' });
