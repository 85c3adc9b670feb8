/**
 * Notifications (issue 27 item 4), part 1: operations' review (a rejection needs a reason) notifies
 * the organisation's admins in the reader's language with a link to the object; a user reads and
 * marks only their own notifications (another's id answers 10008); preferences choose portal, e-mail
 * or both; mails go through the job queue once, in the recipient's language, also when a job runs
 * again after a crash.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/jobs.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { outboxDir } from '../../plugins/mailer.ts';
import { appForm, appIdByName, createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import { outboxMails, parseMail } from '../../test/mail.ts';
import { testDbKinds } from '../../test/test-app.ts';
import { EMAIL_JOB } from './notify.ts';

describe.each(testDbKinds)('notifications on %s', (db) => {
  let inv: Inventory;
  let clock = new Date('2026-03-01T08:00:00Z');
  let seq = 0;

  beforeAll(async () => {
    inv = await createInventory({ db, now: () => clock });
  }, 180_000);
  afterAll(async () => inv?.close());
  beforeEach(async () => {
    await inv.app.db.delete(notifications);
    await inv.app.db.delete(jobs);
    clock = new Date(clock.getTime() + 3_600_000);
  });

  /** A new app of Demo Games under review; answers its id and name. */
  async function newApp(): Promise<{ id: number; name: string }> {
    seq++;
    const name = `Notify App ${seq}`;
    const made = await inv.callEndpoint(
      endpoints.apps.create,
      { body: appForm(`com.demogames.notify${seq}`, name) },
      inv.tokens.demo,
    );
    return { id: made.id, name };
  }
  const review = (entity: 'app' | 'adpos', id: number, audit_status: number, reason?: string) =>
    inv.endpointAnswer(
      entity === 'app' ? endpoints.apps.setStatus : endpoints.placements.setStatus,
      { body: { id, audit_status, ...(reason === undefined ? {} : { reason }) } },
      inv.tokens.ops,
    );
  const n = endpoints.notifications;
  const bell = (token: string, lang: 'en' | 'zh-CN' = 'en', query: { unread?: '0' | '1' } = {}) =>
    inv.callEndpoint(n.list, { query }, token, lang);
  const unread = async (token: string) => (await inv.callEndpoint(n.unreadCount, {}, token)).unread;
  const userId = async (email: string) =>
    (await inv.app.db.select().from(users).where(eq(users.email, email)))[0]?.id ?? 0;

  it('a rejection without a fit reason answers 604 on `reason` and changes nothing', async () => {
    const a = await newApp();
    for (const reason of [undefined, '', '   ', 'bad\u202ereason', 'x'.repeat(201), 'line\nbreak']) {
      const refused = await review('app', a.id, 4, reason);
      expect(refused.code).toBe(604);
      expect(refused.data).toEqual({ errors: [{ field: 'reason', message: expect.any(String) }] });
    }
    const zh = await inv.callEndpointFailure(
      endpoints.apps.setStatus,
      { body: { id: a.id, audit_status: 4 } },
      inv.tokens.ops,
      'zh-CN',
    );
    expect(zh.data).toEqual({ errors: [{ field: 'reason', message: '请填写拒绝原因' }] });
    const listed = await inv.callEndpoint(
      endpoints.apps.list,
      { query: { app_name: a.name } },
      inv.tokens.demo,
    );
    expect(listed.list[0]?.audit_status).toBe(1);
    expect(await unread(inv.tokens.demo)).toBe(0);
  });

  it('approvals and rejections reach the organisation’s admins only, in the reader’s language, linking to the object', async () => {
    const rejected = await newApp();
    const approved = await newApp();
    expect((await review('app', rejected.id, 4, '  The store page is missing  ')).code).toBe(0);
    expect((await review('app', approved.id, 2)).code).toBe(0);
    const slotApp = await appIdByName(inv, 'Bubble Pop Mania');
    const slot = await inv.callEndpoint(
      endpoints.placements.create,
      { body: { app: { id: slotApp }, adpos_name: `Notify Slot ${seq}`, ad_style: 1, content_type: [5] } },
      inv.tokens.demo,
    );
    expect((await review('adpos', slot.adpos_id, 4, 'Duplicate placement')).code).toBe(0);

    const en = await bell(inv.tokens.demo);
    expect(en).toMatchObject({ total: 3, unread: 3 });
    expect(en.list.map((x) => x.kind)).toEqual(['placement_rejected', 'app_approved', 'app_rejected']);
    expect(en.list[1]).toMatchObject({
      title: `App "${approved.name}" was approved`,
      link: `/apps/list?app_name=${encodeURIComponent(approved.name)}`,
      read: false,
    });
    expect(en.list[2]?.body).toBe(
      'Reason: The store page is missing. Edit and save the app to send it for review again.',
    );
    expect(en.list[0]).toMatchObject({
      title: `Ad slot "Notify Slot ${seq}" was rejected`,
      link: `/adpos/list?adpos_id=${slot.adpos_id}`,
    });
    expect(en.list[0]?.body).toContain('Reason: Duplicate placement');
    const zh = await bell(inv.tokens.demo, 'zh-CN');
    expect(zh.list[1]?.title).toBe(`应用「${approved.name}」已通过审核`);
    expect(zh.list[2]?.body).toContain('原因：The store page is missing');
    // A member (68), another organisation's admin and operations itself hear nothing.
    for (const token of [inv.tokens.member, inv.tokens.other, inv.tokens.ops]) {
      expect(await bell(token)).toMatchObject({ list: [], total: 0, unread: 0 });
    }
    // The reason is kept in the audit log too.
    const audit = await inv.callEndpoint(
      endpoints.security.auditList,
      { query: { object_type: 'app', page_size: 100 } },
      inv.tokens.ops,
    );
    const entry = audit.list.find(
      (e) =>
        e.object_id === String(rejected.id) &&
        (e.after as { audit_status?: number } | null)?.audit_status === 4,
    );
    expect(entry?.after).toEqual({ audit_status: 4, reason: 'The store page is missing' });
    // Freezing an approved app is no review decision: nothing new.
    await inv.callEndpoint(
      endpoints.apps.setStatus,
      { body: { id: approved.id, audit_status: 3 } },
      inv.tokens.demo,
    );
    expect(await unread(inv.tokens.demo)).toBe(3);
  });

  it('a user reads and marks only their own notifications; another’s id answers not found', async () => {
    await review('app', (await newApp()).id, 2);
    await review('app', (await newApp()).id, 2);
    const mine = (await bell(inv.tokens.demo)).list;
    expect(mine).toHaveLength(2);
    const [first, second] = mine;
    // Another user: not found, and nothing changes.
    const cross = await inv.callEndpointFailure(n.read, { params: { id: first?.id ?? 0 } }, inv.tokens.other);
    expect(cross.code).toBe(10008);
    expect(await inv.callEndpoint(n.readAll, {}, inv.tokens.other)).toEqual({ updated: 0 });
    expect(await unread(inv.tokens.demo)).toBe(2);
    expect((await bell(inv.tokens.other)).list).toEqual([]);
    expect((await inv.callEndpointFailure(n.read, { params: { id: 999999999 } }, inv.tokens.demo)).code).toBe(
      10008,
    );
    expect((await inv.callEndpointFailure(n.read, { params: { id: 'abc' } }, inv.tokens.demo)).code).toBe(
      604,
    );
    expect((await inv.callEndpointFailure(n.list, {}, null)).code).toBe(603);
    // The owner marks one, then all (again: still fine).
    expect(await inv.callEndpoint(n.read, { params: { id: first?.id ?? 0 } }, inv.tokens.demo)).toBeNull();
    expect(await inv.callEndpoint(n.read, { params: { id: first?.id ?? 0 } }, inv.tokens.demo)).toBeNull();
    expect(await unread(inv.tokens.demo)).toBe(1);
    const onlyUnread = await bell(inv.tokens.demo, 'en', { unread: '1' });
    expect(onlyUnread.list.map((x) => x.id)).toEqual([second?.id]);
    expect(await inv.callEndpoint(n.readAll, {}, inv.tokens.demo)).toEqual({ updated: 1 });
    expect(await unread(inv.tokens.demo)).toBe(0);
    expect((await bell(inv.tokens.demo)).list.map((x) => x.read)).toEqual([true, true]);
    const res = await inv.app.inject({
      method: 'GET',
      url: '/v1/notifications/unread_count',
      headers: { token: inv.tokens.demo },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('preferences choose the portal, e-mail or both per kind; unknown kinds and channels answer 604', async () => {
    const prefs = await inv.callEndpoint(n.preferences, {}, inv.tokens.demo);
    expect(prefs.list).toContainEqual({
      kind: 'app_approved',
      label: 'App approved',
      channels: 'both',
      default_channels: 'both',
    });
    const zh = await inv.callEndpoint(n.preferences, {}, inv.tokens.demo, 'zh-CN');
    expect(zh.list.find((p) => p.kind === 'app_approved')?.label).toBe('应用审核通过');
    for (const bad of [
      { list: [{ kind: 'no_such_kind', channels: 'both' }] },
      { list: [{ kind: 'app_approved', channels: 'sms' }] },
      { list: [] },
    ]) {
      // Bodies the schema refuses, sent raw.
      expect((await inv.sendRaw('PUT', n.setPreferences.path, inv.tokens.demo, bad)).code).toBe(604);
    }
    const emailJobs = async () => inv.app.db.select().from(jobs).where(eq(jobs.kind, EMAIL_JOB));

    const emailOnly = await inv.callEndpoint(
      n.setPreferences,
      { body: { list: [{ kind: 'app_approved', channels: 'email' }] } },
      inv.tokens.demo,
    );
    expect(emailOnly.list.find((p) => p.kind === 'app_approved')?.channels).toBe('email');
    await review('app', (await newApp()).id, 2);
    expect(await unread(inv.tokens.demo)).toBe(0);
    expect((await bell(inv.tokens.demo)).total).toBe(0);
    expect(await emailJobs()).toHaveLength(1);

    await inv.callEndpoint(
      n.setPreferences,
      { body: { list: [{ kind: 'app_approved', channels: 'portal' }] } },
      inv.tokens.demo,
    );
    await review('app', (await newApp()).id, 2);
    expect(await unread(inv.tokens.demo)).toBe(1);
    expect(await emailJobs()).toHaveLength(1);
    // Another user's choice is theirs alone.
    const others = await inv.callEndpoint(n.preferences, {}, inv.tokens.other);
    expect(others.list.find((p) => p.kind === 'app_approved')?.channels).toBe('both');
    await inv.callEndpoint(
      n.setPreferences,
      { body: { list: [{ kind: 'app_approved', channels: 'both' }] } },
      inv.tokens.demo,
    );
  });

  it('mails go once through the job queue, in the recipient’s language, also when the job runs again', async () => {
    const dir = outboxDir(inv.dataDir);
    const before = new Set((await outboxMails(dir)).map((m) => m.file));
    const fresh = async () => (await outboxMails(dir)).filter((m) => !before.has(m.file));
    // demo reads English, member Chinese.
    const setLanguage = endpoints.account.setLanguage;
    expect((await inv.endpointAnswer(setLanguage, { body: { lang: 'en' } }, inv.tokens.demo)).code).toBe(0);
    // A language the body's schema refuses, sent raw.
    expect((await inv.sendRaw('PUT', setLanguage.path, inv.tokens.demo, { lang: 'fr' })).code).toBe(604);
    await inv.callEndpoint(setLanguage, { body: { lang: 'zh' } }, inv.tokens.member);
    const a = await newApp();
    await review('app', a.id, 2);
    const memberId = await userId('member@example.com');
    await inv.callEndpoint(
      endpoints.members.setRoles,
      { body: { user_id: memberId, role_ids: [67] } },
      inv.tokens.demo,
    );
    // Nothing is mailed before the queue runs.
    expect(await fresh()).toEqual([]);
    await inv.app.jobs.drain();
    const mails = (await fresh()).map((m) => parseMail(m.raw));
    expect(mails).toHaveLength(2);
    const toDemo = mails.find((m) => m.to === 'demo@example.com');
    expect(toDemo?.subject).toBe(`App "${a.name}" was approved`);
    expect(toDemo?.text).toContain(
      `${inv.config.publicUrl}/apps/list?app_name=${encodeURIComponent(a.name)}`,
    );
    expect(toDemo?.text).toContain(`${inv.config.publicUrl}/account/notifications`);
    const toMember = mails.find((m) => m.to === 'member@example.com');
    expect(toMember?.subject).toBe('您的角色已变更为管理员');
    const raw = (await fresh()).find((m) => parseMail(m.raw).to === 'demo@example.com')?.raw ?? '';
    expect(raw).toMatch(/^Message-ID: <notification-\d+@publisher-portal>/im);
    // A job run again (its instance died after the hand-over) sends nothing more: emailed_at is set…
    await inv.app.db.update(jobs).set({ status: 'queued' }).where(eq(jobs.kind, EMAIL_JOB));
    await inv.app.jobs.drain();
    expect(await fresh()).toHaveLength(2);
    // …and even before it was set, the same Message-ID is not written twice.
    await inv.app.db.update(notifications).set({ emailed_at: null });
    await inv.app.db.update(jobs).set({ status: 'queued' }).where(eq(jobs.kind, EMAIL_JOB));
    await inv.app.jobs.drain();
    expect(await fresh()).toHaveLength(2);
    const emailed = await inv.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.by_email, true)));
    expect(emailed.every((n) => n.emailed_at !== null)).toBe(true);
    const file = (await fresh())[0]?.file ?? '';
    expect((await readFile(path.join(dir, file), 'utf8')).length).toBeGreaterThan(0);
    await inv.callEndpoint(
      endpoints.members.setRoles,
      { body: { user_id: memberId, role_ids: [68] } },
      inv.tokens.demo,
    );
  });
});
