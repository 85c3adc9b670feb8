import { endpoints } from '@portal/contracts/endpoints.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../demo/accounts.ts';
import { endpointCallers, retryAfter } from '../../test/json-caller.ts';
import { attemptLogin, loginAs } from '../../test/login.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/test-app.ts';

describe.each(testDbKinds)('password change on %s', (db) => {
  let t: TestApp;
  const api = () => endpointCallers(t.app);
  /** Either envelope of the password change (json-caller.ts). */
  const change = (token: string | null, old_password: string, new_password: string) =>
    api().answer(endpoints.account.changePassword, { body: { old_password, new_password } }, token);
  const whoAmI = async (token: string) => (await api().answer(endpoints.account.userInfo, {}, token)).code;

  beforeAll(async () => {
    t = await createTestApp({ db });
    await seedDemoAccounts(t.app.db);
  });
  afterAll(async () => t.close());

  it('606 for a wrong old password, 604 for a weak new one; success revokes the other sessions only', async () => {
    const current = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    const other = await loginAs(t.app, 'member@example.com', DEMO_PASSWORD);
    expect(await change(current, 'Wrong12345', 'Next12345')).toEqual({
      code: 606,
      msg: 'Incorrect password',
      data: null,
    });
    const weak = await change(current, DEMO_PASSWORD, 'weak');
    expect(weak).toMatchObject({ code: 604, data: { errors: [{ field: 'new_password' }] } });
    expect(await whoAmI(other)).toBe(200);
    expect((await change(current, DEMO_PASSWORD, 'Next12345')).code).toBe(0);
    expect(await whoAmI(current)).toBe(200);
    expect(await whoAmI(other)).toBe(20003);
    expect((await attemptLogin(t.app, { email: 'member@example.com', password: DEMO_PASSWORD })).code).toBe(
      605,
    );
    expect((await attemptLogin(t.app, { email: 'member@example.com', password: 'Next12345' })).code).toBe(0);
  });

  it('limits wrong old passwords (10002) and needs a session (603)', async () => {
    const token = await loginAs(t.app, 'other@example.com', DEMO_PASSWORD);
    for (let i = 0; i < 5; i++) expect((await change(token, 'Wrong12345', 'Next12345')).code).toBe(606);
    const blocked = await api().fail(
      endpoints.account.changePassword,
      { body: { old_password: DEMO_PASSWORD, new_password: 'Next12345' } },
      token,
    );
    expect(blocked.code).toBe(10002);
    expect(retryAfter(blocked)).toBeGreaterThan(0);
    expect((await change(null, 'a', 'b')).code).toBe(603);
  });
});
