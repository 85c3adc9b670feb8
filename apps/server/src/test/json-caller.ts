/**
 * Test helpers shared by the fixtures (not a test itself): the demo users' session tokens and a JSON
 * caller that sends `payload` as the query (GET, undefined values left out) or the body, with the
 * token and Accept-Language, and answers the envelope.
 */
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../demo/accounts.ts';
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
