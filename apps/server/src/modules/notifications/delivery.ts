/**
 * Delivery of the to-do outbox (issue 4 §6) to TODO_WEBHOOK_URL, at least once, never lost:
 *
 * 1. `claimDue` takes up to `batch` due rows (not delivered, `next_attempt_at` passed, no live lease)
 *    with `FOR UPDATE SKIP LOCKED`, so several instances never claim the same row, and stamps a lease
 *    and the attempt count in the same statement.
 * 2. Each row is POSTed as JSON signed like an `/external_api` call (api-contract §3: the payload's
 *    fields plus `timestamp`, `partner_id` and `sign`), with the header `Idempotency-Key` (a UUID
 *    fixed per row): if the process stops after the receiver got it but before it was marked, the
 *    lease runs out and the row is sent again with the same key, which the receiver drops.
 * 3. A 2xx sets `delivered_at`; anything else (or a timeout) frees the lease and schedules the next
 *    try after an exponential backoff (5 s, 10 s, 20 s … at most 1 h). After `MAX_ATTEMPTS` the row
 *    stays undelivered and listed for operations (`GET /v1/ops/todo`).
 *
 * Signing key (decided here): the first partner of EXTERNAL_API_KEYS (`partner_id` = its name), so
 * the receiver checks it with the secret it already shares; without partners, PORTAL_SIGN_KEY (no
 * `partner_id`; integrity only, since that key is public).
 */
import { signFields } from '@portal/contracts/sign.ts';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { todoOutbox } from '../../db/schema/todo-outbox.ts';

export const MAX_ATTEMPTS = 12;
const BASE_BACKOFF_MS = 5_000;
const MAX_BACKOFF_MS = 3_600_000;

/** Delay before attempt `attempts + 1` after `attempts` failed ones, ms: 5 s × 2^(n−1), at most 1 h. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

export type DeliveryOptions = {
  url: string;
  /** HMAC key and the partner id sent with it (null: none sent). */
  key: string;
  partnerId: string | null;
  now: () => Date;
  fetch?: typeof fetch;
  batch?: number;
  /** Per request, ms. */
  timeoutMs?: number;
  /** How long a claim holds a row, ms; must exceed batch × timeout. */
  leaseMs?: number;
};

type Claimed = { id: number; idempotency_key: string; payload: Record<string, unknown>; attempts: number };

/** Claims due rows for this worker (see 1. above). */
export async function claimDue(db: Db, now: Date, leaseMs: number, batch: number): Promise<Claimed[]> {
  const due = db
    .select({ id: todoOutbox.id })
    .from(todoOutbox)
    .where(
      and(
        isNull(todoOutbox.delivered_at),
        lte(todoOutbox.next_attempt_at, now),
        or(isNull(todoOutbox.lease_until), lt(todoOutbox.lease_until, now)),
        lt(todoOutbox.attempts, MAX_ATTEMPTS),
      ),
    )
    .orderBy(asc(todoOutbox.id))
    .limit(batch)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(todoOutbox)
    .set({ lease_until: new Date(now.getTime() + leaseMs), attempts: sql`${todoOutbox.attempts} + 1` })
    .where(inArray(todoOutbox.id, due))
    .returning({
      id: todoOutbox.id,
      idempotency_key: todoOutbox.idempotency_key,
      payload: todoOutbox.payload,
      attempts: todoOutbox.attempts,
    });
  return rows.sort((a, b) => a.id - b.id);
}

/** The signed JSON body of one notification. */
export async function signedBody(row: Claimed, opts: DeliveryOptions): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {
    ...row.payload,
    ...(opts.partnerId ? { partner_id: opts.partnerId } : {}),
    timestamp: Math.floor(opts.now().getTime() / 1000),
  };
  body.sign = await signFields(opts.key, body);
  return body;
}

/** Sends one row; answers null on a 2xx, else the error text. */
async function post(row: Claimed, opts: DeliveryOptions): Promise<string | null> {
  const doFetch = opts.fetch ?? fetch;
  try {
    const res = await doFetch(opts.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': row.idempotency_key,
        'X-Todo-Attempt': String(row.attempts),
      },
      body: JSON.stringify(await signedBody(row, opts)),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.status >= 200 && res.status < 300 ? null : `HTTP ${res.status}`;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** Claims and sends one batch; answers how many were delivered and how many failed. */
export async function deliverDue(
  db: Db,
  opts: DeliveryOptions,
): Promise<{ delivered: number; failed: number }> {
  const claimed = await claimDue(db, opts.now(), opts.leaseMs ?? 120_000, opts.batch ?? 10);
  let delivered = 0;
  let failed = 0;
  for (const row of claimed) {
    const error = await post(row, opts);
    const now = opts.now();
    if (error === null) {
      delivered++;
      await db
        .update(todoOutbox)
        .set({ delivered_at: now, lease_until: null, last_error: null })
        .where(and(eq(todoOutbox.id, row.id), isNull(todoOutbox.delivered_at)));
    } else {
      failed++;
      await db
        .update(todoOutbox)
        .set({
          lease_until: null,
          next_attempt_at: new Date(now.getTime() + backoffMs(row.attempts)),
          last_error: error.slice(0, 500),
        })
        .where(eq(todoOutbox.id, row.id));
    }
  }
  return { delivered, failed };
}
