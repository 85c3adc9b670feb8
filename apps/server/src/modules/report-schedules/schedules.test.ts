/**
 * Scheduled report mails (issue 13 item 8): recipients are checked against the organisation; a due
 * schedule produces exactly one mail per recipient whose attachment is the owner's own export of the
 * view; two workers racing, or a worker that died holding a run, neither lose nor double a send; a
 * failed mail is retried for the remaining addresses only; an owner who lost access gets a recorded
 * failure; the unsubscribe link removes its address without a sign-in.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DataPermissionType } from '@portal/contracts/constants.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportScheduleRuns, reportSchedules } from '../../db/schema/report-views.ts';
import { dataPermissions, users } from '../../db/schema/users.ts';
import { createMailer, type Mail, outboxDir } from '../../plugins/mailer.ts';
import { callAs } from '../../test/inject.ts';
import { createReportFixture, type ReportFixture } from '../../test/report-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';
import { claimRuns, type ScheduleWorkerOptions, workSchedules } from './worker.ts';

/** Due time of the schedules below: the fixture's clock is 2026-01-15 12:00 UTC. */
const DUE = new Date('2026-01-15T13:00:00Z');
const after = (ms: number) => () => new Date(DUE.getTime() + ms);

/** The attachment of a raw MIME mail written by nodemailer (base64 part with Content-Disposition attachment). */
function attachmentOf(raw: string): Buffer {
  const boundary = /boundary="?([^"\r\n;]+)"?/.exec(raw)?.[1];
  if (!boundary) throw new Error('no multipart boundary');
  for (const part of raw.split(`--${boundary}`)) {
    const split = part.search(/\r?\n\r?\n/);
    const head = part.slice(0, split);
    if (/Content-Disposition:\s*attachment/i.test(head)) {
      return Buffer.from(
        part
          .slice(split)
          .replace(/--\s*$/, '')
          .replace(/\s+/g, ''),
        'base64',
      );
    }
  }
  throw new Error('no attachment');
}

