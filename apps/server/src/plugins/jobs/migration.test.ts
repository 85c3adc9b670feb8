/**
 * The migration onto the job queue carries work over: a store migrated before the queue, holding an
 * undelivered to-do row, one out of attempts, a delivered one, a pending schedule run and a sent one,
 * gets a queued job for each undelivered row and pending run (at its next attempt time, with its
 * attempts), a failed job for the row out of attempts, and nothing for finished work.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/drizzle');
const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};
const queueIdx = journal.entries.find((e) => e.tag.endsWith('_jobs_notifications'))?.idx ?? -1;

describe('migrating onto the job queue', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-migrate-'));
  const client = new PGlite();
  afterAll(async () => {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('turns undelivered to-do rows and pending runs into jobs', async () => {
    expect(queueIdx).toBeGreaterThan(0);
    // The migrations as they were before the queue.
    const before = path.join(dir, 'before');
    cpSync(folder, before, { recursive: true });
    writeFileSync(
      path.join(before, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx < queueIdx) }),
    );
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      INSERT INTO companies (id, company_name) VALUES (1, 'Co');
      INSERT INTO users (id, email, password_hash, name, user_name) VALUES (1, 'u@example.com', 'x', 'U', 'u');
      INSERT INTO todo_outbox (idempotency_key, action_type, entity, entity_id, name, company_id, actor_id,
        payload, attempts, next_attempt_at, delivered_at, last_error)
      VALUES
        ('k-pending', 1, 'app', 10, 'A', 1, 1, '{}', 3, '2026-03-01T00:05:00Z', NULL, 'HTTP 503'),
        ('k-exhausted', 1, 'app', 11, 'B', 1, 1, '{}', 12, '2026-03-01T00:00:00Z', NULL, 'HTTP 500'),
        ('k-delivered', 1, 'app', 12, 'C', 1, 1, '{}', 1, '2026-03-01T00:00:00Z', '2026-03-01T00:00:01Z', NULL);
      INSERT INTO saved_views (id, user_id, kind, name, query) VALUES (1, 1, 'sdk', 'V', '{}');
      INSERT INTO report_schedules (id, view_id, user_id, frequency, hour, timezone, recipients, format,
        unsubscribe_secret, next_due_at)
      VALUES (1, 1, 1, 'daily', 8, 'UTC', '["u@example.com"]', 'csv', 's', '2026-03-02T08:00:00Z');
      INSERT INTO report_schedule_runs (id, schedule_id, due_at, status, attempts, next_attempt_at)
      VALUES (7, 1, '2026-03-01T08:00:00Z', 'pending', 2, '2026-03-01T08:01:00Z'),
             (8, 1, '2026-02-28T08:00:00Z', 'sent', 1, '2026-02-28T08:00:00Z');
    `);
    await migrate(db, { migrationsFolder: folder });
    const { rows } = await client.query<{
      kind: string;
      key: string;
      payload: Record<string, number>;
      status: string;
      attempts: number;
      max_attempts: number;
      run_at: Date;
      last_error: string | null;
    }>(
      'SELECT kind, key, payload, status, attempts, max_attempts, run_at, last_error FROM jobs ORDER BY kind, key',
    );
    const outbox = await client.query<{ id: number; idempotency_key: string }>(
      'SELECT id, idempotency_key FROM todo_outbox ORDER BY id',
    );
    const idOf = (key: string) => outbox.rows.find((r) => r.idempotency_key === key)?.id;
    expect(rows).toEqual([
      {
        kind: 'report-schedule.send',
        key: '7',
        payload: { run_id: 7 },
        status: 'queued',
        attempts: 2,
        max_attempts: 6,
        run_at: new Date('2026-03-01T08:01:00Z'),
        last_error: null,
      },
      {
        kind: 'todo.deliver',
        key: 'k-exhausted',
        payload: { outbox_id: idOf('k-exhausted') },
        status: 'failed',
        attempts: 12,
        max_attempts: 12,
        run_at: new Date('2026-03-01T00:00:00Z'),
        last_error: 'HTTP 500',
      },
      {
        kind: 'todo.deliver',
        key: 'k-pending',
        payload: { outbox_id: idOf('k-pending') },
        status: 'queued',
        attempts: 3,
        max_attempts: 12,
        run_at: new Date('2026-03-01T00:05:00Z'),
        last_error: 'HTTP 503',
      },
    ]);
  });
});
