/**
 * Fetching `app-ads.txt` the way the IAB crawler rules say (ads.txt 1.0.3 §3.1, app-ads.txt 1.0 §5):
 *
 * - the file sits at the root of the developer website's registrable domain (tldts `getDomain`: the
 *   public suffix plus one label, so `www.example.co.uk` → `example.co.uk`; an IP literal or
 *   `localhost` stays as it is): `https://<domain>/app-ads.txt`;
 * - redirects (301, 302, 303, 307, 308) are followed at most `MAX_REDIRECTS` times and only within that
 *   domain (the domain itself or a subdomain); a redirect elsewhere or back to a visited URL ends the
 *   check as unreachable;
 * - at most `MAX_BYTES` (1 MiB) of the body is read; the rest is not downloaded (`truncated`);
 * - the whole check, redirects included, has `TIMEOUT_MS` (10 s);
 * - only public addresses are reached (address-guard.ts), checked on the resolved addresses.
 *
 * `allowLoopback` (APP_ADS_ALLOW_LOOPBACK, tests only) also keeps the website's scheme and port, so a
 * test server on `http://127.0.0.1:<port>` can stand in for a site.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { getDomain } from 'tldts';
import { guardedLookup, isCrawlable, RefusedAddressError } from './address-guard.ts';

export const MAX_BYTES = 1024 * 1024;
export const MAX_REDIRECTS = 5;
export const TIMEOUT_MS = 10_000;

export type CrawlOptions = { allowLoopback: boolean; timeoutMs?: number };

/** Where the file of `website` is looked for; null when `website` is not an http(s) URL with a host. */
export function crawlTarget(website: string, allowLoopback: boolean): { domain: string; url: string } | null {
  let u: URL;
  try {
    u = new URL(website.trim());
  } catch {
    return null;
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname || u.username || u.password)
    return null;
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const domain = net.isIP(host) ? host : (getDomain(host) ?? host);
  const shown = net.isIP(domain) === 6 ? `[${domain}]` : domain;
  const origin = allowLoopback ? `${u.protocol}//${shown}${u.port ? `:${u.port}` : ''}` : `https://${shown}`;
  return { domain, url: `${origin}/app-ads.txt` };
}

export type CrawlResult =
  | { kind: 'file'; text: string; truncated: boolean; contentType: string }
  | { kind: 'missing'; detail: string }
  | { kind: 'unreachable'; detail: string };

/** True when `host` is `domain` or one of its subdomains. */
function withinDomain(host: string, domain: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === domain || h.endsWith(`.${domain}`);
}

type Answer = { status: number; location?: string; contentType: string; body: Buffer; truncated: boolean };

/** One GET of `url`, reading at most MAX_BYTES of a 200's body. */
function getOnce(url: URL, allowLoopback: boolean, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && !isCrawlable(host, allowLoopback)) return reject(new RefusedAddressError(host));
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(
      url,
      {
        lookup: guardedLookup(allowLoopback) as unknown as typeof import('node:dns').lookup,
        signal,
        agent: false,
        headers: { 'user-agent': 'PublisherPortal-AppAdsCrawler/1.0', accept: 'text/plain, */*;q=0.5' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        if (status !== 200) {
          res.resume();
          resolve({
            status,
            location: res.headers.location,
            contentType,
            body: Buffer.alloc(0),
            truncated: false,
          });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        res.on('data', (chunk: Buffer) => {
          if (truncated) return;
          const room = MAX_BYTES - size;
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, room));
            size = MAX_BYTES;
            truncated = true;
            resolve({ status, contentType, body: Buffer.concat(chunks), truncated });
            res.destroy();
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => resolve({ status, contentType, body: Buffer.concat(chunks), truncated }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

/** Why a request failed, in a few English words. */
function failure(err: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'no answer within 10 s';
  if (err instanceof RefusedAddressError) return `address ${err.address} is not public`;
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'domain not found (DNS)';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET') return 'connection reset';
  if (typeof code === 'string' && /CERT|SSL|TLS/.test(code)) return 'TLS certificate not accepted';
  return code ? `connection failed (${code})` : 'connection failed';
}

/** Fetches the app-ads.txt at `url` (from `crawlTarget`) within the IAB rules above. */
export async function crawlAppAds(
  target: { domain: string; url: string },
  opts: CrawlOptions,
): Promise<CrawlResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? TIMEOUT_MS);
  const visited = new Set<string>();
  let url = new URL(target.url);
  try {
    for (let hop = 0; ; hop++) {
      visited.add(url.href);
      let answer: Answer;
      try {
        answer = await getOnce(url, opts.allowLoopback, controller.signal);
      } catch (err) {
        return { kind: 'unreachable', detail: failure(err, controller.signal) };
      }
      const { status } = answer;
      if ([301, 302, 303, 307, 308].includes(status)) {
        if (!answer.location) return { kind: 'unreachable', detail: `HTTP ${status} without a location` };
        let next: URL;
        try {
          next = new URL(answer.location, url);
        } catch {
          return { kind: 'unreachable', detail: 'redirect to an invalid address' };
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:')
          return { kind: 'unreachable', detail: 'redirect to a non-web address' };
        if (!withinDomain(next.hostname, target.domain))
          return { kind: 'unreachable', detail: `redirect outside ${target.domain}` };
        if (visited.has(next.href)) return { kind: 'unreachable', detail: 'redirect loop' };
        if (hop >= MAX_REDIRECTS)
          return { kind: 'unreachable', detail: `more than ${MAX_REDIRECTS} redirects` };
        url = next;
        continue;
      }
      if (status === 200) {
        if (/text\/html/i.test(answer.contentType))
          return { kind: 'missing', detail: 'an HTML page instead of a text file' };
        return {
          kind: 'file',
          text: answer.body.toString('utf8'),
          truncated: answer.truncated,
          contentType: answer.contentType,
        };
      }
      if (status >= 400 && status < 500) return { kind: 'missing', detail: `HTTP ${status}` };
      return { kind: 'unreachable', detail: `HTTP ${status}` };
    }
  } finally {
    clearTimeout(timer);
  }
}
