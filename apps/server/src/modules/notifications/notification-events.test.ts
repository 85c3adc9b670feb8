/**
 * Notifications (issue 27 item 4), part 2: who hears of each organisation and security event — a
 * request to join (the admins), a member joined (the admins but the approver), a role or data
 * permission changed (that member), an API key created and two-factor turned off (that user), a
 * sign-in from a device not seen in the user's sessions before (that user; not a first sign-in, not a
 * browser update); the sign-in records the user's language; `notify` writes once per dedupe key and
 * refuses params that do not match the kind's declaration.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { DEMO_PASSWORD } from '../../demo/accounts.ts';
import { createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import { attemptLogin, sessionOf } from '../../test/login.ts';
import { newApplicant, newLoner } from '../../test/org.ts';
import { testDbKinds } from '../../test/test-app.ts';
import { userLanguage } from './language.ts';
import { notify } from './notify.ts';

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const CHROME_WIN_NEWER = CHROME_WIN.replace('Chrome/120', 'Chrome/126');
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe.each(testDbKinds)('notification events on %s', (db) => {
  let inv: Inventory;
  let clock = new Date('2026-03-01T08:00:00Z');

  beforeAll(async () => {
    inv = await createInventory({ db, now: () => clock });
  }, 180_000);
  afterAll(async () => inv?.close());
  beforeEach(async () => {
    await inv.app.db.delete(notifications);
    clock = new Date(clock.getTime() + 3_600_000);
  });

  const userOf = async (email: string) => {
    const [u] = await inv.app.db.select().from(users).where(eq(users.email, email));
    if (!u) throw new Error(`no user ${email}`);
    return u;
  };
  const kindsOf = async (userId: number) =>
    (await inv.app.db.select().from(notifications).where(eq(notifications.user_id, userId))).map(
      (n) => n.kind,
    );

  it('a request to join reaches the admins; its approval the other admins; a role or data permission change that member', async () => {
    const demo = await userOf('demo@example.com');
    const member = await userOf('member@example.com');
    // member becomes a co-admin: told of the new role.
    await inv.callEndpoint(
      endpoints.members.setRoles,
      { body: { user_id: member.id, role_ids: [67] } },
      inv.tokens.demo,
    );
    expect(await kindsOf(member.id)).toEqual(['role_changed']);
    const [told] = (await inv.callEndpoint(endpoints.notifications.list, {}, inv.tokens.member)).list;
    expect(told?.title).toBe('Your role is now administrator');

    const applicant = await newApplicant(
      inv.app,
      `applicant${clock.getTime()}@example.com`,
      demo.account_id ?? 0,
    );
    expect(await kindsOf(demo.id)).toEqual(['join_requested']);
    expect(await kindsOf(member.id)).toEqual(['role_changed', 'join_requested']);
    const [request] = (await inv.callEndpoint(endpoints.notifications.list, {}, inv.tokens.demo)).list;
    expect(request).toMatchObject({ kind: 'join_requested', link: '/users' });
    expect(request?.body).toContain('I work here');
    expect(await kindsOf(applicant.userId)).toEqual([]);

    // demo approves: member (the other admin) hears of it, demo (who acted) does not.
    const approved = await inv.callEndpoint(
      endpoints.members.setStatus,
      {
        body: {
          user_id: applicant.userId,
          status: 1,
        },
      },
      inv.tokens.demo,
    );
    expect(approved.status).toBe(1);
    expect(await kindsOf(member.id)).toEqual(['role_changed', 'join_requested', 'member_joined']);
    expect(await kindsOf(demo.id)).toEqual(['join_requested']);

    // Data permissions: told when the set changes, not when the same set is saved again.
    const editor = await inv.callEndpoint(
      endpoints.members.dataPermission,
      {
        query: {
          user_id: applicant.userId,
        },
      },
      inv.tokens.demo,
    );
    const option = editor.options[0];
    if (!option) throw new Error('the editor offers no option');
    const save = () =>
      inv.callEndpoint(
        endpoints.members.setDataPermission,
        {
          body: {
            user_id: applicant.userId,
            permissions: [{ type: option.type, rule: option.rule }],
          },
        },
        inv.tokens.demo,
      );
    const granted = [[option.type, option.rule]];
    expect((await save()).granted.map((g) => [g.type, g.rule])).toEqual(granted);
    expect((await save()).granted.map((g) => [g.type, g.rule])).toEqual(granted);
    expect(await kindsOf(applicant.userId)).toEqual(['data_permission_changed']);

    // Demoted again: told again; a refused change tells nobody.
    await inv.callEndpoint(
      endpoints.members.setRoles,
      { body: { user_id: member.id, role_ids: [68] } },
      inv.tokens.demo,
    );
    expect((await kindsOf(member.id)).filter((k) => k === 'role_changed')).toHaveLength(2);
    const refused = await inv.callEndpointFailure(
      endpoints.members.setRoles,
      {
        body: {
          user_id: demo.id,
          role_ids: [68],
        },
      },
      inv.tokens.member,
    );
    expect(refused.code).not.toBe(0);
    expect(await kindsOf(demo.id)).toEqual(['join_requested']);
  });

  it('an API key created and two-factor turned off are told to that user', async () => {
    const other = await userOf('other@example.com');
    const key = await inv.callEndpoint(
      endpoints.security.createApiKey,
      { body: { name: 'Nightly ETL' } },
      inv.tokens.other,
    );
    const [created] = (await inv.callEndpoint(endpoints.notifications.list, {}, inv.tokens.other)).list;
    expect(created).toMatchObject({
      kind: 'api_key_created',
      title: 'API key "Nightly ETL" was created',
      link: '/account/apiKeys',
    });
    expect(created?.body).toContain(key.key.slice(0, 12));
    expect(created?.body).not.toContain(key.key);

    const started = await inv.callEndpoint(
      endpoints.security.twoFactorEnrol,
      {
        body: {
          password: 'Demo12345',
        },
      },
      inv.tokens.other,
    );
    const secret = started.secret;
    const code = (at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
    expect(
      (
        await inv.callEndpoint(
          endpoints.security.twoFactorConfirm,
          {
            body: {
              code: await code(clock),
            },
          },
          inv.tokens.other,
        )
      ).recovery_codes.length,
    ).toBeGreaterThan(0);
    expect(await kindsOf(other.id)).toEqual(['api_key_created']);
    clock = new Date(clock.getTime() + 60_000);
    const off = await inv.callEndpoint(
      endpoints.security.twoFactorDisable,
      {
        body: {
          password: DEMO_PASSWORD,
          code: await code(clock),
        },
      },
      inv.tokens.other,
    );
    expect(off).toBeNull();
    expect(await kindsOf(other.id)).toEqual(['api_key_created', 'two_factor_disabled']);
    expect(await kindsOf((await userOf('demo@example.com')).id)).toEqual([]);
  });

  it('a sign-in from a device not seen before is told; the same device updated, or a first sign-in, is not', async () => {
    const email = `devices${clock.getTime()}@example.com`;
    const { userId } = await newLoner(inv.app, email);
    expect(await kindsOf(userId)).toEqual([]);
    const signIn = async (userAgent: string, lang?: string) => {
      const r = await attemptLogin(inv.app, {
        email,
        password: DEMO_PASSWORD,
        userAgent,
        lang,
        ip: '203.0.113.9',
      });
      return sessionOf(r).token;
    };
    const token = await signIn(CHROME_WIN, 'en-US,en;q=0.9');
    expect(await kindsOf(userId)).toEqual(['new_device_sign_in']);
    expect(await userLanguage(inv.app.db, userId)).toBe('en');
    // Read from the same browser (a session's device is the latest user agent it used).
    const listed = await inv.callEndpoint(
      endpoints.notifications.list,
      { headers: { 'user-agent': CHROME_WIN } },
      token,
    );
    const [told] = listed.list;
    expect(told?.title).toBe('New sign-in: Chrome 120 · Windows 10');
    expect(told?.body).toContain('203.0.113.9');
    expect(told?.link).toBe('/account/security');
    await signIn(CHROME_WIN_NEWER, 'zh-CN');
    expect(await kindsOf(userId)).toEqual(['new_device_sign_in']);
    expect(await userLanguage(inv.app.db, userId)).toBe('zh');
    await signIn(FIREFOX_LINUX);
    expect(await kindsOf(userId)).toEqual(['new_device_sign_in', 'new_device_sign_in']);
  });

  it('notify writes once per dedupe key and refuses params unlike the declaration', async () => {
    const demo = await userOf('demo@example.com');
    const send = () =>
      inv.app.db.transaction((tx) =>
        notify(tx, {
          kind: 'role_changed',
          to: { userId: demo.id },
          params: { role_id: 67 },
          now: clock,
          dedupeKey: 'check-2026-03-01',
        }),
      );
    expect(await send()).toHaveLength(1);
    expect(await send()).toEqual([]);
    expect(await kindsOf(demo.id)).toEqual(['role_changed']);
    await expect(
      inv.app.db.transaction((tx) =>
        notify(tx, {
          kind: 'app_approved',
          to: { companyId: demo.company_id ?? 0 },
          // @ts-expect-error: app_id is missing on purpose
          params: { app_name: 'x' },
          now: clock,
        }),
      ),
    ).rejects.toThrow();
    expect(await kindsOf(demo.id)).toEqual(['role_changed']);
  });
});