describe.each(testDbKinds)('scheduled reports on %s', (db) => {
  let f: ReportFixture;
  beforeAll(async () => {
    f = await createReportFixture(db, { REPORT_SCHEDULE_POLL_MS: '0' });
  }, 120_000);
  afterAll(async () => f?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    callAs(f.app, method, url, token, payload);
  const viewQuery = {
    preset: 'last_7_days',
    fields: 'dt,app_key,revenue',
    titles: 'Date,App,Revenue',
    order: 'revenue:desc',
  };
  async function scheduleOf(token: string, recipients: string[], format: 'csv' | 'xlsx' = 'csv') {
    const view = await call('POST', '/v1/report/views', token, {
      kind: 'sdk',
      name: 'Weekly revenue',
      shared: false,
      query: viewQuery,
    });
    expect(view.code).toBe(0);
    const s = await call('POST', '/v1/report/schedules', token, {
      view_id: view.data.id,
      frequency: 'daily',
      hour: 13,
      timezone: 'UTC',
      recipients,
      format,
    });
    expect(s.code).toBe(0);
    expect(s.data.next_due_at).toBe(DUE.toISOString());
    return s.data as { id: number };
  }
  const capture = (mails: Mail[], now = after(30_000)): ScheduleWorkerOptions => ({
    now,
    send: async (m) => {
      mails.push(m);
    },
    log: f.app.log,
  });
  const runsOf = (id: number) =>
    f.app.db.select().from(reportScheduleRuns).where(eq(reportScheduleRuns.schedule_id, id));
  const remove = (token: string, id: number) => call('DELETE', `/v1/report/schedules/${id}`, token);

  it('mails only members of the organisation and answers 604 otherwise', async () => {
    const view = await call('POST', '/v1/report/views', f.tokens.member, {
      kind: 'sdk',
      name: 'x',
      shared: false,
      query: viewQuery,
    });
    const base = {
      view_id: view.data.id,
      frequency: 'daily',
      hour: 8,
      recipients: ['demo@example.com'],
      format: 'csv',
    };
    const outsider = await call('POST', '/v1/report/schedules', f.tokens.member, {
      ...base,
      recipients: ['demo@example.com', 'other@example.com'],
    });
    expect(outsider.code).toBe(604);
    expect(outsider.data.errors[0].field).toBe('recipients');
    for (const bad of [
      { ...base, hour: 24 },
      { ...base, frequency: 'weekly' },
      { ...base, timezone: 'Mars/Olympus' },
      { ...base, recipients: [] },
      { ...base, format: 'pdf' },
    ]) {
      expect((await call('POST', '/v1/report/schedules', f.tokens.member, bad)).code).toBe(604);
    }
    // Another organisation's user cannot schedule this private view.
    expect((await call('POST', '/v1/report/schedules', f.tokens.other, base)).code).toBe(10008);
    const ok = await call('POST', '/v1/report/schedules', f.tokens.member, base);
    expect(ok.data.timezone).toBe(f.config.reportTimezone);
    expect((await remove(f.tokens.other, ok.data.id)).code).toBe(10008);
    expect((await remove(f.tokens.member, ok.data.id)).code).toBe(0);
    const recipients = await call('GET', '/v1/report/schedules/recipients', f.tokens.member);
    expect(recipients.data.list).toEqual(['demo@example.com', 'member@example.com']);
  });

  it('a due run writes exactly one outbox mail whose attachment is the owner’s export', async () => {
    const s = await scheduleOf(f.tokens.member, ['demo@example.com']);
    const mailer = createMailer(f.config, f.app.log);
    const dir = outboxDir(f.dataDir);
    const before = new Set(await readdir(dir).catch(() => [] as string[]));
    // Not yet due.
    expect(await workSchedules(f.app, { now: after(-1000), send: mailer.send, log: f.app.log })).toEqual([]);
    expect(await workSchedules(f.app, { now: after(30_123), send: mailer.send, log: f.app.log })).toEqual([
      'sent',
    ]);
    const written = (await readdir(dir)).filter((n) => !before.has(n));
    expect(written).toHaveLength(1);
    const raw = await readFile(path.join(dir, written[0] ?? ''), 'utf8');
    expect(raw).toMatch(/^To: demo@example\.com/m);
    expect(raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/[^>]+\/v1\/report\/unsubscribe\?token=/m);

    const exported = await f.app.inject({
      method: 'GET',
      url: '/v1/report/export/sdk',
      query: { ...viewQuery, format: 'csv' },
      headers: { token: f.tokens.member, 'accept-language': 'en' },
    });
    expect(exported.statusCode).toBe(200);
    const attachment = attachmentOf(raw).toString('utf8');
    expect(attachment).toBe(exported.body);
    const lines = attachment.replace(/\r\n$/, '').split('\r\n');
    expect(lines[0]).toBe('\ufeffDate,App,App name,Revenue');
    expect(lines.length).toBeGreaterThan(1);
    const [run] = await runsOf(s.id);
    expect(run).toMatchObject({ status: 'sent', row_count: lines.length - 1, sent_to: ['demo@example.com'] });
    const listed = (await call('GET', '/v1/report/schedules', f.tokens.member)).data.list.find(
      (x: { id: number }) => x.id === s.id,
    );
    expect(listed).toMatchObject({ last_status: 'sent', last_due_at: DUE.toISOString() });
    expect(listed.next_due_at).toBe('2026-01-16T13:00:00.000Z');
    await mailer.close();
    await remove(f.tokens.member, s.id);
  });

  it('two workers racing send each recipient once, and a later pass sends nothing more', async () => {
    const s = await scheduleOf(f.tokens.demo, ['demo@example.com', 'member@example.com']);
    const a: Mail[] = [];
    const b: Mail[] = [];
    await Promise.all([workSchedules(f.app, capture(a)), workSchedules(f.app, capture(b))]);
    const all = [...a, ...b].map((m) => m.to).sort();
    expect(all).toEqual(['demo@example.com', 'member@example.com']);
    expect(await runsOf(s.id)).toHaveLength(1);
    await Promise.all([workSchedules(f.app, capture(a)), workSchedules(f.app, capture(b))]);
    expect(a.length + b.length).toBe(2);
    await remove(f.tokens.demo, s.id);
  });

  it('a run held by a worker that died is sent once its lease ends, and a failed mail is retried alone', async () => {
    const s = await scheduleOf(f.tokens.demo, ['demo@example.com', 'member@example.com']);
    const mails: Mail[] = [];
    // A worker queues and claims the run, then dies before sending.
    await workSchedules(f.app, { ...capture([]), send: () => new Promise(() => {}), batch: 0 });
    const dead = await claimRuns(f.app, after(30_000)(), 60_000, 5);
    expect(dead.runs.map((r) => r.schedule_id)).toEqual([s.id]);
    // After a restart, while the lease holds, nothing is sent.
    expect(await workSchedules(f.app, { ...capture(mails, after(60_000)), leaseMs: 60_000 })).toEqual([]);
    expect(mails).toHaveLength(0);
    // Once it has run out, the run is sent; the second mail fails and is retried on its own.
    let failOnce = true;
    const flaky: ScheduleWorkerOptions = {
      ...capture(mails, after(120_000)),
      leaseMs: 60_000,
      send: async (m) => {
        if (m.to === 'member@example.com' && failOnce) {
          failOnce = false;
          throw new Error('SMTP 451 try later');
        }
        mails.push(m);
      },
    };
    expect(await workSchedules(f.app, flaky)).toEqual(['retry']);
    expect(mails.map((m) => m.to)).toEqual(['demo@example.com']);
    const [retrying] = await runsOf(s.id);
    expect(retrying).toMatchObject({
      status: 'pending',
      sent_to: ['demo@example.com'],
      last_error: 'SMTP 451 try later',
    });
    expect(await workSchedules(f.app, { ...flaky, now: after(600_000) })).toEqual(['sent']);
    expect(mails.map((m) => m.to)).toEqual(['demo@example.com', 'member@example.com']);
    expect(mails[1]?.attachments?.[0]?.content.length).toBeGreaterThan(0);
    await remove(f.tokens.demo, s.id);
  });

  it('send now queues one extra run for the owner only, worked by the next pass', async () => {
    const s = await scheduleOf(f.tokens.demo, ['demo@example.com']);
    expect((await call('POST', `/v1/report/schedules/${s.id}/send_now`, f.tokens.member)).code).toBe(10008);
    expect((await call('POST', `/v1/report/schedules/${s.id}/send_now`, f.tokens.demo)).code).toBe(0);
    expect((await call('POST', `/v1/report/schedules/${s.id}/send_now`, f.tokens.demo)).code).toBe(0);
    await f.app.scheduleWorker.tick();
    const runs = await runsOf(s.id);
    // One run at the fixture's clock (12:00), sent at once by the route's pass; the 13:00 one not yet due.
    expect(runs.map((r) => [r.due_at.toISOString(), r.status])).toEqual([
      ['2026-01-15T12:00:00.000Z', 'sent'],
    ]);
    await remove(f.tokens.demo, s.id);
  });

  it('the unsubscribe link removes its address without a sign-in; a forged one does nothing', async () => {
    const s = await scheduleOf(f.tokens.demo, ['demo@example.com', 'member@example.com']);
    const mails: Mail[] = [];
    await workSchedules(f.app, capture(mails));
    const link = mails.find((m) => m.to === 'member@example.com')?.headers?.['List-Unsubscribe'] ?? '';
    const url = new URL(link.slice(1, -1));
    const forged = url.searchParams.get('token')?.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) ?? '';
    const bad = await f.app.inject({
      method: 'GET',
      url: `${url.pathname}?token=${forged}`,
      headers: { 'accept-language': 'en' },
    });
    expect(bad.body).toContain('not valid');
    const res = await f.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('unsubscribed');
    const [row] = await f.app.db.select().from(reportSchedules).where(eq(reportSchedules.id, s.id));
    expect(row?.recipients).toEqual(['demo@example.com']);
    await remove(f.tokens.demo, s.id);
  });

  it('an owner who lost access to the report gets a failed send with the reason, and no mail', async () => {
    const s = await scheduleOf(f.tokens.member, ['member@example.com']);
    const [member] = await f.app.db.select().from(users).where(eq(users.email, 'member@example.com'));
    await f.app.db
      .delete(dataPermissions)
      .where(
        and(eq(dataPermissions.user_id, member?.id ?? 0), eq(dataPermissions.type, DataPermissionType.SDK)),
      );
    const mails: Mail[] = [];
    expect(await workSchedules(f.app, capture(mails))).toEqual(['failed']);
    expect(mails).toHaveLength(0);
    const listed = (await call('GET', '/v1/report/schedules', f.tokens.member)).data.list.find(
      (x: { id: number }) => x.id === s.id,
    );
    expect(listed).toMatchObject({ last_status: 'failed' });
    expect(listed.last_error).toContain('402');
  });
});
