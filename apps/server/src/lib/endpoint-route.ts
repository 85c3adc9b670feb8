/**
 * Registers a route from its entry of the endpoint table (contracts endpoints.ts, issue 24 item 2):
 * method, URL, the params/querystring/body schemas, the 200 schema `answer(data)` of an envelope
 * endpoint (none for files and pages), the OpenAPI security of its caller, and `config.caller` and
 * `config.endpoint` (the start-up check of plugins/route-callers.ts refuses an API route registered
 * any other way). The handler's request is typed by the entry's schemas (after validation) and an
 * envelope handler must answer the entry's `data`.
 *
 * `options` carry what the table does not: the OpenAPI tags, summary and description, `hide`, and
 * route hooks (`preValidation` for a partner's signature, `onRequest` for an operations secret).
 */
import type { Endpoint, EndpointRequest } from '@portal/contracts/endpoints.ts';
import { endpointKey } from '@portal/contracts/endpoints.ts';
import type { Envelope } from '@portal/contracts/envelope.ts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import { answer } from './route-schema.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `METHOD path` of the table entry the route was registered from (endpointKey). */
    endpoint?: string;
  }
}

/** The request of endpoint `E`'s handler: params, query and body as validated. */
export type EndpointFastifyRequest<E extends Endpoint> = FastifyRequest<{
  Params: EndpointRequest<E>['params'];
  Querystring: EndpointRequest<E>['query'];
  Body: EndpointRequest<E>['body'];
}>;

/** What an envelope handler answers: the envelope of the entry's data (as the serializer takes it). */
type Answer<E extends Endpoint> = E extends {
  readonly answer: 'envelope';
  readonly data: infer D extends z.ZodType;
}
  ? Envelope<z.input<D>>
  : unknown;

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointFastifyRequest<E>,
  reply: FastifyReply,
) => Promise<Answer<E> | FastifyReply>;

/** Route options beside the table's: OpenAPI texts and hooks. */
export type EndpointRouteOptions = Pick<
  RouteShorthandOptions,
  'preValidation' | 'onRequest' | 'bodyLimit'
> & {
  tags?: string[];
  summary?: string;
  description?: string;
  /** Left out of the OpenAPI document. */
  hide?: boolean;
};

/** OpenAPI security of each caller (the schemes of app.ts). */
function securityOf(caller: Endpoint['caller']): Array<Record<string, string[]>> | undefined {
  if (caller === 'session') return [{ token: [] }];
  if (caller === 'report') return [{ token: [] }, { bearer: [] }];
  return undefined;
}

/** Registers `endpoint` on `app` with `handler` (see the module doc). */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointRouteOptions,
  handler: EndpointHandler<E>,
): void {
  const { tags, summary, description, hide, ...hooks } = options;
  const schema: FastifySchema & Record<string, unknown> = {};
  if (tags) schema.tags = tags;
  if (summary) schema.summary = summary;
  if (description) schema.description = description;
  if (hide) schema.hide = hide;
  const security = securityOf(endpoint.caller);
  if (security) schema.security = security;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.answer === 'envelope' && endpoint.data) schema.response = { 200: answer(endpoint.data) };
  app.route({
    ...hooks,
    method: endpoint.method,
    url: endpoint.path,
    schema,
    config: { caller: endpoint.caller, endpoint: endpointKey(endpoint) },
    handler: handler as unknown as RouteHandlerMethod,
  });
}
