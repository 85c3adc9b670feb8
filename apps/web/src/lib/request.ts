/**
 * The one request client (spec §8, api-contract §1–2). Same-origin paths, `token` header when a
 * session exists, `Accept-Language` of the current language, 600 s timeout. Business codes are read
 * from the `{ code, msg, data }` envelope; every failure shows its message and rejects, so TanStack
 * Query sees the error.
 */
import { Code, type CodeValue, codeText } from '@portal/contracts/codes.ts';
import i18next from 'i18next';
import { takeEarlyRequest } from './early-requests.ts';
import { acceptLanguage, currentLang } from './i18n.ts';
import { currentPath, navigate } from './navigation.ts';
import { fail, warn } from './notify.ts';
import { clearSession, getToken } from './session.ts';

/** Default timeout of spec §9, ms. */
export const REQUEST_TIMEOUT_MS = 600_000;

type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  timeoutMs?: number;
  /** Sends this session token instead of the stored one (a sign-in not yet accepted, login page). */
  token?: string;
};

export type ErrorKind = 'business' | 'http' | 'network' | 'timeout';

/** A failed request: a business code, an HTTP status, a network failure or a timeout. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly kind: ErrorKind,
    readonly code?: number,
    readonly status?: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

type Envelope = { code: number; msg?: string; data?: unknown };

const SESSION_CODES = new Set<number>([Code.SESSION_EXPIRED, Code.LOGIN_INVALID]);
const FIXED_TEXT_CODES = new Set<number>([601, 602, 603, 604, 605, 606]);
const WARN_SECONDS = 2;
const NETWORK_SECONDS = 3;

/** Builds `path?query`, dropping empty values. */
export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.append(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function headers(hasBody: boolean, token: string | null, language: string): Headers {
  const h = new Headers({ Accept: 'application/json', 'Accept-Language': language });
  if (token) h.set('token', token);
  if (hasBody) h.set('Content-Type', 'application/json');
  return h;
}

/** `answer`, or a rejection with the signal's reason once `signal` aborts first (the timeout). */
function untilAborted(answer: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    answer.then(resolve, reject);
  });
}

function isEnvelope(v: unknown): v is Envelope {
  return typeof v === 'object' && v !== null && typeof (v as Envelope).code === 'number';
}

/**
 * Logs out locally and goes to /login (codes 20003 and 20005, spec §8) with the page to return to in
 * `redirect` (spec §2), through the router even when it is not mounted yet (lib/navigation.ts).
 */
function expireSession(text: string): void {
  clearSession();
  warn(text, WARN_SECONDS, 'session-expired');
  const here = currentPath();
  if (here === '/login' || here.startsWith('/login?')) return;
  navigate(`/login?redirect=${encodeURIComponent(here)}`, { replace: true });
}

/** Applies spec §8 to a business code; returns the error to reject with. */
function businessError(env: Envelope): RequestError {
  const lang = currentLang();
  const code = env.code;
  let text: string;
  if (SESSION_CODES.has(code)) {
    text = codeText[code as CodeValue][lang];
    expireSession(text);
  } else if (code === Code.TWO_FACTOR_REQUIRED) {
    // The organisation requires two-factor sign-in and it is off: set it up first (issue 16).
    text = codeText[Code.TWO_FACTOR_REQUIRED][lang];
    warn(text, WARN_SECONDS, 'two-factor-required');
    if (window.location.pathname !== '/account/security') navigate('/account/security', { replace: true });
  } else if (code === Code.NO_PERMISSION) {
    text = codeText[402][lang];
    warn(text, WARN_SECONDS, 'no-permission');
  } else if (FIXED_TEXT_CODES.has(code)) {
    text = codeText[code as CodeValue][lang];
    warn(text, WARN_SECONDS);
  } else {
    text = env.msg || i18next.t('common:errors.generic');
    warn(text, WARN_SECONDS);
  }
  return new RequestError(text, 'business', code, 200, env.data);
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const hasBody = opts.body !== undefined;
  const method = opts.method ?? 'GET';
  const url = buildUrl(path, opts.query);
  const token = opts.token ?? getToken();
  const language = acceptLanguage();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  try {
    // the landing page's early script may have sent this very request already (lib/early-requests.ts)
    const early = method === 'GET' && !hasBody ? takeEarlyRequest(url, token, language) : undefined;
    if (early) return await untilAborted(early, controller.signal);
    return await fetch(url, {
      method,
      headers: headers(hasBody, token, language),
      body: hasBody ? JSON.stringify(opts.body) : undefined,
      signal: controller.signal,
    });
  } catch (err) {
    const timedOut = controller.signal.aborted;
    const text = i18next.t(timedOut ? 'common:errors.timeout' : 'common:errors.network');
    fail(text, NETWORK_SECONDS, 'network');
    throw new RequestError(text, timedOut ? 'timeout' : 'network', undefined, undefined, err);
  } finally {
    clearTimeout(timer);
  }
}

async function readJson(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}

function httpError(res: Response, body: unknown): RequestError {
  const msg = isEnvelope(body) && body.msg ? body.msg : '';
  const text = msg || i18next.t('common:errors.http', { status: res.status });
  fail(text, NETWORK_SECONDS, 'network');
  return new RequestError(text, 'http', isEnvelope(body) ? body.code : undefined, res.status, body);
}

/** Sends a JSON request and resolves with the envelope's `data` when the code is 0 or 200. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts);
  const body = await readJson(res);
  if (!res.ok) throw httpError(res, body);
  if (!isEnvelope(body)) throw httpError(res, body);
  if (body.code === Code.OK || body.code === Code.OK_USER_INFO) return body.data as T;
  throw businessError(body);
}

/** A file download (exports): the blob and the file name of `Content-Disposition`. */
export type Download = { blob: Blob; filename: string | null };

/** Sends a request whose success answer is a file; a JSON answer is treated as an envelope error. */
export async function requestBlob(path: string, opts: RequestOptions = {}): Promise<Download> {
  const res = await send(path, opts);
  const type = res.headers.get('Content-Type') ?? '';
  if (type.includes('application/json')) {
    const body = await readJson(res);
    if (!res.ok || !isEnvelope(body)) throw httpError(res, body);
    throw businessError(body);
  }
  if (!res.ok) throw httpError(res, undefined);
  return { blob: await res.blob(), filename: filenameOf(res.headers.get('Content-Disposition')) };
}

/** The file name of a `Content-Disposition` header, preferring the RFC 5987 UTF-8 form. */
export function filenameOf(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? null;
}
