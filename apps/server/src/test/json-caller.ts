/**
 * Test helpers shared by the fixtures (not a test itself): the demo users' session tokens, a JSON
 * caller that sends `payload` as the query (GET, undefined values left out) or the body, with the
 * token and Accept-Language, and answers the envelope; and its typed variant by the endpoint table
 * (issue 24 item 2): `callEndpoint` answers the success `data` parsed through the entry's schema
 * (so a test reads what the contract promises, typed, and fails when the server strays from it),
 * `callEndpointFailure` the failure envelope (parsed through route-schema.ts failureEnvelope).
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
import { loginAs } from './login.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely
export type Answer<T = any> = { code: number; msg: string; data: T };

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

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely
export type JsonCall = <T = any>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  payload?: Record<string, unknown>,
  lang?: string,
) => Promise<Answer<T>>;

/** A JSON caller on `app` (see the module doc); `lang` defaults to `en`. */
export function jsonCaller(app: FastifyInstance): JsonCall {
  return async (method, url, token, payload, lang = 'en') => {
    const headers: Record<string, string> = { 'accept-language': lang };
    if (token) headers.token = token;
    const res = await app.inject(
      method === 'GET'
        ? { method, url, headers, query: toQuery(payload) }
        : { method, url, headers, payload: payload ?? {} },
    );
    return res.json();
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

/** A failure envelope: a non-success code, its text, and field errors, `retry_after` or null. */
export type FailureAnswer = z.output<typeof failureEnvelope>;

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
): Promise<{ code: number; msg: string; data: unknown }> {
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
  return res.json();
}

const succeeded = (code: number) => code === 0 || code === 200;

/** The typed callers of `app` (see the module doc); `lang` defaults to `en`. */
export function endpointCallers(app: FastifyInstance): { call: EndpointCall; fail: EndpointFailureCall } {
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
  return { call, fail };
}

/** The fields named by a 604 failure's `data.errors`, in order (empty for any other failure). */
export function errorFields(answer: FailureAnswer): string[] {
  const data = answer.data;
  return data && 'errors' in data ? data.errors.map((e) => e.field) : [];
}
