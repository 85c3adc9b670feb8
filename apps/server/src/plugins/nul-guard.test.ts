/**
 * U+0000 in any text a client sends answers 604 naming the field, before any store (issue 14 item 17):
 * plain JSON bodies, query strings, path parameters and the plaintext of encrypted payloads. The route
 * sweep (routes-robustness.test.ts) covers every documented operation; this file pins the exact answers
 * of the calls the audit saw fail with HTTP 500 and checks nothing was written.
 */
import { Readable } from 'node:stream';
import { codeMessage } from '@portal/contracts/codes.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../db/schema/organisations.ts';
import { users } from '../db/schema/users.ts';
import { seedDemoAccounts } from '../demo/accounts.ts';
import { failureEnvelope } from '../lib/route-schema.ts';
import { envelopeOf } from '../test/envelope.ts';
import { attemptLogin, loginAs } from '../test/login.ts';
import { newLoner } from '../test/org.ts';
import { postEncrypted, sendSigned } from '../test/signed.ts';
import { createTestApp, type TestApp, testDbKinds } from '../test/test-app.ts';
import { nulPath } from './nul-guard.ts';

const NUL = '\u0000';

describe('nulPath', () => {
  it('names the first key or string value holding U+0000, at any depth', () => {
    expect(nulPath({ a: 'ok', b: [1, { c: `x${NUL}` }] })).toBe('b.1.c');
    expect(nulPath({ [`k${NUL}`]: 1 })).toBe('k\\u0000');
    expect(nulPath(`${NUL}`)).toBe('');
    expect(nulPath({ a: 'fine', b: [1, 2, { c: null }] })).toBeNull();
    // Deep nesting does not overflow the stack.
    let deep: unknown = `end${NUL}`;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulPath(deep)?.split('.').length).toBe(100_000);
  });

  it('ends on cycles and skips what no parser makes (a streamed body)', () => {
    const cyclic: Record<string, unknown> = { a: 'ok' };
    cyclic.self = cyclic;
    cyclic.list = [cyclic];
    expect(nulPath(cyclic)).toBeNull();
    expect(nulPath({ q: Object.assign(Object.create(null), { v: `x${NUL}` }) })).toBe('q.v');
    // The import endpoint's body is a Readable, full of cycles; it is bytes, not text.
    expect(nulPath(Readable.from([`x${NUL}`]))).toBeNull();
  });
});

describe.each(testDbKinds)('U+0000 is refused before the store on %s', (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db });
    await seedDemoAccounts(t.app.db);
  });
  afterAll(async () => t.close());

  const expect604 = (body: { code: number; msg: string; data: unknown }, field: string, lang = 'zh') => {
    expect(body).toMatchObject({ code: 604, msg: codeMessage(604, lang === 'en' ? 'en' : 'zh') });
    const parsed = failureEnvelope.parse(body).data;
    const errors = parsed && 'errors' in parsed ? parsed.errors : [];
    expect(errors.map((e) => e.field)).toContain(field);
    expect(errors.find((e) => e.field === field)?.message).toMatch(lang === 'en' ? /U\+0000/ : /空字符/);
  };

  it('plain JSON body without a session, a query string with one', async () => {
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/v1/passport/captcha/refresh_math',
      payload: { captcha_id: `abc${NUL}` },
    });
    expect(refresh.statusCode).toBe(200);
    expect604(envelopeOf(refresh), 'captcha_id');
    const query = await t.app.inject({
      method: 'GET',
      url: `/v1/app/channel_name_exist?app_name=${encodeURIComponent(`a${NUL}`)}`,
      // A session: authentication runs before any check of the request (issue 22 item 9).
      headers: { 'accept-language': 'en', token: await loginAs(t.app, 'demo@example.com', 'Demo12345') },
    });
    expect(query.statusCode).toBe(200);
    expect604(envelopeOf(query), 'app_name', 'en');
  });

  it('inside encrypted payloads (login, signup), after decryption', async () => {
    const login = await attemptLogin(t.app, {
      email: 'demo@example.com',
      password: 'Demo12345',
      captchaId: `c${NUL}`,
    });
    expect604(login, 'captcha_id');
    const signup = await postEncrypted(t.app, '/v1/passport/user/signup', {
      email: 'nul@example.com',
      password: 'Passw0rdOk',
      name: `N${NUL}ul`,
      code: '123456',
    });
    expect604(signup, 'name');
    expect(await t.app.db.select().from(users).where(eq(users.email, 'nul@example.com'))).toEqual([]);
  });

  it('signed organisation calls write nothing', async () => {
    const { token } = await newLoner(t.app, 'nul-loner@example.com');
    const res = await sendSigned(t.app, '/v1/passport/company/signup', token, {
      is_publisher: 1,
      company_name: `Nul${NUL}Co`,
    });
    expect604(res, 'company_name');
    const rows = await t.app.db.select().from(companies);
    expect(rows.some((r) => r.company_name.startsWith('Nul'))).toBe(false);
  });
});
