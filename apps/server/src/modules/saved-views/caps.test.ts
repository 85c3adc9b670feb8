/**
 * Issue 22 item 8: saved views and schedules are capped per user (50, 20) and per organisation (500,
 * 100), answered 10052 with the limit; "send now" is limited like the mail codes (10002 with
 * retry_after): one per schedule a minute, ten per user an hour.
 */
import { randomBytes } from 'node:crypto';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { SAVED_VIEW_CAPS, SCHEDULE_CAPS, SEND_NOW_LIMITS } from '@portal/contracts/report-views.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSchedules, savedViews } from '../../db/schema/report-views.ts';
import { users } from '../../db/schema/users.ts';
import { createReportFixture, type ReportFixture } from '../../test/report-fixture.ts';

describe('caps of views, schedules and sends', () => {
  let f: ReportFixture;
  beforeAll(async () => {
    f = await createReportFixture('pglite');
  }, 120_000);
  afterAll(async () => f?.close());

  const { create: createView, createSchedule, sendScheduleNow } = endpoints.reportViews;
  const viewBody = (name: string) => ({
    kind: 'sdk' as const,
    name,
    shared: false,
    query: { preset: 'yesterday' as const },
  });
  const scheduleBody = (viewId: number) => ({
    view_id: viewId,
    frequency: 'daily' as const,
    hour: 7,
    timezone: 'UTC',
    recipients: ['demo@example.com'],
    format: 'csv' as const,
  });
  /** A new view (throws on a failure). */
  const view = (token: string, name: string) => f.callEndpoint(createView, { body: viewBody(name) }, token);
  /** A refused new view's failure envelope. */
  const viewRefused = (token: string, name: string) =>
    f.callEndpointFailure(createView, { body: viewBody(name) }, token);
  const schedule = (token: string, viewId: number) =>
    f.callEndpoint(createSchedule, { body: scheduleBody(viewId) }, token);
  const scheduleRefused = (token: string, viewId: number) =>
    f.callEndpointFailure(createSchedule, { body: scheduleBody(viewId) }, token);
  const idOf = async (email: string) =>
    (await f.app.db.select().from(users).where(eq(users.email, email)))[0]?.id ?? 0;

  it('views: 50 per user, 500 per organisation', async () => {
    for (let i = 0; i < SAVED_VIEW_CAPS.user; i++)
      expect((await view(f.tokens.member, `v${i}`)).name).toBe(`v${i}`);
    const over = await viewRefused(f.tokens.member, 'one more');
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
    expect(await viewRefused(f.tokens.demo, 'org full')).toMatchObject({
      code: 10052,
      data: { limit: 500, scope: 'organisation' },
    });
    // Another organisation is not affected.
    expect((await view(f.tokens.other, 'elsewhere')).name).toBe('elsewhere');
    await f.app.db.delete(savedViews).where(eq(savedViews.user_id, memberId));
  });

  it('schedules: 20 per user, 100 per organisation; send now once a minute per schedule', async () => {
    const v = await view(f.tokens.demo, 'scheduled');
    const ids: number[] = [];
    for (let i = 0; i < SCHEDULE_CAPS.user; i++) {
      const s = await schedule(f.tokens.demo, v.id);
      expect(s.view_id).toBe(v.id);
      ids.push(s.id);
    }
    expect(await scheduleRefused(f.tokens.demo, v.id)).toMatchObject({
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
    expect(await scheduleRefused(f.tokens.demo, v.id)).toMatchObject({
      code: 10052,
      data: { limit: 100, scope: 'organisation' },
    });

    const sendNow = (id: number) => f.callEndpoint(sendScheduleNow, { params: { id } }, f.tokens.demo);
    const sendRefused = (id: number) =>
      f.callEndpointFailure(sendScheduleNow, { params: { id } }, f.tokens.demo);
    expect((await sendNow(ids[1] ?? 0)).id).toBe(ids[1]);
    const again = await sendRefused(ids[1] ?? 0);
    expect(again.code).toBe(10002);
    const retryAfter = again.data && 'retry_after' in again.data ? again.data.retry_after : -1;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SEND_NOW_LIMITS.perSchedule.durationSeconds);
    // Ten per user an hour, whatever the schedule.
    for (let i = 2; i <= SEND_NOW_LIMITS.perUser.points; i++)
      expect((await sendNow(ids[i] ?? 0)).id).toBe(ids[i]);
    expect((await sendRefused(ids[SEND_NOW_LIMITS.perUser.points + 1] ?? 0)).code).toBe(10002);
  });
});
