/**
 * Signing timestamps for test helpers. A signature is accepted once (api-contract §10), and tests often
 * send the same fields twice within one second (or with a frozen clock), which a real client would sign
 * at a later second. So a helper asks here for the timestamp: the server clock, moved on by one second
 * for each earlier signing of the very same fields at that second (per app), never behind the clock.
 */
import type { FastifyInstance } from 'fastify';

const signedAt = new WeakMap<FastifyInstance, Set<string>>();

/** Unix seconds to sign `fields` (without timestamp and sign) with, unique for these fields on `app`. */
export function signingTimestamp(app: FastifyInstance, fields: Record<string, unknown>): number {
  const seen = signedAt.get(app) ?? new Set<string>();
  signedAt.set(app, seen);
  const { timestamp: _t, sign: _s, ...rest } = fields;
  const key = JSON.stringify(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1)));
  let ts = Math.floor(app.now().getTime() / 1000);
  while (seen.has(`${ts}|${key}`)) ts++;
  seen.add(`${ts}|${key}`);
  return ts;
}
