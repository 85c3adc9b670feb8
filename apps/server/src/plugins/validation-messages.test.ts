/**
 * 604 answers in the caller's language (api-contract §1–2): zod's default field texts follow
 * `Accept-Language` (zh default, en), custom schema messages stay as written, `field` is the dotted
 * path; unparseable, empty, too large and wrongly typed bodies answer the envelope with 604 and a
 * localised reason, keeping their HTTP status.
 *
 * A small Fastify app with the real error handler and the zod type provider owns its test routes, so
 * these checks do not depend on other modules' schemas; one check goes through the real app.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf } from '../test/envelope.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { answerFrameworkError, registerErrorHandler } from './error-handler.ts';

/** A 604 answer: its field errors are read, so the body is parsed as one (a different body fails). */
const body604 = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.object({ errors: z.array(z.object({ field: z.string(), message: z.string() })) }),
});
type Body604 = z.output<typeof body604>;

const itemSchema = z.object({ name: z.string().min(2), qty: z.number().int() });
const bodySchema = z.object({
  title: z.string(),
  note: z.string().max(3, { error: 'note: three characters at most' }),
  items: z.array(itemSchema),
  kind: z.enum(['a', 'b']),
});

async function miniApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 1024, frameworkErrors: answerFrameworkError });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post('/things', { schema: { body: bodySchema } }, async () => ({ code: 0, msg: 'ok', data: null }));
  typed.get(
    '/things/:id',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: z.object({ page: z.coerce.number().int().min(1) }),
      },
    },
    async () => ({ code: 0, msg: 'ok', data: null }),
  );
  await app.ready();
  return app;
}

const badBody = { title: 5, note: 'longer', items: [{ name: 'x', qty: 1.5 }], kind: 'c' };

