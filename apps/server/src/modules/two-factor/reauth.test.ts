/**
 * Issue 22 item 10: enrolling two-factor and "sign out all other sessions" ask for the password (and
 * a code when two-factor is on), as disabling does; an admin cannot turn off their own two-factor
 * while their organisation requires it (10051). A refused call changes nothing.
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTwoFactor } from '../../db/schema/security.ts';
import { DEMO_PASSWORD } from '../../demo/accounts.ts';
import { createInventory, type Inventory } from '../../test/inventory-fixture.ts';
import { loginAs } from '../../test/login.ts';

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

  const demoId = async () =>
    (await inv.call('GET', '/api/v1/user/user_info', inv.tokens.demo)).data[0].user_id as number;

  it('enrolling asks for the password', async () => {
    expect((await inv.call('POST', '/v1/account/two_factor/enrol', inv.tokens.demo)).code).toBe(604);
    const wrong = await inv.call('POST', '/v1/account/two_factor/enrol', inv.tokens.demo, {
      password: 'Wrong12345',
    });
    expect(wrong.code).toBe(606);
    const rows = await inv.app.db
      .select()
      .from(userTwoFactor)
      .where(eq(userTwoFactor.user_id, await demoId()));
    expect(rows).toEqual([]);
  });

  it('sign out all others asks for the password, then a code once two-factor is on', async () => {
    const second = await loginAs(inv.app, 'demo@example.com', DEMO_PASSWORD);
    const others = (body?: Record<string, unknown>) =>
      inv.call('POST', '/v1/account/sessions/others', inv.tokens.demo, body);
    expect((await others()).code).toBe(604);
    expect((await others({ password: 'Wrong12345' })).code).toBe(606);
    expect((await inv.call('GET', '/api/v1/user/user_info', second)).code).toBe(200);

    const started = await inv.call('POST', '/v1/account/two_factor/enrol', inv.tokens.demo, {
      password: DEMO_PASSWORD,
    });
    expect(started.code).toBe(0);
    const secret = started.data.secret as string;
    const confirmed = await inv.call('POST', '/v1/account/two_factor/confirm', inv.tokens.demo, {
      code: await nextCode(secret),
    });
    expect(confirmed.code).toBe(0);

    expect((await others({ password: DEMO_PASSWORD })).code).toBe(10030);
    expect((await others({ password: DEMO_PASSWORD, code: '000000' })).code).toBe(10030);
    expect((await inv.call('GET', '/api/v1/user/user_info', second)).code).toBe(200);
    const done = await others({ password: DEMO_PASSWORD, code: await nextCode(secret) });
    expect(done).toMatchObject({ code: 0, data: { revoked: 1 } });
    expect((await inv.call('GET', '/api/v1/user/user_info', second)).code).toBe(20003);

    // An admin cannot turn theirs off while the organisation requires it; after lifting it, can.
    const policy = (on: boolean) =>
      inv.call('PUT', '/v1/account/two_factor/policy', inv.tokens.demo, { require_two_factor: on });
    expect((await policy(true)).code).toBe(0);
    const refused = await inv.call('POST', '/v1/account/two_factor/disable', inv.tokens.demo, {
      password: DEMO_PASSWORD,
      code: await nextCode(secret),
    });
    expect(refused.code).toBe(10051);
    expect(
      await inv.app.db
        .select()
        .from(userTwoFactor)
        .where(eq(userTwoFactor.user_id, await demoId())),
    ).toHaveLength(1);
    expect((await policy(false)).code).toBe(0);
    const off = await inv.call('POST', '/v1/account/two_factor/disable', inv.tokens.demo, {
      password: DEMO_PASSWORD,
      code: await nextCode(secret),
    });
    expect(off.code).toBe(0);
  });
});
