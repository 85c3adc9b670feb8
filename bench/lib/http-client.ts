/**
 * The benches' HTTP client for timed API calls: node:http on one keep-alive agent, answers decoded as
 * the server sent them (br, gzip or deflate, as asked) and parsed as JSON, like a browser or SDK client
 * does, without the WHATWG stream machinery of Node's `fetch` (undici), which costs this 2-core machine
 * 0.2–0.5 ms per call on the client side alone when quiet, more under load (bench/RESULTS.md, issue 26
 * item 2). The benches time the API with this client and print the `fetch` floor beside it
 * (latency.ts), so the difference stays visible. Untimed calls (sign-in, setup) keep using `fetch`.
 */
import http from 'node:http';
import zlib from 'node:zlib';

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** Decoders of the encodings the client asks for, by Content-Encoding. */
const decoders: Record<string, (b: Buffer) => Buffer> = {
  br: (b) => zlib.brotliDecompressSync(b),
  gzip: (b) => zlib.gunzipSync(b),
  deflate: (b) => zlib.inflateSync(b),
};

/**
 * GET `url` with `headers`; answers the HTTP status and the body parsed as JSON (`undefined` for an
 * empty body). Rejects on a network error, an unknown Content-Encoding or a body that is not JSON.
 */
export function getJson<T = unknown>(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      url,
      { agent, headers: { 'accept-encoding': 'br, gzip, deflate', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          try {
            const raw = Buffer.concat(chunks);
            const encoding = String(res.headers['content-encoding'] ?? '');
            const decode = encoding ? decoders[encoding] : (b: Buffer) => b;
            if (!decode) throw new Error(`unexpected Content-Encoding ${encoding}`);
            const text = decode(raw).toString('utf8');
            resolve({ status: res.statusCode ?? 0, body: (text ? JSON.parse(text) : undefined) as T });
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
  });
}
