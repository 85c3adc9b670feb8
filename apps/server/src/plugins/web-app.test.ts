import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyEnvelope, envelopeOf } from '../test/envelope.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const JS = `export const x = ${JSON.stringify('portal '.repeat(400))};\n`;
const HTML = `<!doctype html><title>portal-shell</title><script type="module" src="/assets/app-1a2b3c.js"></script>${' '.repeat(2000)}`;
const LANDING = HTML.replace('portal-shell', 'portal-apps-landing');

/** Writes `file`, with `.br` and `.gz` copies as the web build does. */
function writeCompressed(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

describe('web app serving: pre-compressed files, caching, security headers, compression', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeCompressed(path.join(dist, 'index.html'), HTML);
    writeCompressed(path.join(dist, 'assets', 'app-1a2b3c.js'), JS);
    mkdirSync(path.join(dist, 'landing', 'apps'), { recursive: true });
    writeCompressed(path.join(dist, 'landing', 'apps', 'list.html'), LANDING);
    t = await createTestApp({ env: { WEB_DIST: dist } });
  }, 180_000);
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends the brotli or gzip file by Accept-Encoding, hashed assets cached for a year', async () => {
    const br = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS);

    const gz = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);

    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html and the SPA fallback (no-cache), pre-compressed too', async () => {
    for (const url of ['/', '/report/sdk?x=1']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(HTML);
    }
  });

  it('answers a hashed asset the build lacks with the 404 envelope, uncached, never the SPA fallback', async () => {
    // A page of the previous deploy asking for one of its chunks from a replica already on the next one.
    for (const url of ['/assets/report-page-9z8y7x.js', '/assets/app-1a2b3c.js.map']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(envelopeOf(res).code).toBe(10008);
    }
  });

  it("answers a screen's path with its landing page, and only that path", async () => {
    for (const url of ['/apps/list', '/apps/list?t=abc']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(LANDING);
    }
    for (const url of ['/apps/list/x', '/apps', '/login']) {
      expect((await get(url)).body).toBe(HTML);
    }
  });

  it('sends security headers: a CSP without inline script, no framing, nosniff, no referrer', async () => {
    const res = await get('/report/sdk');
    const csp = String(res.headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('img-src')).toContain('data:');
    expect(directives.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // API answers carry them as well.
    const api = await get('/healthz');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
  });

  it('compresses API JSON above the threshold, not below it', async () => {
    const big = await get('/common/country', 'gzip');
    expect(big.headers['content-encoding']).toBe('gzip');
    const body = anyEnvelope.parse(JSON.parse(gunzipSync(big.rawPayload).toString()));
    expect(body.code).toBe(0);
    expect(endpoints.catalogue.countries.data.parse(body.data).length).toBeGreaterThan(200);
    const brotli = await get('/common/country', 'br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(body);
    const small = await get('/healthz', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(envelopeOf(small).data).toEqual({ status: 'up' });
  });
});
