/**
 * Issue 22 item 10: enrolling two-factor and "sign out all other sessions" ask for the password (and
 * a code when two-factor is on), as disabling does; an admin cannot turn off their own two-factor
 * while their organisation requires it (10051). A refused call changes nothing.
 */
import { type EndpointBody, endpoints } from '@portal/contracts/endpoints.ts';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTwoFactor } from '../../db/schema/security.ts';
import { DEMO_PASSWORD } from '../../demo/accounts.ts';
import { createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import { loginAs } from '../../test/login.ts';

const sec = endpoints.security;

describe('re-authentication for sign-in changes', () => {
  let inv: Inventory;
  let skewMs = 0;
  const now = () => new Date(Date.now() + skewMs);
  /** A code of the next 30-second step (a code is accepted once per step). */
  const nextCode = async (secret: string) => {
    skewMs += 30_000;
    return generate({ secret, epoch: Math.floor(now().getTime() / 1000) });
  };
  beforeAll(async () => {
    inv = await createInventory({ now });
  }, 180_000);
  afterAll(async () => inv?.close());

  const demoId = async () => {
    const [info] = await inv.callEndpoint(endpoints.account.userInfo, {}, inv.tokens.demo);
    if (!info) throw new Error('user_info answered no user');
    return info.user_id;
  };
  /** The code of user_info as `token` (200 while the session lives). */
  const userInfoCode = async (token: string) =>
    (await inv.endpointAnswer(endpoints.account.userInfo, {}, token)).code;

  it('enrolling asks for the password', async () => {
    // No password: a body the schema refuses, sent raw.
    expect((await inv.sendRaw('POST', sec.twoFactorEnrol.path, inv.tokens.demo)).code).toBe(604);
    const wrong = await inv.callEndpointFailure(
      sec.twoFactorEnrol,
      { body: { password: 'Wrong12345' } },
      inv.tokens.demo,
    );
    expect(wrong.code).toBe(606);
    const rows = await inv.app.db
      .select()
      .from(userTwoFactor)
      .where(eq(userTwoFactor.user_id, await demoId()));
    expect(rows).toEqual([]);
  });

  it('sign out all others asks for the password, then a code once two-factor is on', async () => {
    const second = await loginAs(inv.app, 'demo@example.com', DEMO_PASSWORD);
    const others = (body: EndpointBody<typeof sec.revokeOtherSessions>) =>
      inv.endpointAnswer(sec.revokeOtherSessions, { body }, inv.tokens.demo);
    // No password: a body the schema refuses, sent raw.
    expect((await inv.sendRaw('POST', sec.revokeOtherSessions.path, inv.tokens.demo)).code).toBe(604);
    expect((await others({ password: 'Wrong12345' })).code).toBe(606);
    expect(await userInfoCode(second)).toBe(200);

    const started = await inv.callEndpoint(
      sec.twoFactorEnrol,
      { body: { password: DEMO_PASSWORD } },
      inv.tokens.demo,
    );
    const secret = started.secret;
    const confirmed = await inv.callEndpoint(
      sec.twoFactorConfirm,
      { body: { code: await nextCode(secret) } },
      inv.tokens.demo,
    );
    expect(confirmed.recovery_codes.length).toBeGreaterThan(0);

    expect((await others({ password: DEMO_PASSWORD })).code).toBe(10030);
    expect((await others({ password: DEMO_PASSWORD, code: '000000' })).code).toBe(10030);
    expect(await userInfoCode(second)).toBe(200);
    const done = await others({ password: DEMO_PASSWORD, code: await nextCode(secret) });
    expect(done).toMatchObject({ code: 0, data: { revoked: 1 } });
    expect(await userInfoCode(second)).toBe(20003);

    // An admin cannot turn theirs off while the organisation requires it; after lifting it, can.
    const policy = (on: boolean) =>
      inv.endpointAnswer(sec.twoFactorPolicy, { body: { require_two_factor: on } }, inv.tokens.demo);
    expect((await policy(true)).code).toBe(0);
    const refused = await inv.callEndpointFailure(
      sec.twoFactorDisable,
      { body: { password: DEMO_PASSWORD, code: await nextCode(secret) } },
      inv.tokens.demo,
    );
    expect(refused.code).toBe(10051);
    expect(
      await inv.app.db
        .select()
        .from(userTwoFactor)
        .where(eq(userTwoFactor.user_id, await demoId())),
    ).toHaveLength(1);
    expect((await policy(false)).code).toBe(0);
    const off = await inv.callEndpoint(
      sec.twoFactorDisable,
      { body: { password: DEMO_PASSWORD, code: await nextCode(secret) } },
      inv.tokens.demo,
    );
    expect(off).toBeNull();
  });
});
