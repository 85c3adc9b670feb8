/**
 * Request signing of api-contract §3: HMAC-SHA256 over the canonical `key=value&…` string of the
 * request's fields, hex upper case. One implementation for server and browser (WebCrypto).
 */

/** Renders the canonical string: drops `sign` and empty values, sorts keys by UTF-16 code unit. */
export function canonicalize(fields: Record<string, unknown>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign')
    .filter((k) => {
      const v = fields[k];
      return v !== undefined && v !== null && v !== '';
    })
    .sort()
    .map((k) => `${k}=${renderValue(fields[k])}`)
    .join('&');
}

function renderValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v);
}

const encoder = new TextEncoder();

/** HMAC-SHA256 of `message` under `key`, as upper-case hex. */
export async function hmacHexUpper(key: string, message: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

/** The `sign` value for a request's fields (api-contract §3 steps 1–5). */
export function signFields(key: string, fields: Record<string, unknown>): Promise<string> {
  return hmacHexUpper(key, canonicalize(fields));
}

/** Returns `fields` with `timestamp` (Unix seconds, if absent), `plat_type` 4 (if absent) and `sign`. */
export async function withSignature<T extends Record<string, unknown>>(
  key: string,
  fields: T,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<T & { timestamp: number; plat_type: number; sign: string }> {
  const body = { plat_type: 4, timestamp: nowSeconds, ...fields } as T & {
    timestamp: number;
    plat_type: number;
  };
  return { ...body, sign: await signFields(key, body) };
}

/** Allowed clock difference for a signed `timestamp`, seconds (api-contract §3). */
export const SIGN_WINDOW_SECONDS = 300;
