/**
 * One JSON call through `app.inject` as the session `token`, answers in English: the envelope
 * `{ code, msg, data }` (api-contract §2). The body is sent only when `payload` is given.
 */
import type { FastifyInstance } from 'fastify';

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely
export type Answer = { code: number; msg: string; data: any };

export async function callAs(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
): Promise<Answer> {
  const res = await app.inject({
    method,
    url,
    headers: { token, 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });
  return res.json() as Answer;
}
