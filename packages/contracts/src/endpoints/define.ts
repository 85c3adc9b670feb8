/**
 * One endpoint of the API (issue 24 item 2): its method and path (in the server's wire form, `:id` for
 * a path parameter), who may call it, the zod schemas of its path parameters, query and JSON body, and
 * what it answers. The table (../endpoints.ts) lists every endpoint; the server registers its routes
 * from it (apps/server/src/lib/endpoint-route.ts) and the web's client is typed from it.
 */
import type { z } from 'zod';

/**
 * Who may call an endpoint (issue 22 item 9, ASVS V8.1):
 * - `public`: anyone (sign-in, captcha, the public key, countries, unsubscribe links);
 * - `session`: a signed-in user (`token` header);
 * - `report`: a reporting API key (`Authorization: Bearer ppk_…`) or a session (report lists and
 *   exports only);
 * - `external`: a partner's signed fields (`/external_api/*`);
 * - `operations`: the internal import, probes and metrics, each checking its own secret.
 */
export const CALLERS = ['public', 'session', 'report', 'external', 'operations'] as const;
export type Caller = (typeof CALLERS)[number];

export const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

/**
 * What an endpoint answers: `envelope` = `{ code, msg, data }` with `data` per the entry's `data`
 * schema (a failure envelope on a business error, api-contract §1–2); `file` = a download (export,
 * PDF, document) or a failure envelope; `html` = a small HTML page.
 */
export type AnswerKind = 'envelope' | 'file' | 'html';

/**
 * Path prefixes of the API: every route under them is an endpoint of the table, and nothing else is
 * (the web app's files, the API document, probes and metrics are not API routes).
 */
export const API_PREFIXES = ['/v1/', '/api/', '/common/', '/gx/', '/external_api/', '/internal/'] as const;

/** Whether `path` (a route's URL or a request's) is under an API prefix. */
export const isApiPath = (path: string): boolean => API_PREFIXES.some((p) => path.startsWith(p));

/** What defineEndpoint takes. `data` is required for an `envelope` answer (z.null() when empty). */
export type EndpointSpec = {
  readonly method: Method;
  readonly path: string;
  readonly caller: Caller;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly data?: z.ZodType;
  readonly answer?: Exclude<AnswerKind, 'envelope'>;
};

/** An entry of the table: the spec with its answer kind filled in. */
export type Endpoint = Omit<EndpointSpec, 'answer'> & { readonly answer: AnswerKind };

type Defined<S extends EndpointSpec> = Omit<S, 'answer'> & {
  readonly answer: S['answer'] extends 'file' | 'html' ? S['answer'] : 'envelope';
};

/**
 * Declares one endpoint; the schemas keep their own types, so the query, body and data types of each
 * entry follow (EndpointQuery, EndpointBody, EndpointData in ../endpoints.ts). Throws at load when an
 * envelope endpoint declares no `data` or a path lies outside the API prefixes.
 */
export function defineEndpoint<const S extends EndpointSpec>(spec: S): Defined<S> {
  if (!isApiPath(spec.path)) throw new Error(`endpoint ${spec.method} ${spec.path}: not under an API prefix`);
  const answer = spec.answer ?? 'envelope';
  if (answer === 'envelope' && !spec.data) {
    throw new Error(`endpoint ${spec.method} ${spec.path}: an envelope answer declares its data`);
  }
  return { ...spec, answer } as unknown as Defined<S>;
}

/** Input type of an optional schema (what a caller sends), `undefined` without one. */
export type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
/** Output type of an optional schema (what a parser gives), `undefined` without one. */
export type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
