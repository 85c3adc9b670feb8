/**
 * Request-log redaction: passwords, tokens, captcha answers, signatures and JWE payloads never reach the
 * log (issue 2 §2). Fastify's default request serializer logs method, url and ids only; these paths cover
 * anything a handler logs with the request or body attached.
 */
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
