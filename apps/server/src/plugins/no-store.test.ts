/**
 * Issue 22 item 14: every answer that carries a secret or personal data says `Cache-Control:
 * no-store` (the login's token, a new API key, the two-factor secret and recovery codes, user info,
 * sessions); public reads and the web app's caching are untouched.
 */

import { endpoints } from '@portal/contracts/endpoints.ts';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo/accounts.ts';
import { envelopeOf } from '../test/envelope.ts';
import { createInventory, type Inventory } from '../test/inventory-fixture.ts';
import { dataOf } from '../test/json-caller.ts';
import { attemptLogin } from '../test/login.ts';

describe('Cache-Control: no-store', () => {
  let inv: Inventory;
  beforeAll(async () => {
    inv = await createInventory();
  }, 180_000);
  afterAll(async () => inv?.close());

  const send = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await inv.app.inject({
      method,
      url,
      headers: { token: inv.tokens.member },
      ...(payload ? { payload } : {}),
    });
    expect(envelopeOf(res).code, url).toBeOneOf([0, 200]);
    return res;
  };

  it('the login answer', async () => {
    let headers: Record<string, unknown> = {};
    const body = await attemptLogin(inv.app, {
      email: 'other@example.com',
      password: DEMO_PASSWORD,
      onHeaders: (h) => {
        headers = h;
      },
    });
    expect(body.code).toBe(0);
    expect(headers['cache-control']).toBe('no-store');
  });

  it('user info, sessions, a new API key, the two-factor secret and recovery codes', async () => {
    for (const url of ['/api/v1/user/user_info', '/v1/account/sessions', '/v1/account/api_keys']) {
      expect((await send('GET', url)).headers['cache-control'], url).toBe('no-store');
    }
    const key = await send('POST', '/v1/account/api_keys', { name: 'cache' });
    expect(key.headers['cache-control']).toBe('no-store');
    const enrol = await send('POST', '/v1/account/two_factor/enrol', { password: DEMO_PASSWORD });
    expect(enrol.headers['cache-control']).toBe('no-store');
    const { secret } = dataOf(endpoints.security.twoFactorEnrol, enrol);
    const code = await generate({ secret, epoch: Math.floor(inv.app.now().getTime() / 1000) });
    const confirm = await send('POST', '/v1/account/two_factor/confirm', { code });
    expect(dataOf(endpoints.security.twoFactorConfirm, confirm).recovery_codes).toHaveLength(10);
    expect(confirm.headers['cache-control']).toBe('no-store');
  });

  it('public reads keep their caching', async () => {
    const countries = await inv.app.inject({ method: 'GET', url: '/common/country' });
    expect(countries.headers['cache-control']).toBeUndefined();
  });
});
