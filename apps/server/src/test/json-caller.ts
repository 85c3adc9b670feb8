/**
 * Test helpers shared by the fixtures (not a test itself): the demo users' session tokens; the typed
 * callers of the endpoint table (issue 24 item 2): `call` (fixtures' `callEndpoint`) answers the
 * success `data` parsed through the entry's schema (so a test reads what the contract promises,
 * typed, and fails when the server strays from it), `fail` (`callEndpointFailure`) the failure
 * envelope (route-schema.ts failureEnvelope), `answer` (`endpointAnswer`) either; and a raw JSON
 * caller (`sendRaw`) for what the entry's types refuse to send, answering `data` unknown. No caller
 * answers `any` (envelope.ts); biome.json's override for server tests keeps tests from reading it.
 */
import {
  type Endpoint,
  type EndpointBody,
  type EndpointData,
  type EndpointParams,
  type EndpointQuery,
  endpointList,
} from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { DEMO_PASSWORD } from '../demo/accounts.ts';
import { failureEnvelope } from '../lib/route-schema.ts';
import { envelopeOf, type FailureAnswer, type RawEnvelope } from './envelope.ts';
import { loginAs } from './login.ts';

export type { FailureAnswer, RawEnvelope };

export type DemoTokens = { demo: string; member: string; other: string; ops: string };

/** Session tokens of the four demo users (seeded with seedDemoAccounts), signed in as the web does. */
export async function demoTokens(app: FastifyInstance): Promise<DemoTokens> {
  const login = (email: string) => loginAs(app, email, DEMO_PASSWORD);
  return {
    demo: await login('demo@example.com'),
    member: await login('member@example.com'),
    other: await login('other@example.com'),
    ops: await login('ops@example.com'),
  };
}

/**
 * A raw JSON call, for what the table's types refuse to send (a malformed body, a wrong method, an
 * unknown path): answers the envelope with `data` unknown, so a test narrows what it reads.
 */
export type JsonCall = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  payload?: Record<string, unknown>,
  lang?: string,
) => Promise<RawEnvelope>;

/** A raw JSON caller on `app` (see JsonCall; `payload` is the query of a GET); `lang` defaults to `en`. */
export function jsonCaller(app: FastifyInstance): JsonCall {
  return async (method, url, token, payload, lang = 'en') => {
    const headers: Record<string, string> = { 'accept-language': lang };
    if (token) headers.token = token;
    const res = await app.inject(
      method === 'GET'
        ? { method, url, headers, query: toQuery(payload) }
        : { method, url, headers, payload: payload ?? {} },
    );
    return envelopeOf(res);
  };
}

function toQuery(payload?: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}

/** An endpoint answering the envelope (not a file or a page). */
export type EnvelopeEndpoint = Endpoint & { readonly answer: 'envelope'; readonly data: z.ZodType };

/** What a test sends: path parameters, query and JSON body, typed by the entry. */
export type EndpointInput<E extends Endpoint> = {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  /** Further request headers (e.g. `user-agent`). */
  headers?: Record<string, string>;
  /** The caller's address (default Fastify's inject address). */
  remoteAddress?: string;
};

/** Calls `endpoint` and answers its success `data`; throws (naming the code) on a failure. */
export type EndpointCall = <E extends EnvelopeEndpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  token: string | null,
  lang?: string,
) => Promise<EndpointData<E>>;

/** Calls `endpoint` and answers its failure envelope; throws when it succeeded. */
export type EndpointFailureCall = <E extends EnvelopeEndpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  token: string | null,
  lang?: string,
) => Promise<FailureAnswer>;

const nameOf = new Map<Endpoint, string>(endpointList.map((n) => [n.endpoint, n.name]));

/** `path` with each `:name` replaced by `params.name`, URI-encoded. */
function fillPath(path: string, params: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return path.replace(/:(\w+)/g, (_, k: string) => {
    if (values[k] === undefined) throw new Error(`${path}: no value for :${k}`);
    return encodeURIComponent(String(values[k]));
  });
}

