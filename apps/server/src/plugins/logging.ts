/**
 * Request-log redaction: passwords, tokens, captcha answers, signatures and JWE payloads never reach the
 * log (issue 2 §2), nor do secrets sent in a query string (issue 22 item 12: `?api_key=ppk_…` is
 * refused, but the request line used to log the whole URL). `logSerializers.req` logs method, the URL
 * with `SECRET_QUERY_PARAMS` values replaced by `[redacted]`, host and client address; `redactPaths`
 * cover anything a handler logs with the request or body attached.
 */
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets (names compared case-insensitively). */
export const SECRET_QUERY_PARAMS = ['api_key', 'key', 'token', 't', 'code'] as const;
const secretNames = new Set<string>(SECRET_QUERY_PARAMS);

/**
 * `url` with the value of every secret query parameter replaced by `[redacted]`; the path, other
 * parameters and their order are kept as sent. A name that cannot be percent-decoded is compared as
 * sent.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const [query, hash = ''] = url.slice(q + 1).split(/#(.*)/s);
  const parts = (query ?? '').split('&').map((part) => {
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replaceAll('+', ' '));
    } catch {}
    return secretNames.has(name.toLowerCase()) && eq >= 0 ? `${rawName}=[redacted]` : part;
  });
  return `${url.slice(0, q)}?${parts.join('&')}${hash ? `#${hash}` : ''}`;
}

/** Pino serializers of the app's logger: the request line without secrets. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
export const redactPaths = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.token',
  'body.password',
  'body.data',
  'body.captcha_answer',
  'body.sign',
  'body.token',
  '*.password',
  '*.new_password',
  '*.old_password',
  '*.captcha_answer',
  '*.token',
  '*.jwe',
];
