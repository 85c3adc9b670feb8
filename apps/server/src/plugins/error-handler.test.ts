/**
 * The error handler's log levels: a client gone mid-answer (ERR_STREAM_PREMATURE_CLOSE, what
 * @fastify/compress raises when the socket of a compressed answer closes) is info, not an error that
 * scrolls past in the server log; any other unexpected error stays an error with 602.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { envelopeOf } from '../test/envelope.ts';
import { registerErrorHandler } from './error-handler.ts';

type LogLine = { level: number; msg: string };

async function appWithLog(error: Error) {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  registerErrorHandler(app);
  app.get('/fail', async () => {
    throw error;
  });
  await app.ready();
  return { app, lines };
}

describe('error handler log levels', () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => close?.());

  it('logs a client gone mid-answer at info, never as an unhandled error', async () => {
    const gone = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    const { app, lines } = await appWithLog(gone);
    close = () => app.close();
    await app.inject({ url: '/fail' });
    expect(lines.some((l) => l.msg === 'client went away before the answer was sent' && l.level === 30)).toBe(
      true,
    );
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('keeps any other unexpected error an error log with 602 and HTTP 500', async () => {
    const { app, lines } = await appWithLog(new Error('boom'));
    close = () => app.close();
    const res = await app.inject({ url: '/fail' });
    expect(res.statusCode).toBe(500);
    expect(envelopeOf(res).code).toBe(602);
    expect(lines.some((l) => l.msg === 'unhandled error' && l.level === 50)).toBe(true);
  });
});
