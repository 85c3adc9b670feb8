/**
 * The one error handler (architecture §Conventions): AppError → envelope with HTTP 200 and the
 * catalogue text in the caller's language; validation failures → 604 with field errors; framework
 * errors keep their HTTP status (400, 404, 413, 429) in the envelope; anything else → 602 with HTTP 500,
 * details only in the log (api-contract §1–2).
 */
import { type CodeValue, codeMessage, langFromHeader } from '@portal/contracts/codes.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** Language of the request's `Accept-Language` (zh default). */
export function requestLang(request: FastifyRequest) {
  return langFromHeader(request.headers['accept-language']);
}

/** Sends a business answer: HTTP 200, envelope with the catalogue text. */
export function sendCode(
  request: FastifyRequest,
  reply: FastifyReply,
  code: CodeValue,
  data: unknown = null,
) {
  return reply.code(200).send({ code, msg: codeMessage(code, requestLang(request)), data });
}

type ZodLikeIssue = { path?: (string | number)[]; message: string; instancePath?: string; params?: unknown };

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: unknown, request, rawReply) => {
    const lang = requestLang(request);
    // An error envelope is not the route's success shape: skip the route's response serializer,
    // which would otherwise reject it and answer 500.
    const reply = rawReply.serializer((payload) => JSON.stringify(payload));
    if (error instanceof AppError) {
      return reply.code(200).send({
        code: error.code,
        msg: error.msgOverride ?? codeMessage(error.code, lang),
        data: error.data,
      });
    }
    const err = error as {
      validation?: ZodLikeIssue[];
      statusCode?: number;
      code?: string;
      message?: string;
    };
    if (err.validation) {
      const errors = err.validation.map((v) => ({
        field: v.path?.join('.') || v.instancePath?.replace(/^\//, '').replaceAll('/', '.') || '',
        message: v.message,
      }));
      return reply.code(200).send({ code: 604, msg: codeMessage(604, lang), data: { errors } });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const msg = status === 429 ? codeMessage(10002, lang) : (err.message ?? 'Bad request');
      const code = status === 429 ? 10002 : status === 413 || status === 400 ? 604 : 602;
      return reply.code(status).send({ code, msg, data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: 602, msg: codeMessage(602, lang), data: null });
  });
}

/** Unknown route: HTTP 404 with the envelope (code 10008) in the caller's language. */
export function answerNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ code: 10008, msg: codeMessage(10008, requestLang(request)), data: null });
}
