/**
 * Field error texts of 604 answers in the caller's language (api-contract §1: `msg` follows
 * `Accept-Language`, zh-CN default, en; §2: 604 carries `data.errors` = `[{ field, message }]`).
 *
 * Route schemas are zod 4 types validated by fastify-type-provider-zod, whose validator has no access to
 * the request and so builds every message with zod's global (English) error map. It hands Fastify one
 * item per zod issue: `{ keyword: issue.code, instancePath: '/a/0/b', message, params }`, with the
 * offending `input` already dropped, so the English text cannot be re-rendered from it. Instead, on a
 * validation failure the error handler parses the same raw request part again with the locale of the
 * caller as the per-parse error map (`schema.safeParse(data, { error })`). Zod's precedence
 * (schema-level `error`/`message` → per-parse map → global map) keeps every custom message that a
 * schema sets and localises only zod's default texts. The result is deterministic: same schema, same
 * data, same issues.
 *
 * Also the localised texts of request errors that never reach a schema (unparseable or too large
 * bodies, unsupported content types), sent as 604 by the error handler.
 */
import type { Lang } from '@portal/contracts/codes.ts';
import type { FieldError } from '@portal/contracts/envelope.ts';
import { CLEAN_NAME_RULE, nameCharsText } from '@portal/contracts/text-rules.ts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** Zod's shipped locales, one per catalogue language. */
const zodLocales: Record<Lang, { localeError: z.core.$ZodErrorMap }> = {
  zh: z.locales.zhCN(),
  en: z.locales.en(),
};

/**
 * Zod's error map for `lang` (default texts only; custom schema messages win over it), plus the texts
 * of the contracts' own refinements that carry a `params.rule` (text-rules.ts: names).
 */
export function zodErrorMap(lang: Lang): z.core.$ZodErrorMap {
  const locale = zodLocales[lang].localeError;
  return (issue) => {
    if (
      issue.code === 'custom' &&
      (issue.params as { rule?: string } | undefined)?.rule === CLEAN_NAME_RULE
    ) {
      return nameCharsText[lang];
    }
    return locale(issue);
  };
}

/** `schema.safeParse(data)` with zod's default texts in `lang`. For code that validates by hand. */
export function localizedSafeParse<T extends z.core.$ZodType>(schema: T, data: unknown, lang: Lang) {
  return z.safeParse(schema, data, { error: zodErrorMap(lang) });
}

/** Zod issues → 604 field errors: `field` is the dotted path (`items.0.name`, '' for the root). */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));
}

/** One item of Fastify's `error.validation` as fastify-type-provider-zod builds it (see module doc). */
export type ValidationItem = { instancePath?: string; message?: string; path?: (string | number)[] };

/** Fastify's `error.validationContext` → the request property holding that part's raw value. */
const requestPart = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
} as const;

function isZodType(value: unknown): value is z.core.$ZodType {
  return value instanceof z.core.$ZodType;
}

/** Dotted path of a validation item built by the type provider (or by Ajv: same `instancePath`). */
function itemField(item: ValidationItem): string {
  if (item.path) return item.path.map(String).join('.');
  return (item.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
}

/**
 * Field errors of a Fastify validation failure in `lang`. Re-parses the failing part
 * (`validationContext`) with the route's zod schema and the locale map; when that is not possible (no
 * zod schema for the part, or the re-parse unexpectedly passes), falls back to the messages Fastify
 * already holds, so a 604 never loses its field list.
 */
export function localizedValidationErrors(
  request: FastifyRequest,
  validation: readonly ValidationItem[],
  validationContext: string | undefined,
  lang: Lang,
): FieldError[] {
  const fallback = validation.map((v) => ({ field: itemField(v), message: v.message ?? '' }));
  if (!validationContext || !(validationContext in requestPart)) return fallback;
  const part = validationContext as keyof typeof requestPart;
  const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[part];
  if (!isZodType(schema)) return fallback;
  const raw: unknown = request[requestPart[part]];
  // Fastify hands a missing part to the validator as null (lib/validation.js validateParam).
  let result: ReturnType<typeof localizedSafeParse>;
  try {
    result = localizedSafeParse(schema, raw === undefined ? null : raw, lang);
  } catch {
    return fallback;
  }
  if (result.success || result.error.issues.length === 0) return fallback;
  return fieldErrorsOf(result.error.issues);
}

/** Texts of request errors that no schema saw, by Fastify error code (`data.errors[0].message`). */
const requestErrorText: Record<string, Record<Lang, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { zh: '请求体不是有效的 JSON', en: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    zh: '请求体为空，但内容类型为 JSON',
    en: 'The request body is empty but its content type is JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { zh: '请求体过大', en: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { zh: '不支持的内容类型', en: 'Unsupported content type' },
  FST_ERR_BAD_URL: { zh: '请求地址无效', en: 'The request URL is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { zh: '路径参数过长', en: 'A path parameter is too long' },
  HPE_HEADER_OVERFLOW: {
    zh: '请求地址或请求头过长',
    en: 'The request URL or headers are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { zh: '请求超时', en: 'The request timed out' },
  HTTP_PARSE_ERROR: { zh: '请求格式错误', en: 'The request is malformed' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    zh: '请求体长度与 Content-Length 不符',
    en: 'The request body length does not match Content-Length',
  },
};
const genericRequestError: Record<Lang, string> = { zh: '无效的请求', en: 'Invalid request' };

/** The localised text of a Fastify request error (`error.code`), or a generic "invalid request". */
export function requestErrorMessage(fastifyCode: string | undefined, lang: Lang): string {
  return (fastifyCode ? requestErrorText[fastifyCode]?.[lang] : undefined) ?? genericRequestError[lang];
}
