/**
 * Web tests' mocked API answers by entry of the endpoint table (issue 24 item 2): `mock(entry, data)`
 * answers the entry's method and path pattern (`/v1/report/views/:id` matches `/v1/report/views/7`)
 * with the success envelope of `data`, built and checked by the entry's own `data` schema
 * (contract-reply.ts), so a test cannot answer a route with another route's shape. A failure is
 * answered with `failure(code, msg)`, an HTTP error with `httpError(status, body)`; either may also
 * come from a handler `(call) => data | failure(…)` that reads the request. Calls are read back by
 * entry too (`callsOf`, `mockApi().callsTo`): a literal path of the table is refused.
 */
import { type Endpoint, endpointList, endpoints } from '@portal/contracts/endpoints.ts';
import type { z } from 'zod';
import { endpointPath } from '@/lib/call-endpoint.ts';
import { contractReply, type Reply } from './contract-reply.ts';

/** One request the app sent, as a mock sees it. */
export type Call = { method: string; path: string; query: URLSearchParams; headers: Headers; body: unknown };

/** An answer other than the entry's data: a business failure or an HTTP error. */
export class Answer {
  constructor(readonly reply: Reply) {}
}

/** A business failure envelope `{ code, msg, data }` (HTTP 200). */
export const failure = (code: number, msg = 'failed', data: unknown = null): Answer =>
  new Answer({ code, msg, data });

/** An HTTP error status with `body` (JSON). */
export const httpError = (status: number, body: unknown): Answer => new Answer({ status, body });

/** What the entry's `data` schema takes (never for a file or page entry: those answer failures only). */
export type MockData<E extends Endpoint> = E extends { readonly data: infer S extends z.ZodType }
  ? z.input<S>
  : never;
/** A mock's answer: the entry's data, or a failure. */
export type MockAnswer<E extends Endpoint> = MockData<E> | Answer;
/** A mock that reads the request first. */
export type MockHandler<E extends Endpoint> = (call: Call) => MockAnswer<E> | Promise<MockAnswer<E>>;

/** One mocked route: what it matches and how it answers. */
export type RouteMock = {
  /** `METHOD pattern`, for messages. */
  readonly name: string;
  matches(method: string, path: string): boolean;
  reply(call: Call): Promise<Reply>;
};

/** A matcher of a table path (`:name` is one path segment). */
export function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/** Whether `call`'s method and path are `endpoint`'s. */
export function isCallOf(endpoint: Pick<Endpoint, 'method' | 'path'>, method: string, path: string): boolean {
  return method.toUpperCase() === endpoint.method && pathPattern(endpoint.path).test(path);
}

/** user_info answers code 200 (spec §7, as the server does); every other success code 0. */
const successCode = (endpoint: Endpoint): 0 | 200 => (endpoint === endpoints.account.userInfo ? 200 : 0);

function toReply<E extends Endpoint>(endpoint: E, answer: MockAnswer<E>): Reply {
  if (answer instanceof Answer) return answer.reply;
  if (!endpoint.data)
    throw new Error(`${endpoint.method} ${endpoint.path} answers a file: mock a failure only`);
  return contractReply(endpoint.data, answer, successCode(endpoint));
}

/** Narrows a mock to one value of the entry's path parameters (`{ kind: 'sdk' }`). */
export type MockOptions = { params?: Record<string, string | number> };

/**
 * Mocks `endpoint`: its data (checked by its schema now, so a drifted mock fails where it is
 * written), a failure, or a handler answering either per request. With `params`, only the path with
 * those parameters (`/v1/report/stat_column/sdk`), else every path of the entry's pattern.
 */
export function mock<E extends Endpoint>(
  endpoint: E,
  answer: MockAnswer<E> | MockHandler<E>,
  options: MockOptions = {},
): RouteMock {
  const fixed = typeof answer === 'function' ? undefined : toReply(endpoint, answer as MockAnswer<E>);
  const only = options.params ? endpointPath(endpoint, options.params) : undefined;
  return {
    name: `${endpoint.method} ${only ?? endpoint.path}`,
    matches: (method, path) => isCallOf(endpoint, method, path) && (only === undefined || path === only),
    reply: async (call) => fixed ?? toReply(endpoint, await (answer as MockHandler<E>)(call)),
  };
}

/**
 * The calls in `calls` to `target`: an entry (its method and path pattern; with `params`, only the
 * path of those parameter values, `{ params: { kind: 'sdk' } }` for `/v1/report/stat_column/sdk`),
 * or a path outside the table (any method; the request client's own tests). Throws for a literal
 * path of the table, so a test names an endpoint by its entry as production code does.
 */
export function callsOf(
  calls: readonly Call[],
  target: Pick<Endpoint, 'method' | 'path'> | string,
  options: MockOptions = {},
): Call[] {
  if (typeof target === 'string') {
    const taken = endpointList.find((n) => pathPattern(n.endpoint.path).test(target));
    if (taken) throw new Error(`${target} is endpoints.${taken.name}: use callsTo(entry)`);
    return calls.filter((c) => c.path === target);
  }
  const only = options.params ? endpointPath(target, options.params) : undefined;
  return calls.filter((c) => isCallOf(target, c.method, c.path) && (only === undefined || c.path === only));
}

/**
 * A route outside the endpoint table (the request client's own tests of envelopes and statuses).
 * Throws for a path of the table: those are mocked by `mock(entry, …)`.
 */
export function offTableRoute(
  method: string,
  path: string,
  reply: Reply | ((call: Call) => Reply | Promise<Reply>),
): RouteMock {
  const taken = endpointList.find((n) => isCallOf(n.endpoint, method, path));
  if (taken) throw new Error(`${method} ${path} is endpoints.${taken.name}: mock it with mock(entry, …)`);
  return {
    name: `${method} ${path}`,
    matches: (m, p) => m.toUpperCase() === method && p === path,
    reply: async (call) => (typeof reply === 'function' ? reply(call) : reply),
  };
}
