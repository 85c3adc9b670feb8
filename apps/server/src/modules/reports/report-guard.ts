/**
 * A request's report work through the query lanes (reports/query-lanes.ts, issue 11 item 5): the
 * statement time limit (REPORT_QUERY_TIMEOUT_MS; exports REPORT_EXPORT_TIMEOUT_MS), cancellation when
 * the client goes away before the answer is complete (the store interrupts the statement), and the
 * lane's refusal, as catalogue codes: 607 the query took too long (narrow the range or grouping), 608
 * too many heavy queries are waiting, or one waited its whole time limit without starting (the limit
 * counts from arrival). Both are business answers (HTTP 200), never 5xx.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import {
  LaneFullError,
  type LaneName,
  type LaneSlot,
  LaneWaitError,
  QueryTimeoutError,
} from '../../reports/query-lanes.ts';
import type { ReportParams, ReportResultRow, ReportStore } from '../../reports/store.ts';

/** The reads a guarded task may run: the store's `query`, bound to the slot's signal. */
export type ReportReader = Pick<ReportStore, 'query' | 'dialect'>;

/** The client closed the connection before the answer was complete. */
export class ClientGoneError extends Error {
  constructor() {
    super('client went away before the report answer was complete');
    this.name = 'ClientGoneError';
  }
}

const gone = new WeakMap<FastifyReply, AbortSignal>();

/**
 * A signal that aborts (ClientGoneError) when the response's connection closes before the response
 * has been ended: the client disconnected, or abandoned a download. One per reply.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  let signal = gone.get(reply);
  if (signal) return signal;
  const ctl = new AbortController();
  const res = reply.raw;
  // `writableEnded`: the answer was handed over in full (`end()`); what remains is only flushing.
  if (res.destroyed && !res.writableEnded) ctl.abort(new ClientGoneError());
  else res.once('close', () => res.writableEnded || ctl.abort(new ClientGoneError()));
  signal = ctl.signal;
  gone.set(reply, signal);
  return signal;
}

/** A lane or abort error as the catalogue code the caller is answered with; other errors unchanged. */
export function answerable(err: unknown, reply: FastifyReply): unknown {
  if (err instanceof QueryTimeoutError) {
    reply.log.warn({ timeoutMs: err.timeoutMs }, 'report query timed out');
    return new AppError(607);
  }
  if (err instanceof LaneFullError) {
    reply.log.warn({ lane: err.lane }, 'report lane full');
    return new AppError(608);
  }
  if (err instanceof LaneWaitError) {
    reply.log.warn({ lane: err.lane, timeoutMs: err.timeoutMs }, 'report query could not start in time');
    return new AppError(608);
  }
  if (err instanceof ClientGoneError) {
    // Nobody reads this answer; it only keeps the reply out of the 5xx path.
    reply.log.info('report query cancelled: the client went away');
    return new AppError(607);
  }
  return err;
}

/**
 * Runs `task` in a slot of `lane` with the statement time limit and the client's disconnection as
 * cancellation; the reader it gets passes both to the store. `shared`: the result is shared by several
 * callers (e.g. the freshness read of data-until.ts), so no single client's disconnection cancels it;
 * the time limit still holds. Throws AppError 607 (timed out or cancelled) or 608 (lane full), or the
 * task's own error.
 */
export async function guardedRead<T>(
  app: FastifyInstance,
  reply: FastifyReply,
  lane: Exclude<LaneName, 'export'>,
  task: (reader: ReportReader) => Promise<T>,
  opts: { shared?: boolean } = {},
): Promise<T> {
  try {
    return await app.reportLanes.run(
      lane,
      (signal, remainingMs) =>
        task({
          dialect: app.reportStore.dialect,
          // The engine enforces the time left too where it can (ClickHouse max_execution_time).
          query: (sql: string, params?: ReportParams): Promise<ReportResultRow[]> =>
            app.reportStore.query(sql, params, { signal, timeoutMs: remainingMs() }),
        }),
      { timeoutMs: app.config.reportQueryTimeoutMs, signal: opts.shared ? undefined : clientGone(reply) },
    );
  } catch (err) {
    throw answerable(err, reply);
  }
}

/**
 * A slot of the export lane for one download, held until `release()`: its signal aborts after
 * REPORT_EXPORT_TIMEOUT_MS or when the download is abandoned. Throws AppError 608 when the lane is full
 * (before any byte is sent, so the caller still gets an envelope).
 */
export async function exportSlot(app: FastifyInstance, reply: FastifyReply): Promise<LaneSlot> {
  try {
    return await app.reportLanes.acquire('export', {
      timeoutMs: app.config.reportExportTimeoutMs,
      signal: clientGone(reply),
    });
  } catch (err) {
    throw answerable(err, reply);
  }
}
