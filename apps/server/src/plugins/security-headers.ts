/**
 * Security headers on every answer (@fastify/helmet), OWASP Secure Headers:
 * - Content-Security-Policy: scripts only from this origin (no inline script, no eval); styles from
 *   this origin plus inline styles, which antd's CSS-in-JS inserts at run time (style only: never
 *   for scripts); images from this origin and `data:` (the captcha image, the favicon) and `blob:`;
 *   fetches only to this origin; workers from this origin or `blob:`; no plugins (`object-src
 *   'none'`); `frame-ancestors 'none'` (no framing, with `X-Frame-Options: DENY` for old browsers);
 *   no `upgrade-insecure-requests` (the server may be reached over plain HTTP on a private address).
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`, Cross-Origin-Opener/Resource
 *   policies `same-origin`, `Strict-Transport-Security` (ignored by browsers over plain HTTP).
 * The API docs (/docs, swagger-ui) run under the same policy with no relaxation: the page loads only
 * its own scripts and styles from /docs/static and sets no validator badge (e2e/csp.e2e.ts checks it
 * renders without violation). Should a later swagger-ui need more, relax it with the plugin's
 * `transformStaticCSP` option, which applies to the /docs routes only.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { callerOfRequest } from './route-callers.ts';

/** The web app's Content-Security-Policy directives (helmet's camelCase names). */
export const webCspDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: true, directives: webCspDirectives },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}

/** Methods that change nothing (RFC 9110 §9.2.1). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `Cache-Control: no-store` on every answer that may carry a secret or personal data (issue 22 item
 * 14, ASVS V14.3): every route of a signed-in caller, a reporting key or a partner (user info,
 * sessions, API keys, two-factor secrets and recovery codes, reports and exports), and every public
 * route that is not a read (sign-in and its second step, sign-up, password reset: tokens and
 * challenges). Public reads (countries, the public key), probes and the web app's files keep their
 * own caching; an answer that already set Cache-Control keeps it.
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const caller = callerOfRequest(request);
    const personal =
      caller === 'session' ||
      caller === 'report' ||
      caller === 'external' ||
      (caller === 'public' && !READS.has(request.method));
    if (personal && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
