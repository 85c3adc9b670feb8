/**
 * Issue 22 item 11: sign-in events go to the audit log and the user's own security page lists them
 * (successful and failed logins, a lockout, wrong two-factor codes, a recovery code, password change,
 * sign-outs); a new session shows its address and device at once, before any later request.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionDetails } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import { DEMO_PASSWORD } from '../../demo/accounts.ts';
import { hashToken } from '../../lib/session-token.ts';
import { createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import { attemptLogin, challengeOf, loginAs, sessionOf } from '../../test/login.ts';
import { listSignInEvents } from './sign-in-events.ts';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

const sec = endpoints.security;

describe('sign-in events', () => {
  let inv: Inventory;
  let skewMs = 0;
  const now = () => new Date(Date.now() + skewMs);
  beforeAll(async () => {
    inv = await createInventory({ now });
  }, 180_000);
  afterAll(async () => inv?.close());

  const eventsOf = async (token: string) => (await inv.callEndpoint(sec.events, {}, token)).list;

  it('a sign-in is listed with its address and device, and the session shows them at once', async () => {
    const signedIn = await attemptLogin(inv.app, {
      email: 'member@example.com',
      password: DEMO_PASSWORD,
      ip: '203.0.113.9',
      userAgent: FIREFOX,
    });
    const { token } = sessionOf(signedIn);
    // Written at sign-in, before any later request of the session could (activity.ts).
    const [details] = await inv.app.db
      .select()
      .from(sessionDetails)
      .where(eq(sessionDetails.token_hash, hashToken(token)));
    expect(details).toMatchObject({ ip: '203.0.113.9', user_agent: FIREFOX });
    const [latest] = await eventsOf(token);
    expect(latest).toMatchObject({ action: 'login', ip: '203.0.113.9' });
    expect(latest?.device).toMatch(/Firefox/);
  });

  it('failed logins and the lockout, a password change and sign-outs; only the user sees them', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await attemptLogin(inv.app, {
        email: 'other@example.com',
        password: 'Wrong12345',
        ip: '198.51.100.3',
      });
      expect(res.code).toBe(605);
    }
    const [other] = await inv.app.db.select().from(users).where(eq(users.email, 'other@example.com'));
    const otherEvents = await listSignInEvents(inv.app.db, other?.id ?? 0);
    expect(otherEvents.map((e) => e.action).slice(0, 6)).toEqual([
      'locked_out',
      ...Array(5).fill('login_failed'),
    ]);
    expect(otherEvents[0]?.ip).toBe('198.51.100.3');
    // In the organisation's audit log too, for its admins.
    const audit = await inv.callEndpoint(
      sec.auditList,
      { query: { object_type: 'sign_in', page_size: 100 } },
      inv.tokens.other,
    );
    expect(audit.list.some((e) => e.action === 'locked_out')).toBe(true);

    const first = await loginAs(inv.app, 'member@example.com', DEMO_PASSWORD);
    const second = await loginAs(inv.app, 'member@example.com', DEMO_PASSWORD);
    const pw = await inv.callEndpoint(
      endpoints.account.changePassword,
      { body: { old_password: DEMO_PASSWORD, new_password: DEMO_PASSWORD } },
      first,
    );
    expect(pw).toBeNull();
    const third = await loginAs(inv.app, 'member@example.com', DEMO_PASSWORD);
    expect(second).not.toBe(third);
    expect(await inv.callEndpoint(endpoints.account.logout, {}, first)).toBeNull();
    const actions = (await eventsOf(third)).map((e) => e.action);
    expect(actions.slice(0, 3)).toEqual(['signed_out', 'login', 'password_changed']);
    // Another user's page does not show the member's or the other's events.
    expect((await eventsOf(inv.tokens.demo)).every((e) => e.action === 'login')).toBe(true);
  });

  it('wrong two-factor codes and a recovery code', async () => {
    const token = await loginAs(inv.app, 'ops@example.com', DEMO_PASSWORD);
    const started = await inv.callEndpoint(sec.twoFactorEnrol, { body: { password: DEMO_PASSWORD } }, token);
    const secret = started.secret;
    skewMs += 30_000;
    const code = await generate({ secret, epoch: Math.floor(now().getTime() / 1000) });
    const confirmed = await inv.callEndpoint(sec.twoFactorConfirm, { body: { code } }, token);
    const recovery = confirmed.recovery_codes;
    const challenge = async () =>
      challengeOf(await attemptLogin(inv.app, { email: 'ops@example.com', password: DEMO_PASSWORD }))
        .two_factor_challenge;
    const wrong = await inv.callEndpointFailure(
      sec.twoFactorLogin,
      { body: { challenge: await challenge(), code: '000000' } },
      null,
    );
    expect(wrong.code).toBe(10030);
    const viaRecovery = await inv.callEndpoint(
      sec.twoFactorLogin,
      { body: { challenge: await challenge(), recovery_code: recovery[0] } },
      null,
    );
    const actions = (await eventsOf(viaRecovery.token)).map((e) => e.action);
    expect(actions.slice(0, 3)).toEqual(['login', 'recovery_code_used', 'two_factor_failed']);
  });

  it("a user's events are found through the object index, not by walking the log (migration 0012)", async () => {
    // The planner may scan a small table whatever its indexes; with scans off it must name the index
    // that serves object_type + object_id newest first, or fall back to the `at` index and filter.
    const plan = await inv.app.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const res = await tx.execute(
        sql`EXPLAIN SELECT * FROM audit_log WHERE object_type = 'sign_in' AND object_id = '1' ORDER BY at DESC, id DESC LIMIT 50`,
      );
      // PGlite and node-postgres both answer { rows: [{ 'QUERY PLAN': line }] }.
      const { rows } = res as unknown as { rows: Record<string, string>[] };
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('audit_log_object_idx');
  });
});
