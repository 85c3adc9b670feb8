/**
 * Issue 22 item 8: saved views and schedules are capped per user (50, 20) and per organisation (500,
 * 100), answered 10052 with the limit; "send now" is limited like the mail codes (10002 with
 * retry_after): one per schedule a minute, ten per user an hour.
 */
import { randomBytes } from 'node:crypto';
import { SAVED_VIEW_CAPS, SCHEDULE_CAPS, SEND_NOW_LIMITS } from '@portal/contracts/report-views.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSchedules, savedViews } from '../../db/schema/report-views.ts';
import { users } from '../../db/schema/users.ts';
import { callAs } from '../../test/inject.ts';
import { createReportFixture, type ReportFixture } from '../../test/report-fixture.ts';

describe('caps of views, schedules and sends', () => {
  let f: ReportFixture;
  beforeAll(async () => {
    f = await createReportFixture('pglite');
  }, 120_000);
  afterAll(async () => f?.close());

  const view = (token: string, name: string) =>
    callAs(f.app, 'POST', '/v1/report/views', token, {
      kind: 'sdk',
      name,
      shared: false,
      query: { preset: 'yesterday' },
    });
  const schedule = (token: string, viewId: number) =>
    callAs(f.app, 'POST', '/v1/report/schedules', token, {
      view_id: viewId,
      frequency: 'daily',
      hour: 7,
      timezone: 'UTC',
      recipients: ['demo@example.com'],
      format: 'csv',
    });
  const idOf = async (email: string) =>
    (await f.app.db.select().from(users).where(eq(users.email, email)))[0]?.id ?? 0;

  it('views: 50 per user, 500 per organisation', async () => {
    for (let i = 0; i < SAVED_VIEW_CAPS.user; i++)
      expect((await view(f.tokens.member, `v${i}`)).code).toBe(0);
    const over = await view(f.tokens.member, 'one more');
    expect(over).toMatchObject({ code: 10052, data: { limit: 50, scope: 'user' } });
    // The organisation: more rows of the member fill it up to 500; the admin's next one is refused.
    const memberId = await idOf('member@example.com');
    const now = new Date();
    const fill = SAVED_VIEW_CAPS.organisation - SAVED_VIEW_CAPS.user;
    await f.app.db.insert(savedViews).values(
      Array.from({ length: fill }, (_, i) => ({
        user_id: memberId,
        kind: 'sdk' as const,
        name: `fill ${i}`,
        shared: false,
        query: {},
        created_at: now,
        updated_at: now,
      })),
    );
    expect(await view(f.tokens.demo, 'org full')).toMatchObject({
      code: 10052,
      data: { limit: 500, scope: 'organisation' },
    });
    // Another organisation is not affected.
    expect((await view(f.tokens.other, 'elsewhere')).code).toBe(0);
    await f.app.db.delete(savedViews).where(eq(savedViews.user_id, memberId));
  });

  it('schedules: 20 per user, 100 per organisation; send now once a minute per schedule', async () => {
    const v = await view(f.tokens.demo, 'scheduled');
    expect(v.code).toBe(0);
    const ids: number[] = [];
    for (let i = 0; i < SCHEDULE_CAPS.user; i++) {
      const s = await schedule(f.tokens.demo, v.data.id);
      expect(s.code).toBe(0);
      ids.push(s.data.id);
    }
    expect(await schedule(f.tokens.demo, v.data.id)).toMatchObject({
      code: 10052,
      data: { limit: 20, scope: 'user' },
    });

    const [model] = await f.app.db
      .select()
      .from(reportSchedules)
      .where(eq(reportSchedules.id, ids[0] ?? 0));
    if (!model) throw new Error('no schedule');
    const { id: _id, ...rest } = model;
    const memberId = await idOf('member@example.com');
    await f.app.db.insert(reportSchedules).values(
      // With the admin's 20 this is one past the organisation's cap; the admin then frees a place of theirs.
      Array.from({ length: SCHEDULE_CAPS.organisation - SCHEDULE_CAPS.user + 1 }, () => ({
        ...rest,
        user_id: memberId,
        unsubscribe_secret: randomBytes(32).toString('base64url'),
      })),
    );
    await f.app.db.delete(reportSchedules).where(eq(reportSchedules.id, ids[0] ?? 0));
    expect(await schedule(f.tokens.demo, v.data.id)).toMatchObject({
      code: 10052,
      data: { limit: 100, scope: 'organisation' },
    });

    const sendNow = (id: number) =>
      callAs(f.app, 'POST', `/v1/report/schedules/${id}/send_now`, f.tokens.demo);
    expect((await sendNow(ids[1] ?? 0)).code).toBe(0);
    const again = await sendNow(ids[1] ?? 0);
    expect(again.code).toBe(10002);
    expect(again.data.retry_after).toBeGreaterThan(0);
    expect(again.data.retry_after).toBeLessThanOrEqual(SEND_NOW_LIMITS.perSchedule.durationSeconds);
    // Ten per user an hour, whatever the schedule.
    for (let i = 2; i <= SEND_NOW_LIMITS.perUser.points; i++)
      expect((await sendNow(ids[i] ?? 0)).code).toBe(0);
    expect((await sendNow(ids[SEND_NOW_LIMITS.perUser.points + 1] ?? 0)).code).toBe(10002);
  });
});
