import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCrawlable } from './address-guard.ts';
import { judgeAdsTxt, parseAdsTxt } from './app-ads-parse.ts';
import { crawlAppAds, crawlTarget, MAX_BYTES } from './crawler.ts';

const expected = { domain: 'publisher-portal.example', accountId: '42', certId: 'a7f3c9e2b1d04e68' };

describe('app-ads.txt format (IAB ads.txt 1.0.3)', () => {
  it('reads records, comments, variables and extensions; counts malformed lines', () => {
    const parsed = parseAdsTxt(
      '\uFEFF# app-ads.txt\r\ncontact=ads@example.com\nSUBDOMAIN=games.example.com\n' +
        'google.com, pub-1, DIRECT, f08c47fec0942fa0 # Google\n' +
        'Publisher-Portal.example , 42 , direct ; ext=1\n' +
        'broken line\nonly, two\n',
    );
    expect(parsed.records).toEqual([
      { domain: 'google.com', accountId: 'pub-1', relationship: 'DIRECT', certId: 'f08c47fec0942fa0' },
      { domain: 'publisher-portal.example', accountId: '42', relationship: 'DIRECT', certId: null },
    ]);
    expect(parsed.variables.get('CONTACT')).toEqual(['ads@example.com']);
    expect(parsed.variables.get('SUBDOMAIN')).toEqual(['games.example.com']);
    expect(parsed.malformed).toBe(2);
    expect(judgeAdsTxt(parsed, expected).status).toBe('found');
  });

  it('tells a wrong line from a missing one', () => {
    const judge = (text: string) => judgeAdsTxt(parseAdsTxt(text), expected);
    expect(judge('publisher-portal.example, 43, DIRECT, a7f3c9e2b1d04e68')).toMatchObject({
      status: 'line_wrong',
      detail: 'account ID is not 42',
    });
    expect(judge('publisher-portal.example, 42, RESELLER, a7f3c9e2b1d04e68').status).toBe('line_wrong');
    expect(judge('publisher-portal.example, 42, DIRECT, 0000').detail).toContain('certification authority');
    expect(judge('other.example, 42, DIRECT').status).toBe('line_missing');
    expect(judge('').status).toBe('line_missing');
    expect(judge('\u0000\u0001\uFFFD binary ,,,, junk').status).toBe('line_missing');
  });
});

describe('SSRF guard', () => {
  it('refuses private, loopback, link-local, metadata and reserved addresses', () => {
    for (const a of [
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::10.0.0.1',
      'not-an-ip',
    ]) {
      expect(isCrawlable(a, false), a).toBe(false);
    }
    expect(isCrawlable('93.184.215.14', false)).toBe(true);
    expect(isCrawlable('2606:2800:21f:cb07:6820:80da:af6b:8b2c', false)).toBe(true);
    // The test setting lets loopback through, nothing else.
    expect(isCrawlable('127.0.0.1', true)).toBe(true);
    expect(isCrawlable('::1', true)).toBe(true);
    expect(isCrawlable('10.0.0.1', true)).toBe(false);
    expect(isCrawlable('169.254.169.254', true)).toBe(false);
  });

  it('looks for the file at the root of the registrable domain over https', () => {
    expect(crawlTarget('https://www.example.co.uk/games?x=1', false)).toEqual({
      domain: 'example.co.uk',
      url: 'https://example.co.uk/app-ads.txt',
    });
    expect(crawlTarget('http://studio.example.com:8080/', false)?.url).toBe(
      'https://example.com/app-ads.txt',
    );
    expect(crawlTarget('http://127.0.0.1:8080/', true)?.url).toBe('http://127.0.0.1:8080/app-ads.txt');
    expect(crawlTarget('javascript:alert(1)', false)).toBeNull();
    expect(crawlTarget('ftp://example.com', false)).toBeNull();
    expect(crawlTarget('https://user:pw@example.com', false)).toBeNull();
    expect(crawlTarget('not a url', false)).toBeNull();
  });

  it('refuses loopback after DNS resolution and by literal, without the test setting', async () => {
    for (const site of [
      'http://127.0.0.1:9/',
      'http://localhost:9/',
      'http://[::1]:9/',
      'http://169.254.169.254/',
    ]) {
      const target = crawlTarget(site, true);
      if (!target) throw new Error(site);
      const got = await crawlAppAds(target, { allowLoopback: false });
      expect(got, site).toMatchObject({
        kind: 'unreachable',
        detail: expect.stringMatching(/is not public/),
      });
    }
    const ten = crawlTarget('http://10.0.0.1:9/', true);
    if (!ten) throw new Error('10.0.0.1');
    expect(await crawlAppAds(ten, { allowLoopback: true })).toMatchObject({
      detail: 'address 10.0.0.1 is not public',
    });
  });
});

