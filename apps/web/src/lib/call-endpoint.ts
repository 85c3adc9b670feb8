/**
 * The web's calls of the endpoint table (packages/contracts/src/endpoints.ts, issue 24 item 2): a call
 * names its entry, and the method, the wire path and the types of what it sends and answers come
 * from it, over the one request client (./request.ts: token, language, timeout, notifications and
 * errors are its own). `callEndpoint(notificationsEndpoints.read, { params: { id: 7 } })` sends
 * `PUT /v1/notifications/7/read` and answers the entry's `data` as its schema outputs it
 * (EndpointData: typed, not parsed again here; the server validated it against that very schema).
 *
 * Features import their area's entries (`@portal/contracts/endpoints/<area>.ts`), not the whole table,
 * so a screen's bundle carries the schemas of its own area only.
 */
import type {
  Endpoint,
  EndpointBody,
  EndpointData,
  EndpointParams,
  EndpointQuery,
} from '@portal/contracts/endpoints.ts';
import { type Download, type RequestOptions, request, requestBlob } from './request.ts';

/** One part of a call's input: required when the entry's schema needs it, optional or absent else. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { readonly [P in K]?: undefined }
  : undefined extends T
    ? { readonly [P in K]?: T }
    : { readonly [P in K]: T };

/** What a call of `E` sends: path parameters, query and JSON body, typed by the entry's schemas' input. */
export type EndpointInput<E extends Endpoint> = Part<'params', EndpointParams<E>> &
  Part<'query', EndpointQuery<E>> &
  Part<'body', EndpointBody<E>>;

/** Per-call options of the request client: a longer timeout (reports), another session's token. */
export type CallOptions = Pick<RequestOptions, 'timeoutMs' | 'token'>;

/** The input is optional when the entry needs none of its parts. */
type Args<E extends Endpoint> =
  object extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

/** An entry answering the `{ code, msg, data }` envelope. */
export type EnvelopeEndpoint = Endpoint & { readonly answer: 'envelope' };
/** An entry answering a file (exports, PDFs, documents). */
export type FileEndpoint = Endpoint & { readonly answer: 'file' };

type Input = { params?: unknown; query?: unknown; body?: unknown };

/**
 * An input built by a rule rather than to the entry's type: the report screens' one query record for
 * every kind (features/reports/lib/report-query.ts), a signed or encrypted body. The server checks it
 * against the entry's schemas all the same (604 with field errors).
 */
export type UncheckedInput = {
  params?: Record<string, string | number>;
  query?: RequestOptions['query'];
  body?: unknown;
};

/**
 * The wire path of `endpoint` with its `:name` parameters filled from `params` (URI-encoded). Throws
 * when a parameter is missing: a call without it would reach another route.
 */
export function endpointPath(endpoint: Pick<Endpoint, 'method' | 'path'>, params?: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined || v === null || v === '') {
      throw new Error(`${endpoint.method} ${endpoint.path}: path parameter ${name} is missing`);
    }
    return encodeURIComponent(String(v));
  });
}

function requestOptions(endpoint: Endpoint, input: Input | undefined, options?: CallOptions): RequestOptions {
  return {
    method: endpoint.method,
    query: input?.query as RequestOptions['query'],
    body: input?.body,
    ...options,
  };
}

/**
 * Calls an envelope endpoint: resolves with its `data` (typed by the entry's `data` schema), rejects
 * with the request client's RequestError (already shown to the user) on any failure.
 */
export function callEndpoint<E extends EnvelopeEndpoint>(
  endpoint: E,
  ...args: Args<E>
): Promise<EndpointData<E>> {
  const [input, options] = args as [Input | undefined, CallOptions | undefined];
  const answer: Promise<unknown> = request(
    endpointPath(endpoint, input?.params),
    requestOptions(endpoint, input, options),
  );
  return answer as Promise<EndpointData<E>>;
}

/** Calls a file endpoint: the file and its `Content-Disposition` name; an envelope answer rejects. */
export function downloadEndpoint<E extends FileEndpoint>(endpoint: E, ...args: Args<E>): Promise<Download> {
  const [input, options] = args as [Input | undefined, CallOptions | undefined];
  return requestBlob(endpointPath(endpoint, input?.params), requestOptions(endpoint, input, options));
}

/** callEndpoint with an input not typed by the entry (UncheckedInput); the answer still is. */
export function callEndpointUnchecked<E extends EnvelopeEndpoint>(
  endpoint: E,
  input: UncheckedInput,
  options?: CallOptions,
): Promise<EndpointData<E>> {
  const answer: Promise<unknown> = request(
    endpointPath(endpoint, input.params),
    requestOptions(endpoint, input, options),
  );
  return answer as Promise<EndpointData<E>>;
}

/** downloadEndpoint with an input not typed by the entry (UncheckedInput). */
export function downloadEndpointUnchecked(
  endpoint: FileEndpoint,
  input: UncheckedInput,
  options?: CallOptions,
): Promise<Download> {
  return requestBlob(endpointPath(endpoint, input.params), requestOptions(endpoint, input, options));
}
