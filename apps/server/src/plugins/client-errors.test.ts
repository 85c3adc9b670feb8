/**
 * Framework-level refusals carry the envelope (api-contract §1, issue 14 item 18), over a real socket:
 * Node's HTTP parser answers an over-long URL or header (431) and a malformed request (400) before
 * Fastify sees the request, through `clientErrorHandler`; the router answers an over-long path
 * parameter (414) through `frameworkErrors`. Each is `{ code: 604, msg, data: { errors } }` as JSON.
 */
import net from 'node:net';
import { codeMessage } from '@portal/contracts/codes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureEnvelope } from '../lib/route-schema.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

type RawAnswer = { status: number; headers: string; body: string };

/** Sends `raw` bytes on a fresh connection and reads until the server closes it (or 10 s). */
function sendRaw(port: number, raw: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error('no answer within 10 s')), 10_000);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (e) => {
      clearTimeout(timer);
      // A reset after the answer was written still leaves the answer readable.
      if (chunks.length > 0) finish();
      else reject(e);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      finish();
    });
    let done = false;
    function finish() {
      if (done) return;
      done = true;
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    }
    socket.write(raw);
  });
}

describe('framework refusals over a real socket', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => t?.close());

  const expectEnvelope = (a: RawAnswer, status: number, lang: 'zh' | 'en' = 'zh') => {
    expect(a.status).toBe(status);
    expect(a.headers.toLowerCase()).toContain('content-type: application/json');
    const env = failureEnvelope.parse(JSON.parse(a.body));
    expect(env).toMatchObject({ code: 604, msg: codeMessage(604, lang) });
    const errors = env.data && 'errors' in env.data ? env.data.errors : [];
    expect(errors[0]?.message.length).toBeGreaterThan(0);
    return errors;
  };

  it('an over-long URL answers 431 with the envelope', async () => {
    const a = await sendRaw(port, `GET /v1/app/list?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const errors = expectEnvelope(a, 431);
    expect(errors[0]?.message).toMatch(/过长/);
  });

  it('an over-long header answers 431 with the envelope', async () => {
    const a = await sendRaw(
      port,
      `GET /v1/app/list HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expectEnvelope(a, 431, 'en');
  });

  it('a malformed request answers 400 with the envelope, in the language it asked for', async () => {
    const a = await sendRaw(
      port,
      'GET /v1/app/list HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nno colon here\r\n\r\n',
    );
    const errors = expectEnvelope(a, 400, 'en');
    expect(errors[0]?.message).toBe('The request is malformed');
  });

  it('a request without Host answers 400 with the envelope naming it (issue 22 item 15)', async () => {
    const a = await sendRaw(
      port,
      'GET /v1/app/list HTTP/1.1\r\nAccept-Language: en\r\nConnection: close\r\n\r\n',
    );
    const errors = expectEnvelope(a, 400, 'en');
    expect(errors).toEqual([{ field: 'host', message: 'The Host header is missing' }]);
    const ok = await sendRaw(port, 'GET /healthz HTTP/1.0\r\n\r\n');
    expect(ok.status).toBe(200);
  });

  it('an over-long path parameter answers 414 with the envelope', async () => {
    const a = await sendRaw(
      port,
      `GET /v1/report/stat_column/${'k'.repeat(300)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expectEnvelope(a, 414);
  });
});
