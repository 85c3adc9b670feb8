import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signFields } from '@portal/contracts/sign.ts';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { todoOutbox } from '../../db/schema/todo-outbox.ts';
import { appForm, createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';
import { backoffMs, claimDue, deliverDue, MAX_ATTEMPTS } from './delivery.ts';

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
    // The worker started by buildApp is stopped: this test drives delivery step by step.
    await inv.app.todoWorker?.stop();
  }, 180_000);
  afterAll(async () => {
    await inv.close();
    server.close();
  });
  beforeEach(async () => {
    received = [];
    answerStatus = 200;
    // Start each test from an empty outbox.
    await inv.app.db.delete(todoOutbox);
  });

  const opts = () => ({ url, key: 's3cret', partnerId: 'todo-partner', now: () => clock });
  const pending = () => inv.app.db.select().from(todoOutbox).where(isNull(todoOutbox.delivered_at));

  it('starts the worker from buildApp when TODO_WEBHOOK_URL is set', () => {
    expect(inv.app.todoWorker).not.toBeNull();
  });

  it('posts each change once, signed with the partner secret, with an idempotency key, then marks it', async () => {
    const made = await inv.call(
      'POST',
      '/v1/app',
      inv.tokens.demo,
      appForm('com.demogames.todo', 'Todo App'),
    );
    expect(made.code).toBe(0);
    await inv.call('PUT', '/v1/app/status', inv.tokens.ops, { id: made.data.id, audit_status: 2 });
    expect(await deliverDue(inv.app.db, opts())).toEqual({ delivered: 2, failed: 0 });
    expect(received.map((r) => [r.body.action_type, r.body.to_status])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    for (const r of received) {
      expect(r.headers['idempotency-key']).toBe(r.body.idempotency_key);
      expect(r.body).toMatchObject({ partner_id: 'todo-partner', entity: 'app', entity_id: made.data.id });
      expect(r.body.timestamp).toBe(Math.floor(clock.getTime() / 1000));
      expect(r.body.sign).toBe(await signFields('s3cret', r.body));
      expect(r.body.sign).not.toBe(await signFields('zzz', r.body));
    }
    expect(await pending()).toEqual([]);
    expect(await deliverDue(inv.app.db, opts())).toEqual({ delivered: 0, failed: 0 });
    expect(received).toHaveLength(2);
    const listed = await inv.call('GET', '/v1/ops/todo', inv.tokens.ops, { state: 'all' });
    expect(listed.data.list.every((t: { delivered_at: string | null }) => t.delivered_at !== null)).toBe(
      true,
    );
  });

  it('retries a failed delivery after an exponential backoff, keeping the same idempotency key', async () => {
    await inv.call('POST', '/v1/app', inv.tokens.demo, appForm('com.demogames.retry', 'Retry App'));
    answerStatus = 503;
    expect(await deliverDue(inv.app.db, opts())).toEqual({ delivered: 0, failed: 1 });
    const [row] = await pending();
    expect(row).toMatchObject({ attempts: 1, last_error: 'HTTP 503', lease_until: null });
    expect(row?.next_attempt_at.getTime()).toBe(clock.getTime() + 5_000);
    // Not due yet.
    expect(await deliverDue(inv.app.db, opts())).toEqual({ delivered: 0, failed: 0 });
    clock = new Date(clock.getTime() + 5_000);
    expect(await deliverDue(inv.app.db, opts())).toEqual({ delivered: 0, failed: 1 });
    expect((await pending())[0]?.next_attempt_at.getTime()).toBe(clock.getTime() + 10_000);
    clock = new Date(clock.getTime() + 10_000);
    answerStatus = 200;
    expect(await deliverDue(inv.app.db, opts())).toEqual({ delivered: 1, failed: 0 });
    expect(new Set(received.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(received).toHaveLength(3);
    expect([backoffMs(1), backoffMs(2), backoffMs(3), backoffMs(30)]).toEqual([
      5_000, 10_000, 20_000, 3_600_000,
    ]);
  });

  it('keeps undelivered rows listed for operations (no URL, or out of attempts)', async () => {
    await inv.call('POST', '/v1/app', inv.tokens.demo, appForm('com.demogames.stuck', 'Stuck App'));
    await inv.app.db.update(todoOutbox).set({ attempts: MAX_ATTEMPTS });
    expect(await deliverDue(inv.app.db, opts())).toEqual({ delivered: 0, failed: 0 });
    const listed = await inv.call('GET', '/v1/ops/todo', inv.tokens.ops);
    expect(listed.data.list).toEqual([
      expect.objectContaining({ name: 'Stuck App', action_type: 1, delivered_at: null }),
    ]);
  });

  it('a claim survives a crash: the row is not claimed again until its lease runs out, then resent', async () => {
    await inv.call('POST', '/v1/app', inv.tokens.demo, appForm('com.demogames.crash', 'Crash App'));
    // A worker claims the row and "dies" before posting or marking it.
    const first = await claimDue(inv.app.db, clock, 60_000, 10);
    expect(first).toHaveLength(1);
    expect(await claimDue(inv.app.db, clock, 60_000, 10)).toEqual([]);
    expect(await deliverDue(inv.app.db, opts())).toEqual({ delivered: 0, failed: 0 });
    clock = new Date(clock.getTime() + 60_001);
    expect(await deliverDue(inv.app.db, opts())).toEqual({ delivered: 1, failed: 0 });
    expect(received[0]?.headers['idempotency-key']).toBe(first[0]?.idempotency_key);
    expect(received[0]?.headers['x-todo-attempt']).toBe('2');
  });

  it('concurrent claims never take the same row', async () => {
    for (const n of [1, 2, 3, 4, 5, 6]) {
      await inv.call('POST', '/v1/app', inv.tokens.demo, appForm(`com.demogames.many${n}`, `Many ${n}`));
    }
    const [a, b] = await Promise.all([
      claimDue(inv.app.db, clock, 60_000, 4),
      claimDue(inv.app.db, clock, 60_000, 4),
    ]);
    const ids = [...(a ?? []), ...(b ?? [])].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(6);
  });

  it('the running worker delivers on its own and stops with the app', async () => {
    const { startTodoWorker } = await import('./worker.ts');
    const worker = startTodoWorker(inv.app, url, { intervalMs: 20 });
    await inv.call('POST', '/v1/app', inv.tokens.demo, appForm('com.demogames.auto', 'Auto App'));
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
    await worker.stop();
    await inv.call('POST', '/v1/app', inv.tokens.demo, appForm('com.demogames.after', 'After App'));
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toHaveLength(1);
  });
});