describe('604 field errors follow Accept-Language', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await miniApp();
  });
  afterAll(async () => {
    await app.close();
  });

  async function post(payload: unknown, lang?: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      payload: payload as object,
      headers: lang ? { 'accept-language': lang } : {},
    });
    return { status: res.statusCode, body: body604.parse(res.json()) };
  }

  function byField(body: Body604) {
    return Object.fromEntries(body.data.errors.map((e) => [e.field, e.message]));
  }

  it('answers zod default texts in Chinese without Accept-Language, with dotted fields', async () => {
    const { status, body } = await post(badBody);
    expect(status).toBe(200);
    expect(body.code).toBe(604);
    expect(body.msg).toBe('参数错误');
    const raw = await app.inject({ method: 'POST', url: '/things', payload: badBody });
    expect(raw.headers['content-type']).toBe('application/json; charset=utf-8');
    const errors = byField(body);
    expect(Object.keys(errors).sort()).toEqual(['items.0.name', 'items.0.qty', 'kind', 'note', 'title']);
    expect(errors.title).toBe('无效输入：期望 string，实际接收 数字');
    expect(errors['items.0.name']).toMatch(/^数值过小/);
    expect(errors.kind).toMatch(/^无效选项/);
    // A message set in the schema is the schema's, whatever the language.
    expect(errors.note).toBe('note: three characters at most');
  });

  it('answers English texts for Accept-Language en', async () => {
    const { body } = await post(badBody, 'en-US,en;q=0.9');
    expect(body.msg).toBe('Parameter error');
    const errors = byField(body);
    expect(errors.title).toBe('Invalid input: expected string, received number');
    expect(errors['items.0.name']).toBe('Too small: expected string to have >=2 characters');
    expect(errors['items.0.qty']).toBe('Invalid input: expected int, received number');
    expect(errors.note).toBe('note: three characters at most');
  });

  it('localises a missing body, query and path errors too', async () => {
    const missing = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'accept-language': 'zh-CN' },
    });
    const mb = body604.parse(missing.json());
    expect(mb.code).toBe(604);
    expect(mb.data.errors).toEqual([{ field: '', message: '无效输入：期望 object，实际接收 空值(null)' }]);

    const path = await app.inject({
      method: 'GET',
      url: '/things/abc?page=1',
      headers: { 'accept-language': 'en' },
    });
    const pb = body604.parse(path.json());
    expect(pb.code).toBe(604);
    expect(pb.data.errors).toEqual([
      { field: 'id', message: 'Invalid input: expected number, received NaN' },
    ]);

    const query = await app.inject({ method: 'GET', url: '/things/3?page=0' });
    const qb = body604.parse(query.json());
    expect(qb.data.errors).toEqual([{ field: 'page', message: '数值过小：期望 number >=1' }]);
  });

  it('answers an unparseable JSON body with HTTP 400, 604 and a localised reason', async () => {
    for (const [lang, msg, reason] of [
      ['zh-CN', '参数错误', '请求体不是有效的 JSON'],
      ['en', 'Parameter error', 'The request body is not valid JSON'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/things',
        payload: '{"title": ',
        headers: { 'content-type': 'application/json', 'accept-language': lang },
      });
      expect(res.statusCode).toBe(400);
      expect(envelopeOf(res)).toEqual({ code: 604, msg, data: { errors: [{ field: '', message: reason }] } });
    }
  });

  it('answers an empty JSON body, a too large body and an unknown content type with 604', async () => {
    const empty = await app.inject({
      method: 'POST',
      url: '/things',
      payload: '',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    expect(empty.statusCode).toBe(400);
    const emptyBody = body604.parse(empty.json());
    expect(emptyBody.code).toBe(604);
    expect(emptyBody.data.errors[0]?.message).toBe('The request body is empty but its content type is JSON');

    const large = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { title: 'x'.repeat(2000) },
    });
    expect(large.statusCode).toBe(413);
    expect(envelopeOf(large)).toEqual({
      code: 604,
      msg: '参数错误',
      data: { errors: [{ field: '', message: '请求体过大' }] },
    });

    const xml = await app.inject({
      method: 'POST',
      url: '/things',
      payload: '<a/>',
      headers: { 'content-type': 'application/xml', 'accept-language': 'en' },
    });
    expect(xml.statusCode).toBe(415);
    expect(envelopeOf(xml)).toEqual({
      code: 604,
      msg: 'Parameter error',
      data: { errors: [{ field: '', message: 'Unsupported content type' }] },
    });
  });
});

describe('router errors with frameworkErrors: answerFrameworkError', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await miniApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers a badly encoded path parameter with HTTP 400 and the envelope', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/things/%E0%A4%A?page=1',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(envelopeOf(res)).toEqual({
      code: 604,
      msg: 'Parameter error',
      data: { errors: [{ field: '', message: 'The request URL is not valid' }] },
    });
  });

  it('answers an overlong path parameter with HTTP 414 and the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: `/things/${'9'.repeat(500)}?page=1` });
    expect(res.statusCode).toBe(414);
    expect(envelopeOf(res)).toEqual({
      code: 604,
      msg: '参数错误',
      data: { errors: [{ field: '', message: '路径参数过长' }] },
    });
  });
});

describe('604 through the real app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('localises a route schema of the app (refresh_math with a number captcha_id)', async () => {
    const ask = (lang: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/passport/captcha/refresh_math',
        payload: { captcha_id: 12 },
        headers: { 'accept-language': lang },
      });
    const zh = body604.parse((await ask('zh-CN')).json());
    const en = body604.parse((await ask('en')).json());
    expect(zh.code).toBe(604);
    expect(en.code).toBe(604);
    expect(zh.data.errors.map((e) => e.field)).toEqual(en.data.errors.map((e) => e.field));
    expect(zh.data.errors.find((e) => e.field === 'captcha_id')?.message).toMatch(/^无效输入/);
    expect(en.data.errors.find((e) => e.field === 'captcha_id')?.message).toMatch(/^Invalid input/);
  });
});
