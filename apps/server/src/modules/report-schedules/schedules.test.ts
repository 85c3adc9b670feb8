/**
 * Scheduled report mails (issue 13 item 8) on the job queue (issue 22 item 19): recipients are checked
 * against the organisation; a due schedule produces exactly one mail per recipient whose attachment
 * is the owner's own export of the view; two instances racing, or an instance that died holding a
 * run, neither lose nor double a send, and the dead one's run is taken over within a minute (the
 * lease, not the export timeout); a failed mail is retried for the remaining addresses only; an
 * owner who lost access gets a recorded failure and a notification; the unsubscribe link removes its
 * address without a sign-in.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DataPermissionType } from '@portal/contracts/constants.ts';
import { type EndpointBody, endpoints } from '@portal/contracts/endpoints.ts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/jobs.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { reportScheduleRuns, reportSchedules } from '../../db/schema/report-views.ts';
import { dataPermissions, users } from '../../db/schema/users.ts';
import { claimJobs } from '../../plugins/jobs/queue.ts';
import { createJobRunner, type JobRunner } from '../../plugins/jobs/runner.ts';
import { createMailer, type Mail, outboxDir } from '../../plugins/mailer.ts';
import { errorFields, retryAfter } from '../../test/json-caller.ts';
import { createReportFixture, type ReportFixture } from '../../test/report-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';
import { SEND_JOB } from './runs.ts';
import { defineScheduleJobs } from './worker.ts';

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
    f = await createReportFixture(db);
  }, 120_000);
  afterAll(async () => f?.close());
  // Each test polls from its own clean queue (a minute's due check is one job per minute).
  beforeEach(async () => {
    await f.app.db.delete(jobs);
  });

  const v = endpoints.reportViews;
  const viewQuery = {
    preset: 'last_7_days',
    fields: 'dt,app_key,revenue',
    titles: 'Date,App,Revenue',
    order: 'revenue:desc',
  };
  async function scheduleOf(token: string, recipients: string[], format: 'csv' | 'xlsx' = 'csv') {
    const view = await f.callEndpoint(
      v.create,
      { body: { kind: 'sdk', name: 'Weekly revenue', shared: false, query: viewQuery } },
      token,
    );
    const s = await f.callEndpoint(
      v.createSchedule,
      { body: { view_id: view.id, frequency: 'daily', hour: 13, timezone: 'UTC', recipients, format } },
      token,
    );
    expect(s.next_due_at).toBe(DUE.toISOString());
    return s;
  }
  /** An instance's job runner on the shared store, mailing with `send`, on the clock `now`. */
  const instance = (send: (m: Mail) => Promise<void>, now = after(30_000), leaseMs?: number): JobRunner => {
    const r = createJobRunner({ db: f.app.db, now, log: f.app.log, pollMs: 0, leaseMs });
    defineScheduleJobs(r, f.app, send, now);
    return r;
  };
  const capture = (mails: Mail[], now = after(30_000)) =>
    instance(async (m) => {
      mails.push(m);
    }, now);
  /** One poll of `r` (queue due runs, then send), answering the send jobs' outcomes. */
  const work = async (r: JobRunner) =>
    [...(await r.runDue()), ...(await r.drain())].filter((o) => o.kind === SEND_JOB).map((o) => o.outcome);
  const runsOf = (id: number) =>
    f.app.db.select().from(reportScheduleRuns).where(eq(reportScheduleRuns.schedule_id, id));
  const remove = (token: string, id: number) => f.callEndpoint(v.removeSchedule, { params: { id } }, token);
  const listed = async (token: string, id: number) =>
    (await f.callEndpoint(v.schedules, {}, token)).list.find((x) => x.id === id);

  it('mails only members of the organisation and answers 604 otherwise', async () => {
    const view = await f.callEndpoint(
      v.create,
      { body: { kind: 'sdk', name: 'x', shared: false, query: viewQuery } },
      f.tokens.member,
    );
    const base: EndpointBody<typeof v.createSchedule> = {
      view_id: view.id,
      frequency: 'daily',
      hour: 8,
      recipients: ['demo@example.com'],
      format: 'csv',
    };
    const outsider = await f.callEndpointFailure(
      v.createSchedule,
      { body: { ...base, recipients: ['demo@example.com', 'other@example.com'] } },
      f.tokens.member,
    );
    expect(outsider.code).toBe(604);
    expect(errorFields(outsider)[0]).toBe('recipients');
    // Bodies the schema refuses, sent raw.
    for (const bad of [
      { ...base, hour: 24 },
      { ...base, frequency: 'weekly' },
      { ...base, timezone: 'Mars/Olympus' },
      { ...base, recipients: [] },
      { ...base, format: 'pdf' },
    ]) {
      expect((await f.sendRaw('POST', '/v1/report/schedules', f.tokens.member, bad)).code).toBe(604);
    }
    // Another organisation's user cannot schedule this private view.
    expect((await f.callEndpointFailure(v.createSchedule, { body: base }, f.tokens.other)).code).toBe(10008);
    const ok = await f.callEndpoint(v.createSchedule, { body: base }, f.tokens.member);
    expect(ok.timezone).toBe(f.config.reportTimezone);
    expect(
      (await f.callEndpointFailure(v.removeSchedule, { params: { id: ok.id } }, f.tokens.other)).code,
    ).toBe(10008);
    expect(await remove(f.tokens.member, ok.id)).toBeNull();
    const recipients = await f.callEndpoint(v.recipients, {}, f.tokens.member);
    expect(recipients.list).toEqual(['demo@example.com', 'member@example.com']);
  });

  it('a due run writes exactly one outbox mail whose attachment is the recipient’s export', async () => {
    const s = await scheduleOf(f.tokens.member, ['demo@example.com']);
    const mailer = createMailer(f.config, f.app.log);
    const dir = outboxDir(f.dataDir);
    const before = new Set(await readdir(dir).catch(() => [] as string[]));
    // Not yet due.
    expect(await work(instance(mailer.send, after(-1000)))).toEqual([]);
    expect(await work(instance(mailer.send, after(30_123)))).toEqual(['done']);
    const written = (await readdir(dir)).filter((n) => !before.has(n));
    expect(written).toHaveLength(1);
    const raw = await readFile(path.join(dir, written[0] ?? ''), 'utf8');
    expect(raw).toMatch(/^To: demo@example\.com/m);
    expect(raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/[^>]+\/v1\/report\/unsubscribe\?token=/m);

    const exported = await f.app.inject({
      method: 'GET',
      url: '/v1/report/export/sdk',
      query: { ...viewQuery, format: 'csv' },
      // The member's schedule mails the admin what the admin may see (issue 22 item 7).
      headers: { token: f.tokens.demo, 'accept-language': 'en' },
    });
    expect(exported.statusCode).toBe(200);
    const attachment = attachmentOf(raw).toString('utf8');
    expect(attachment).toBe(exported.body);
    const lines = attachment.replace(/\r\n$/, '').split('\r\n');
    expect(lines[0]).toBe('\ufeffDate,App,App name,Revenue');
    expect(lines.length).toBeGreaterThan(1);
    const [run] = await runsOf(s.id);
    expect(run).toMatchObject({ status: 'sent', row_count: lines.length - 1, sent_to: ['demo@example.com'] });
    const sent = await listed(f.tokens.member, s.id);
    expect(sent).toMatchObject({ last_status: 'sent', last_due_at: DUE.toISOString() });
    expect(sent?.next_due_at).toBe('2026-01-16T13:00:00.000Z');
    await mailer.close();
    await remove(f.tokens.member, s.id);
  });

  it('each recipient receives only what they may see: one attachment per scope (issue 22 item 7)', async () => {
    const s = await scheduleOf(f.tokens.demo, ['demo@example.com', 'member@example.com']);
    const mails: Mail[] = [];
    expect(await work(capture(mails))).toEqual(['done']);
    const exportAs = async (token: string) =>
      (
        await f.app.inject({
          method: 'GET',
          url: '/v1/report/export/sdk',
          query: { ...viewQuery, format: 'csv' },
          headers: { token, 'accept-language': 'en' },
        })
      ).body;
    const byTo = Object.fromEntries(mails.map((m) => [m.to, m.attachments?.[0]?.content.toString('utf8')]));
    const [admin, member] = [await exportAs(f.tokens.demo), await exportAs(f.tokens.member)];
    expect(admin).not.toBe(member);
    expect(byTo['demo@example.com']).toBe(admin);
    expect(byTo['member@example.com']).toBe(member);
    // The member sees fewer rows than the admin: the admin's data never reaches the member.
    expect(member.split('\r\n').length).toBeLessThan(admin.split('\r\n').length);
    await remove(f.tokens.demo, s.id);
  });

  it('an RTB attachment is the recipient’s own RTB export: app names, countries by name, typed cells', async () => {
    const query = {
      preset: 'last_7_days',
      fields: 'dt,app_key,country,revenue',
      titles: 'Date,App,Country,Revenue',
    };
    const view = await f.callEndpoint(
      v.create,
      { body: { kind: 'rtb', name: 'RTB by country', shared: false, query } },
      f.tokens.other,
    );
    const s = await f.callEndpoint(
      v.createSchedule,
      {
        body: {
          view_id: view.id,
          frequency: 'daily',
          hour: 13,
          timezone: 'UTC',
          recipients: ['other@example.com'],
          format: 'xlsx',
        },
      },
      f.tokens.other,
    );
    const mails: Mail[] = [];
    expect(await work(capture(mails))).toEqual(['done']);
    const exported = await f.app.inject({
      method: 'GET',
      url: '/v1/report/export/rtb',
      query: { ...query, format: 'xlsx' },
      headers: { token: f.tokens.other, 'accept-language': 'en' },
    });
    expect(exported.statusCode).toBe(200);
    /** Every row of every sheet, as exceljs reads the cells back. */
    const cells = async (file: Buffer) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file as unknown as ArrayBuffer);
      return book.worksheets.flatMap((sheet) =>
        sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? [row.slice(1)] : [])),
      );
    };
    const attachment = mails[0]?.attachments?.[0]?.content;
    if (!attachment) throw new Error('no attachment');
    const [head, ...rows] = await cells(attachment);
    expect(await cells(exported.rawPayload)).toEqual([head, ...rows]);
    expect(head).toEqual(['Date', 'App', 'App name', 'Country', 'Revenue']);
    expect(rows.length).toBeGreaterThan(0);
    // Countries by name (the export's labels), dates as dates: the page's cells, not the stored codes.
    expect(rows.filter((r) => /^[A-Z]{2}$/.test(String(r[3])))).toEqual([]);
    expect(rows.every((r) => r[0] instanceof Date)).toBe(true);
    await remove(f.tokens.other, s.id);
  });

  it('two instances racing send each recipient once, and a later pass sends nothing more', async () => {
    const s = await scheduleOf(f.tokens.demo, ['demo@example.com', 'member@example.com']);
    const a: Mail[] = [];
    const b: Mail[] = [];
    const [ia, ib] = [capture(a), capture(b)];
    await Promise.all([work(ia), work(ib)]);
    const all = [...a, ...b].map((m) => m.to).sort();
    expect(all).toEqual(['demo@example.com', 'member@example.com']);
    expect(await runsOf(s.id)).toHaveLength(1);
    await Promise.all([work(ia), work(ib), work(capture(a))]);
    expect(a.length + b.length).toBe(2);
    await remove(f.tokens.demo, s.id);
  });

  it('a run held by an instance that died is sent within a minute, and a failed mail is retried alone', async () => {
    const s = await scheduleOf(f.tokens.demo, ['demo@example.com', 'member@example.com']);
    const mails: Mail[] = [];
    // An instance queues the run and claims its send, then dies before sending.
    await capture([]).runDue();
    const dead = await claimJobs(f.app.db, {
      kinds: [SEND_JOB],
      now: after(30_000)(),
      leaseMs: 60_000,
      batch: 5,
    });
    expect(dead).toHaveLength(1);
    // After a restart, while the lease holds, nothing is sent.
    expect(await work(capture(mails, after(60_000)))).toEqual([]);
    expect(mails).toHaveLength(0);
    // Once it has run out (a minute, not the export timeout), the run is sent; the second mail fails
    // and is retried on its own.
    let failOnce = true;
    const flakySend = async (m: Mail) => {
      if (m.to === 'member@example.com' && failOnce) {
        failOnce = false;
        throw new Error('SMTP 451 try later');
      }
      mails.push(m);
    };
    expect(await work(instance(flakySend, after(90_001)))).toEqual(['retry']);
    expect(mails.map((m) => m.to)).toEqual(['demo@example.com']);
    const [retrying] = await runsOf(s.id);
    expect(retrying).toMatchObject({
      status: 'pending',
      sent_to: ['demo@example.com'],
      last_error: 'SMTP 451 try later',
    });
    expect(await work(instance(flakySend, after(600_000)))).toEqual(['done']);
    expect((await runsOf(s.id))[0]).toMatchObject({ status: 'sent', attempts: 3 });
    expect(mails.map((m) => m.to)).toEqual(['demo@example.com', 'member@example.com']);
    expect(mails[1]?.attachments?.[0]?.content.length).toBeGreaterThan(0);
    await remove(f.tokens.demo, s.id);
  });

  it('send now queues one extra run for the owner only, worked by the next pass', async () => {
    const s = await scheduleOf(f.tokens.demo, ['demo@example.com']);
    const params = { id: s.id };
    expect((await f.callEndpointFailure(v.sendScheduleNow, { params }, f.tokens.member)).code).toBe(10008);
    expect((await f.callEndpoint(v.sendScheduleNow, { params }, f.tokens.demo)).id).toBe(s.id);
    // One send now per schedule a minute (issue 22 item 8).
    const again = await f.callEndpointFailure(v.sendScheduleNow, { params }, f.tokens.demo);
    expect(again.code).toBe(10002);
    expect(retryAfter(again)).toBeGreaterThan(0);
    await f.app.jobs.drain();
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
    await work(capture(mails));
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
    expect(await work(capture(mails))).toEqual(['failed']);
    expect(mails).toHaveLength(0);
    const failed = await listed(f.tokens.member, s.id);
    expect(failed).toMatchObject({ last_status: 'failed' });
    expect(failed?.last_error).toContain('402');
    // The owner is told, in the bell (and by mail: the kind's default).
    const told = await f.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, member?.id ?? 0));
    expect(told).toEqual([
      expect.objectContaining({
        kind: 'report_schedule_failed',
        params: expect.objectContaining({ schedule_id: s.id, view_name: 'Weekly revenue' }),
        in_portal: true,
        by_email: true,
      }),
    ]);
    const bell = await f.callEndpoint(endpoints.notifications.list, {}, f.tokens.member);
    expect(bell.list[0]?.title).toBe('Scheduled report "Weekly revenue" was not sent');
    expect(bell.list[0]?.link).toBe('/report/schedules');
  });
});
