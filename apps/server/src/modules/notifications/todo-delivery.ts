/**
 * Delivery of the to-do outbox (issue 4 §6) to TODO_WEBHOOK_URL, at least once, never lost, as the
 * `todo.deliver` job of the queue (plugins/jobs: claims, leases, retries with backoff 5 s, 10 s,
 * 20 s … at most 1 h, shared by instances). Only instances with TODO_WEBHOOK_URL run the kind; without
 * one the jobs wait, and the rows stay listed for operations (`GET /v1/ops/todo`).
 *
 * 1. The job's row is POSTed as JSON signed like an `/external_api` call (api-contract §3: the
 *    payload's fields plus `timestamp`, `partner_id` and `sign`), with the header `Idempotency-Key`
 *    (a UUID fixed per row) and `X-Todo-Attempt`: if the process stops after the receiver got it but
 *    before it was marked, the job's lease runs out and the row is sent again with the same key,
 *    which the receiver drops.
 * 2. A 2xx sets `delivered_at`; anything else (or a timeout) records the error and the attempt on the
 *    row and throws, so the queue retries. After `TODO_MAX_ATTEMPTS` the row stays undelivered and
 *    listed for operations.
 *
 * Signing key (decided here): the first partner of EXTERNAL_API_KEYS (`partner_id` = its name), so
 * the receiver checks it with the secret it already shares; without partners, PORTAL_SIGN_KEY (no
 * `partner_id`; integrity only, since that key is public).
 */
import { signFields } from '@portal/contracts/sign.ts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { todoOutbox } from '../../db/schema/todo-outbox.ts';
import type { JobContext, JobRunner } from '../../plugins/jobs/runner.ts';
import { TODO_JOB, TODO_MAX_ATTEMPTS } from './outbox.ts';

export type DeliveryOptions = {
  url: string;
  /** HMAC key and the partner id sent with it (null: none sent). */
  key: string;
  partnerId: string | null;
  now: () => Date;
  fetch?: typeof fetch;
  /** Per request, ms. */
  timeoutMs?: number;
};

/** The key and partner id notifications are signed with (see above). */
export function webhookSigner(app: FastifyInstance): { key: string; partnerId: string | null } {
  const first = app.config.externalApiKeys.entries().next();
  if (!first.done) return { key: first.value[1], partnerId: first.value[0] };
  return { key: app.config.signKey, partnerId: null };
}

/** The signed JSON body of one notification. */
export async function signedBody(
  payload: Record<string, unknown>,
  opts: DeliveryOptions,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {
    ...payload,
    ...(opts.partnerId ? { partner_id: opts.partnerId } : {}),
    timestamp: Math.floor(opts.now().getTime() / 1000),
  };
  body.sign = await signFields(opts.key, body);
  return body;
}

type Row = { idempotency_key: string; payload: Record<string, unknown> };

/** Sends one row; answers null on a 2xx, else the error text. */
async function post(row: Row, attempt: number, opts: DeliveryOptions, signal: AbortSignal) {
  const doFetch = opts.fetch ?? fetch;
  try {
    const res = await doFetch(opts.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': row.idempotency_key,
        'X-Todo-Attempt': String(attempt),
      },
      body: JSON.stringify(await signedBody(row.payload, opts)),
      signal: AbortSignal.any([signal, AbortSignal.timeout(opts.timeoutMs ?? 10_000)]),
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.status >= 200 && res.status < 300 ? null : `HTTP ${res.status}`;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** Delivers the outbox row of one job (see 1. and 2. above). */
export async function deliverTodo(app: FastifyInstance, job: JobContext, opts: DeliveryOptions) {
  const id = Number(job.payload.outbox_id);
  const [row] = await app.db.select().from(todoOutbox).where(eq(todoOutbox.id, id)).limit(1);
  if (!row || row.delivered_at) return;
  const error = await post(row, job.attempt, opts, job.signal);
  const open = and(eq(todoOutbox.id, id), isNull(todoOutbox.delivered_at));
  if (error === null) {
    await app.db
      .update(todoOutbox)
      .set({ delivered_at: opts.now(), attempts: job.attempt, last_error: null })
      .where(open);
    return;
  }
  await app.db
    .update(todoOutbox)
    .set({ attempts: job.attempt, last_error: error.slice(0, 500) })
    .where(open);
  throw new Error(error);
}

/** Defines the `todo.deliver` kind on `runner` (an instance with TODO_WEBHOOK_URL). */
export function defineTodoDelivery(
  runner: JobRunner,
  app: FastifyInstance,
  url: string,
  extra: Partial<DeliveryOptions> = {},
): void {
  const opts: DeliveryOptions = { url, ...webhookSigner(app), now: () => app.now(), ...extra };
  runner.define(TODO_JOB, (job) => deliverTodo(app, job, opts), { maxAttempts: TODO_MAX_ATTEMPTS });
}