/** Sends `input` to `endpoint` on `app` as the web does; answers the raw envelope. */
async function send(
  app: FastifyInstance,
  endpoint: Endpoint,
  input: EndpointInput<Endpoint>,
  token: string | null,
  lang: string,
): Promise<RawEnvelope> {
  const headers: Record<string, string> = { 'accept-language': lang, ...input.headers };
  if (token) headers.token = token;
  const res = await app.inject({
    method: endpoint.method,
    url: fillPath(endpoint.path, input.params),
    headers,
    ...(input.remoteAddress ? { remoteAddress: input.remoteAddress } : {}),
    query: toQuery(input.query as Record<string, unknown> | undefined),
    ...(endpoint.method === 'GET' ? {} : { payload: (input.body ?? {}) as Record<string, unknown> }),
  });
  return envelopeOf(res);
}

const succeeded = (code: number) => code === 0 || code === 200;

/** A success envelope of `E`, its `data` parsed by the entry's schema. */
export type SuccessAnswer<E extends Endpoint> = { code: 0 | 200; msg: string; data: EndpointData<E> };

/** What an endpoint answered: its success (data parsed by the entry) or its failure envelope. */
export type EndpointAnswer<E extends Endpoint> = SuccessAnswer<E> | FailureAnswer;

/** Calls `endpoint` and answers either envelope, each parsed (for tests that check only the code). */
export type EndpointAnswerCall = <E extends EnvelopeEndpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  token: string | null,
  lang?: string,
) => Promise<EndpointAnswer<E>>;

/** The typed callers of an app: success data, failure envelope, either. */
export type EndpointCallers = { call: EndpointCall; fail: EndpointFailureCall; answer: EndpointAnswerCall };

/** The typed callers of `app` (see the module doc); `lang` defaults to `en`. */
export function endpointCallers(app: FastifyInstance): EndpointCallers {
  const call: EndpointCall = async (endpoint, input, token, lang = 'en') => {
    const answer = await send(app, endpoint, input, token, lang);
    if (!succeeded(answer.code)) {
      throw new Error(
        `${nameOf.get(endpoint)} answered ${answer.code} ${answer.msg}: ${JSON.stringify(answer.data)}`,
      );
    }
    return endpoint.data.parse(answer.data) as EndpointData<typeof endpoint>;
  };
  const fail: EndpointFailureCall = async (endpoint, input, token, lang = 'en') => {
    const answer = await send(app, endpoint, input, token, lang);
    if (succeeded(answer.code)) throw new Error(`${nameOf.get(endpoint)} succeeded (${answer.code})`);
    return failureEnvelope.parse(answer);
  };
  const answer: EndpointAnswerCall = async (endpoint, input, token, lang = 'en') => {
    const got = await send(app, endpoint, input, token, lang);
    if (!succeeded(got.code)) return failureEnvelope.parse(got);
    return {
      code: got.code as 0 | 200,
      msg: got.msg,
      data: endpoint.data.parse(got.data) as EndpointData<typeof endpoint>,
    };
  };
  return { call, fail, answer };
}

/** The fields named by a 604 failure's `data.errors`, in order (empty for any other failure). */
export function errorFields(answer: FailureAnswer): string[] {
  const data = answer.data;
  return data && 'errors' in data ? data.errors.map((e) => e.field) : [];
}

/** A 10002 failure's `data.retry_after` in seconds (undefined for any other failure). */
export function retryAfter(answer: FailureAnswer): number | undefined {
  const data = answer.data;
  return data && 'retry_after' in data ? data.retry_after : undefined;
}

/** Whether `answer` is a success (code 0, or 200 for user_info), narrowing it to its parsed data. */
export function isSuccess<E extends Endpoint>(answer: EndpointAnswer<E>): answer is SuccessAnswer<E> {
  return succeeded(answer.code);
}

/**
 * The success `data` of a raw `app.inject` answer of `endpoint`, parsed by the entry (for a test that
 * also reads the answer's headers or sends what the typed callers cannot); throws on a failure.
 */
export function dataOf<E extends EnvelopeEndpoint>(
  endpoint: E,
  res: { json: () => unknown },
): EndpointData<E> {
  const answer = envelopeOf(res);
  if (!succeeded(answer.code))
    throw new Error(`${nameOf.get(endpoint)} answered ${answer.code} ${answer.msg}`);
  return endpoint.data.parse(answer.data) as EndpointData<E>;
}
