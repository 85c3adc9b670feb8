/**
 * Request-log redaction: passwords, tokens, captcha answers, signatures and JWE payloads never reach the
 * log (issue 2 §2), nor do secrets sent in a query string (issue 22 item 12: `?api_key=ppk_…` is
 * refused, but the request line used to log the whole URL). `logSerializers.req` logs method, the URL
 * with `SECRET_QUERY_PARAMS` values replaced by `[redacted]`, host and client address; `redactPaths`
 * cover anything a handler logs with the request or body attached.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

/** Query parameters whose values are secrets (names compared case-insensitively). */
export const SECRET_QUERY_PARAMS = ['api_key', 'key', 'token', 't', 'code'] as const;
const secretNames = new Set<string>(SECRET_QUERY_PARAMS);

/**
 * `url` with the value of every secret query parameter replaced by `[redacted]`; the path, other
 * parameters and their order are kept as sent. A name that cannot be percent-decoded is compared as
 * sent.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const [query, hash = ''] = url.slice(q + 1).split(/#(.*)/s);
  const parts = (query ?? '').split('&').map((part) => {
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replaceAll('+', ' '));
    } catch {}
    return secretNames.has(name.toLowerCase()) && eq >= 0 ? `${rawName}=[redacted]` : part;
  });
  return `${url.slice(0, q)}?${parts.join('&')}${hash ? `#${hash}` : ''}`;
}

/** Pino serializers of the app's logger: the request line without secrets. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/**
 * One access line per request, written when the answer has been sent (`request completed`, or
 * `request errored` at level error): method, URL (secrets redacted), host, client address, status,
 * `responseTime` (ms) and, for an authenticated caller, `userId` together, as an access log has them. Fastify's own controller also writes an
 * `incoming request` line before any work: it doubled the log volume, and its write (a libuv thread)
 * ran beside DuckDB's threads during the report query; without it the latency bench's API / engine
 * ratio went from 1.37 to 1.28 (bench/RESULTS.md, issue 26 item 2). A request whose
 * answer is never finished (the client went away) writes no access line; the report routes log their
 * own cancellation (modules/reports/report-guard.ts).
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = {
      req: request,
      res: reply,
      responseTime: reply.elapsedTime,
      // Who asked, once authenticated (a session or a reporting key's creator): never the email.
      ...(request.user ? { userId: request.user.userId } : {}),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export const redactPaths = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.token',
  'body.password',
  'body.data',
  'body.captcha_answer',
  'body.sign',
  'body.token',
  '*.password',
  '*.new_password',
  '*.old_password',
  '*.captcha_answer',
  '*.token',
  '*.jwe',
];

/** Most bytes of log lines held in memory while standard output takes none; past it lines are dropped. */
export const LOG_BUFFER_MAX_BYTES = 16 * 2 ** 20;

/**
 * Standard output for the app's log, written asynchronously (pino's sonic-boom, `sync: false`): a line
 * logged while a write is under way joins the next write, instead of a blocking write(2) per line on
 * the request's path. With the synchronous default a reader that falls behind (a pipe to a log
 * shipper, a busy terminal) stalls every request once the pipe is full, and the two lines of a request
 * cost ~1 ms of the main thread at load 3 (bench/RESULTS.md, the API/engine ratio). While standard
 * output takes nothing, up to LOG_BUFFER_MAX_BYTES wait in memory and later lines are dropped. pino
 * writes what is left synchronously when the process exits (pino.destination's exit hook), so a
 * graceful shutdown or `process.exit` keeps every line; only a killed process (SIGKILL, an abort)
 * loses its last write.
 */
export function stdoutLogDestination() {
  return pino.destination({ dest: 1, sync: false, maxLength: LOG_BUFFER_MAX_BYTES });
}
