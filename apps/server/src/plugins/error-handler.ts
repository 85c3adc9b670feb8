/**
 * The one error handler (architecture §Conventions): AppError → envelope with HTTP 200 and the
 * catalogue text in the caller's language; schema validation failures → HTTP 200, 604 with
 * `data.errors` = `[{ field, message }]`, messages in the caller's language (validation-messages.ts);
 * framework errors keep their HTTP status (400, 404, 413, 415, 429) in the envelope with a catalogue
 * code and text (604 with a localised reason, 10002, 10008); a client that went away mid-answer
 * (a stream closed early, e.g. a compressed answer whose socket closed) is logged at info, not as an
 * error; anything else unexpected → 602 with HTTP 500, details only in the log (api-contract §1–2).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type CodeValue, codeMessage, langFromHeader } from '@portal/contracts/codes.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { requestLang } from '../lib/request-lang.ts';
import {
  localizedValidationErrors,
  requestErrorMessage,
  type ValidationItem,
} from './validation-messages.ts';

/** Sends a business answer: HTTP 200, envelope with the catalogue text. */
export function sendCode(
  request: FastifyRequest,
  reply: FastifyReply,
  code: CodeValue,
  data: unknown = null,
) {
  return reply.code(200).send({ code, msg: codeMessage(code, requestLang(request)), data });
}

/**
 * HTTP status of a framework (pre-business) error → envelope code. Every 4xx that never reached a
 * route is the caller's fault: 604 with a localised reason in `data.errors` (400 unparseable or empty
 * JSON, 413 too large, 415 unsupported content type, …), except 429 (10002) and 404 (10008). 602 is
 * kept for faults of the server only (api-contract §1–2).
 */
function frameworkCode(status: number): CodeValue {
  if (status === 429) return 10002;
  if (status === 404) return 10008;
  return 604;
}

/**
 * Whether an error only says the client is gone: Node's `ERR_STREAM_PREMATURE_CLOSE` (a piped answer
 * closed before its end, which on a server means the socket closed) or a request whose socket is
 * already destroyed. Not a fault of the server: no 602, no error log.
 */
export function clientWentAway(request: FastifyRequest, code: string | undefined): boolean {
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || request.raw.socket?.destroyed === true;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: unknown, request, rawReply) => {
    const lang = requestLang(request);
    // An error envelope is not the route's success shape: skip the route's response serializer,
    // which would otherwise reject it and answer 500. A custom serializer leaves the content type
    // unset, so name it here (clients and proxies must see JSON).
    const reply = rawReply
      .serializer((payload) => JSON.stringify(payload))
      .type('application/json; charset=utf-8');
    if (error instanceof AppError) {
      return reply.code(200).send({
        code: error.code,
        msg: error.msgOverride ?? codeMessage(error.code, lang),
        data: error.data,
      });
    }
    const err = error as {
      validation?: ValidationItem[];
      validationContext?: string;
      statusCode?: number;
      code?: string;
      message?: string;
    };
    if (Array.isArray(err.validation)) {
      const errors = localizedValidationErrors(request, err.validation, err.validationContext, lang);
      return reply.code(200).send({ code: 604, msg: codeMessage(604, lang), data: { errors } });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = frameworkCode(status);
      const data =
        code === 604 ? { errors: [{ field: '', message: requestErrorMessage(err.code, lang) }] } : null;
      return reply.code(status).send({ code, msg: codeMessage(code, lang), data });
    }
    if (clientWentAway(request, err.code)) {
      request.log.info({ code: err.code }, 'client went away before the answer was sent');
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return reply.code(500).send({ code: 602, msg: codeMessage(602, lang), data: null });
  });
}

/**
 * Fastify's `frameworkErrors` option: errors of the router itself, raised before any route or the error
 * handler runs (FST_ERR_BAD_URL 400: a path parameter that is not valid percent-encoding;
 * FST_ERR_MAX_PARAM_LENGTH 414: a path parameter longer than `maxParamLength`). Without it Fastify
 * answers its own `{ error, code, message, statusCode }` body in English; with it, the envelope:
 * the same HTTP status, 604 and a localised reason. Wire it with `Fastify({ frameworkErrors })`.
 */
export function answerFrameworkError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const err = error as { statusCode?: number; code?: string };
  const lang = requestLang(request);
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(
      JSON.stringify({
        code: 604,
        msg: codeMessage(604, lang),
        data: { errors: [{ field: '', message: requestErrorMessage(err.code, lang) }] },
      }),
    );
}

/** Unknown route: HTTP 404 with the envelope (code 10008) in the caller's language. */
export function answerNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ code: 10008, msg: codeMessage(10008, requestLang(request)), data: null });
}

/** Node's request-parse error codes → HTTP status (as Fastify's default client error handler maps them). */
function clientErrorStatus(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/**
 * Fastify's `clientErrorHandler` option, Node's 'clientError' event: a request Node's HTTP parser
 * refused before Fastify saw it (a request line or headers over the 16 KiB limit → 431, a malformed
 * request → 400, a request that timed out → 408). Writes the envelope — 604 with a localised reason
 * (api-contract §1: every refusal carries it) — and closes the connection. The language comes from the
 * raw packet's `Accept-Language` when Node kept it, else zh. Wire it with `Fastify({ clientErrorHandler })`.
 */
export function answerClientError(error: Error, socket: Socket) {
  const err = error as Error & { code?: string; rawPacket?: Buffer };
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = clientErrorStatus(err.code);
  const raw = err.rawPacket?.toString('latin1') ?? '';
  const lang = langFromHeader(/\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(raw)?.[1]);
  const reason = requestErrorMessage(status === 400 ? 'HTTP_PARSE_ERROR' : err.code, lang);
  const body = JSON.stringify({
    code: 604,
    msg: codeMessage(604, lang),
    data: { errors: [{ field: '', message: reason }] },
  });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** Text of the 400 answer to an HTTP/1.1 request without a Host header. */
const missingHostText = { zh: '缺少 Host 请求头', en: 'The Host header is missing' } as const;

/**
 * HTTP/1.1 requires a Host header (RFC 9112 §3.2). Node refuses a request without one itself, with an
 * empty 400 (`requireHostHeader`); the app turns that off (app.ts) and answers here instead, first of
 * every hook: HTTP 400 with the 604 envelope naming `host` (issue 22 item 15). HTTP/1.0 may omit it.
 */
export function refuseMissingHost(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.host || request.raw.httpVersionMajor !== 1 || request.raw.httpVersionMinor < 1)
      return;
    const lang = requestLang(request);
    return reply
      .code(400)
      .header('connection', 'close')
      .send({
        code: 604,
        msg: codeMessage(604, lang),
        data: { errors: [{ field: 'host', message: missingHostText[lang] }] },
      });
  });
}
