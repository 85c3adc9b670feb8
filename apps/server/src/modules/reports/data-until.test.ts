/**
 * The freshness read behind `data_until` is shared by every list of the next minute (data-until.ts):
 * the client that happened to start it going away must not cancel it for the others, who get their
 * `data_until` all the same; a client's own report statements are still cancelled (report-guard.test.ts).
 */
import { EventEmitter } from 'node:events';
import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rtbDef } from '../../reports/report-defs.ts';
import type { ReportStore } from '../../reports/store.ts';
import { createReportFixture, type ReportFixture, YESTERDAY } from '../../test/report-fixture.ts';
import { until } from '../../test/slow-sql.ts';
import { dataUntil } from './data-until.ts';

/** A reply whose client can be made to go away (`gone()`), as far as the report guard looks at it. */
function fakeReply(log: FastifyReply['log']) {
  const raw = Object.assign(new EventEmitter(), { destroyed: false, writableEnded: false });
  const reply = { raw, log } as unknown as FastifyReply;
  const gone = () => {
    raw.destroyed = true;
    raw.emit('close');
  };
  return { reply, gone };
}

describe('data_until shared freshness read', () => {
  let f: ReportFixture;
  beforeAll(async () => {
    f = await createReportFixture('pglite');
  }, 120_000);
  afterAll(async () => f?.close());

  it('answers every waiting caller although the client that started the read went away', async () => {
    const store: ReportStore = f.app.reportStore;
    const query = store.query.bind(store);
    let open!: () => void;
    const gate = new Promise<void>((r) => {
      open = r;
    });
    let reads = 0;
    let aborted = false;
    // The freshness statement waits for the gate, and gives up as a store does when its signal aborts.
    vi.spyOn(store, 'query').mockImplementation(async (sql, params, opts) => {
      if (!/max\((dt|hour)\)/.test(sql)) return query(sql, params, opts);
      reads++;
      opts?.signal?.addEventListener('abort', () => {
        aborted = true;
      });
      await Promise.race([
        gate,
        new Promise((_, reject) =>
          opts?.signal?.addEventListener('abort', () => reject(opts.signal?.reason)),
        ),
      ]);
      return query(sql, params, opts);
    });

    const first = fakeReply(f.app.log);
    const second = fakeReply(f.app.log);
    const a = dataUntil(f.app, first.reply, rtbDef, YESTERDAY);
    const b = dataUntil(f.app, second.reply, rtbDef, YESTERDAY);
    await until(() => reads === 1);
    first.gone();
    open();
    const [, seen] = await Promise.all([a, b]);
    expect(aborted).toBe(false);
    expect(reads).toBe(1);
    expect(seen).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(seen).toBe(`${YESTERDAY.slice(0, 4)}-${YESTERDAY.slice(4, 6)}-${YESTERDAY.slice(6)}`);
    vi.restoreAllMocks();
  });
});
