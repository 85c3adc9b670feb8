/**
 * Response schemas for routes. A business failure (AppError → error handler) is answered with HTTP 200
 * on the same route, and Fastify serializes it with the route's 200 schema; so each 200 schema is
 * "the success envelope, or a failure envelope" (api-contract §1–2). The OpenAPI document shows both.
 */
import { codeMessage } from '@portal/contracts/codes.ts';
import { envelope } from '@portal/contracts/envelope.ts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requestLang } from './request-lang.ts';

/** A failure envelope: a non-success catalogue code, its text, and code-specific `data` or null. */
export const failureEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.union([
    z.object({ errors: z.array(z.object({ field: z.string(), message: z.string() })) }),
    z.object({ retry_after: z.number().int() }),
    // 10052 LIMIT_REACHED: the cap and whose it is (contracts report-views.ts, saved-views/caps.ts).
    z.object({ limit: z.number().int(), scope: z.enum(['user', 'organisation']) }),
    // 10033 VIEW_SCHEDULED_BY_OTHERS: how many of other members' schedules use the view (saved-views/view-service.ts).
    z.object({ schedules: z.number().int() }),
    z.null(),
  ]),
});

/** 200 schema of a route whose success `data` is `data`. */
export function answer<T extends z.ZodType>(data: T) {
  return z.union([envelope(data), failureEnvelope]);
}

/** A success envelope: `code` 0 (200 for `user_info`, spec §7) with the catalogue text in the caller's language. */
export function ok<T>(request: FastifyRequest, data: T, code: 0 | 200 = 0) {
  return { code, msg: codeMessage(code, requestLang(request)), data };
}
