/**
 * To-do delivery (issue 4 §6) on the job queue: each change posted once, signed, with a stable
 * idempotency key; retries with backoff keeping that key; rows out of attempts stay listed for
 * operations; a claim whose instance died is resent after its lease; two instances never post the
 * same row; an instance without TODO_WEBHOOK_URL leaves the jobs to one that has it.
 */

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { signFields } from '@portal/contracts/sign.ts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/jobs.ts';
import { todoOutbox } from '../../db/schema/todo-outbox.ts';
import { claimJobs } from '../../plugins/jobs/queue.ts';
import { createJobRunner } from '../../plugins/jobs/runner.ts';
import { appForm, createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';
import { TODO_JOB, TODO_MAX_ATTEMPTS } from './outbox.ts';
import { defineTodoDelivery } from './todo-delivery.ts';

type Received = { headers: IncomingHttpHeaders; body: Record<string, unknown> };

describe.each(testDbKinds)('to-do delivery on %s', (db) => {
  let inv: Inventory;
  let server: Server;
  let url: string;
  let received: Received[] = [];
  let answerStatus = 200;
  let clock = new Date('2026-03-01T00:00:00Z');

  beforeAll(async () => {
    server = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(data) });
        res.statusCode = answerStatus;
        res.end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/todo`;
    inv = await createInventory({
      db,
      now: () => clock,
      env: { TODO_WEBHOOK_URL: url, EXTERNAL_API_KEYS: 'todo-partner:s3cret,other:zzz' },
    });
    // Jobs run when this test asks (JOB_POLL_MS is 0 in tests): app.jobs.drain() polls until nothing is
    // due (one poll claims at most JOB_CONCURRENCY jobs, and the daily periodic jobs are due too).
  }, 180_000);
  afterAll(async () => {
    await inv.close();
    server.close();
  });
  beforeEach(async () => {
    received = [];
    answerStatus = 200;
    // Start each test from an empty outbox and queue.
    await inv.app.db.delete(todoOutbox);
    await inv.app.db.delete(jobs);
  });

  const pending = () => inv.app.db.select().from(todoOutbox).where(isNull(todoOutbox.delivered_at));
  const job = async () => (await inv.app.db.select().from(jobs).where(eq(jobs.kind, TODO_JOB)))[0];
  const outcomes = async () =>
    (await inv.app.jobs.drain()).filter((o) => o.kind === TODO_JOB).map((o) => o.outcome);

  it('defines the delivery job on an instance with TODO_WEBHOOK_URL', () => {
    expect(inv.app.jobs.kinds).toContain(TODO_JOB);
  });

  it('posts each change once, signed with the partner secret, with an idempotency key, then marks it', async () => {
    const made = await inv.callEndpoint(
      endpoints.apps.create,
      { body: appForm('com.demogames.todo', 'Todo App') },
      inv.tokens.demo,
    );
    await inv.callEndpoint(
      endpoints.apps.setStatus,
      { body: { id: made.id, audit_status: 2 } },
      inv.tokens.ops,
    );
    expect(await outcomes()).toEqual(['done', 'done']);
    // Jobs run side by side: compare in the order of the changes.
    const sorted = received.map((r) => [r.body.action_type, r.body.to_status]).sort();
    expect(sorted).toEqual([
      [1, 1],
      [2, 2],
    ]);
    for (const r of received) {
      expect(r.headers['idempotency-key']).toBe(r.body.idempotency_key);
      expect(r.body).toMatchObject({ partner_id: 'todo-partner', entity: 'app', entity_id: made.id });
      expect(r.body.timestamp).toBe(Math.floor(clock.getTime() / 1000));
      expect(r.body.sign).toBe(await signFields('s3cret', r.body));
      expect(r.body.sign).not.toBe(await signFields('zzz', r.body));
    }
    expect(await pending()).toEqual([]);
    expect(await outcomes()).toEqual([]);
    expect(received).toHaveLength(2);
    const listed = await inv.callEndpoint(endpoints.ops.todo, { query: { state: 'all' } }, inv.tokens.ops);
    expect(listed.list.every((t) => t.delivered_at !== null)).toBe(true);
  });

  it('retries a failed delivery after an exponential backoff, keeping the same idempotency key', async () => {
    await inv.callEndpoint(
      endpoints.apps.create,
      { body: appForm('com.demogames.retry', 'Retry App') },
      inv.tokens.demo,
    );
    answerStatus = 503;
    expect(await outcomes()).toEqual(['retry']);
    const [row] = await pending();
    expect(row).toMatchObject({ attempts: 1, last_error: 'HTTP 503' });
    expect((await job())?.run_at.getTime()).toBe(clock.getTime() + 5_000);
    // Not due yet.
    expect(await outcomes()).toEqual([]);
    clock = new Date(clock.getTime() + 5_000);
    expect(await outcomes()).toEqual(['retry']);
    expect((await job())?.run_at.getTime()).toBe(clock.getTime() + 10_000);
    clock = new Date(clock.getTime() + 10_000);
    answerStatus = 200;
    expect(await outcomes()).toEqual(['done']);
    expect(new Set(received.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(received.map((r) => r.headers['x-todo-attempt'])).toEqual(['1', '2', '3']);
    expect(await pending()).toEqual([]);
  });

  it('keeps undelivered rows listed for operations (no URL, or out of attempts)', async () => {
    await inv.callEndpoint(
      endpoints.apps.create,
      { body: appForm('com.demogames.stuck', 'Stuck App') },
      inv.tokens.demo,
    );
    answerStatus = 500;
    await inv.app.db.update(jobs).set({ attempts: TODO_MAX_ATTEMPTS - 1 });
    expect(await outcomes()).toEqual(['failed']);
    expect(await job()).toMatchObject({
      status: 'failed',
      attempts: TODO_MAX_ATTEMPTS,
      last_error: 'HTTP 500',
    });
    clock = new Date(clock.getTime() + 7_200_000);
    expect(await outcomes()).toEqual([]);
    const listed = await inv.callEndpoint(endpoints.ops.todo, {}, inv.tokens.ops);
    expect(listed.list).toEqual([
      expect.objectContaining({
        name: 'Stuck App',
        action_type: 1,
        delivered_at: null,
        attempts: TODO_MAX_ATTEMPTS,
        last_error: 'HTTP 500',
      }),
    ]);
  });

  it('a claim survives a crash: the row is not claimed again until its lease runs out, then resent', async () => {
    await inv.callEndpoint(
      endpoints.apps.create,
      { body: appForm('com.demogames.crash', 'Crash App') },
      inv.tokens.demo,
    );
    // An instance claims the job and "dies" before posting or marking it.
    const first = await claimJobs(inv.app.db, { kinds: [TODO_JOB], now: clock, leaseMs: 60_000, batch: 10 });
    expect(first).toHaveLength(1);
    expect(await outcomes()).toEqual([]);
    clock = new Date(clock.getTime() + 60_001);
    expect(await outcomes()).toEqual(['done']);
    const [row] = await inv.app.db.select().from(todoOutbox);
    expect(received[0]?.headers['idempotency-key']).toBe(row?.idempotency_key);
    expect(received[0]?.headers['x-todo-attempt']).toBe('2');
  });

  it('two instances polling at once never post the same row', async () => {
    for (const n of [1, 2, 3, 4, 5, 6]) {
      await inv.callEndpoint(
        endpoints.apps.create,
        { body: appForm(`com.demogames.many${n}`, `Many ${n}`) },
        inv.tokens.demo,
      );
    }
    const second = createJobRunner({ db: inv.app.db, now: () => clock, log: inv.app.log, pollMs: 0 });
    defineTodoDelivery(second, inv.app, url);
    await Promise.all([inv.app.jobs.drain(), second.drain()]);
    const keys = received.map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(6);
    expect(new Set(keys).size).toBe(6);
    expect(await pending()).toEqual([]);
  });

  it('an instance without TODO_WEBHOOK_URL leaves the jobs queued for one that has it', async () => {
    await inv.callEndpoint(
      endpoints.apps.create,
      { body: appForm('com.demogames.nourl', 'No URL App') },
      inv.tokens.demo,
    );
    const withoutUrl = createJobRunner({ db: inv.app.db, now: () => clock, log: inv.app.log, pollMs: 0 });
    withoutUrl.define('notification.email', async () => {});
    expect((await withoutUrl.drain()).filter((o) => o.kind === TODO_JOB)).toEqual([]);
    expect(await job()).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await outcomes()).toEqual(['done']);
    expect(received).toHaveLength(1);
  });

  it('the running poller delivers on its own and stops with the app', async () => {
    const poller = createJobRunner({ db: inv.app.db, now: () => clock, log: inv.app.log, pollMs: 20 });
    defineTodoDelivery(poller, inv.app, url);
    poller.start();
    await inv.callEndpoint(
      endpoints.apps.create,
      { body: appForm('com.demogames.auto', 'Auto App') },
      inv.tokens.demo,
    );
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
    await poller.stop(1000);
    await inv.callEndpoint(
      endpoints.apps.create,
      { body: appForm('com.demogames.after', 'After App') },
      inv.tokens.demo,
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toHaveLength(1);
    expect(await job()).toBeDefined();
    const queued = await inv.app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, TODO_JOB), eq(jobs.status, 'queued')));
    expect(queued).toHaveLength(1);
  });
});