describe('crawling a local site', () => {
  let server: http.Server;
  let port = 0;
  let handler: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_q, res) => res.end();
  beforeAll(async () => {
    server = http.createServer((req, res) => handler(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const crawl = (host = '127.0.0.1') => {
    const target = crawlTarget(`http://${host}:${port}/`, true);
    if (!target) throw new Error('no target');
    return crawlAppAds(target, { allowLoopback: true, timeoutMs: 3000 });
  };

  it('reads a good file and a wrong line', async () => {
    handler = (req, res) => {
      expect(req.url).toBe('/app-ads.txt');
      res.setHeader('content-type', 'text/plain');
      res.end('publisher-portal.example, 42, DIRECT, a7f3c9e2b1d04e68\n');
    };
    const good = await crawl();
    expect(good).toMatchObject({ kind: 'file', truncated: false });
    if (good.kind !== 'file') throw new Error();
    expect(judgeAdsTxt(parseAdsTxt(good.text), expected).status).toBe('found');
    handler = (_q, res) => res.end('publisher-portal.example, 41, DIRECT\n');
    const wrong = await crawl();
    if (wrong.kind !== 'file') throw new Error();
    expect(judgeAdsTxt(parseAdsTxt(wrong.text), expected).status).toBe('line_wrong');
  });

  it('calls 404 and an HTML page a missing file, 500 unreachable', async () => {
    handler = (_q, res) => {
      res.statusCode = 404;
      res.end('not here');
    };
    expect(await crawl()).toEqual({ kind: 'missing', detail: 'HTTP 404' });
    handler = (_q, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end('<html>home</html>');
    };
    expect((await crawl()).kind).toBe('missing');
    handler = (_q, res) => {
      res.statusCode = 503;
      res.end();
    };
    expect(await crawl()).toEqual({ kind: 'unreachable', detail: 'HTTP 503' });
  });

  it('follows redirects within the domain, stops at a loop and at another host', async () => {
    handler = (req, res) => {
      if (req.url === '/app-ads.txt') {
        res.writeHead(301, { location: '/files/app-ads.txt' });
        return res.end();
      }
      res.end('publisher-portal.example, 42, DIRECT');
    };
    expect((await crawl()).kind).toBe('file');
    handler = (req, res) => {
      res.writeHead(302, { location: req.url === '/app-ads.txt' ? '/a' : '/app-ads.txt' });
      res.end();
    };
    expect(await crawl()).toEqual({ kind: 'unreachable', detail: 'redirect loop' });
    handler = (_q, res) => {
      res.writeHead(302, { location: `http://localhost:${port}/app-ads.txt` });
      res.end();
    };
    expect(await crawl()).toEqual({ kind: 'unreachable', detail: 'redirect outside 127.0.0.1' });
  });

  it('reads at most 1 MiB of a 5 MiB file', async () => {
    const line = `${'x'.repeat(1023)}\n`;
    let sent = 0;
    handler = (_q, res) => {
      res.setHeader('content-type', 'text/plain');
      const more = () => {
        while (sent < 5 * 1024 * 1024) {
          sent += line.length;
          if (!res.write(line)) return res.once('drain', more);
        }
        res.end('publisher-portal.example, 42, DIRECT\n');
      };
      res.on('close', () => undefined);
      more();
    };
    const got = await crawl();
    expect(got).toMatchObject({ kind: 'file', truncated: true });
    if (got.kind !== 'file') throw new Error();
    expect(got.text.length).toBe(MAX_BYTES);
    expect(judgeAdsTxt(parseAdsTxt(got.text), expected).status).toBe('line_missing');
    // The rest was not downloaded.
    expect(sent).toBeLessThan(5 * 1024 * 1024);
  });

  it('gives up after its time limit', async () => {
    handler = () => undefined; // never answers
    const target = crawlTarget(`http://127.0.0.1:${port}/`, true);
    if (!target) throw new Error();
    expect(await crawlAppAds(target, { allowLoopback: true, timeoutMs: 300 })).toEqual({
      kind: 'unreachable',
      detail: 'no answer within 10 s',
    });
  });
});
