/**
 * Robustness of every documented route (api-contract §1–2): bad input never answers HTTP 500 or code 602,
 * every answer is the JSON envelope `{ code: number, msg: string, data }` with a catalogue code, and input
 * that the route's own schema rejects answers 604 with `data.errors` naming the offending field
 * (HTTP 200; HTTP 400/413/415 when the body cannot be parsed at all).
 *
 * The routes come from the OpenAPI document (`/docs/json`) at run time, so routes added later are covered
 * without touching this file. For each operation the battery derives, from the documented schemas:
 * - "invalid" cases, which the schema must reject: missing body / required field, wrong JSON type,
 *   an array where a scalar goes, a non-integer for an integer, below `minimum`, outside an enum,
 *   longer than `maxLength` (10k chars), shorter than `minLength`, an unknown field when
 *   `additionalProperties` is false, non-numeric path/query numbers, malformed / empty / prototype-
 *   poisoned JSON, an unsupported content type, an oversized body;
 * - "probe" cases, which may pass the schema and reach the handler, where only the envelope rules apply:
 *   a valid-looking input, 10k-char strings without a documented maximum, negative and huge numbers,
 *   extra fields, repeated query parameters.
 * Each case runs without a token and with demo@ (organisation admin) and ops@ (operations staff) tokens.
 *
 * Documented exceptions to "invalid → 604": `/external_api/*` checks the partner signature before the
 * schema (10003, external/routes.ts); any route may be rate limited first (10002). Logout is never called
 * with a token (it would end the session the rest of the battery uses). Valid-looking ids are large
 * (987654) so probes hit nothing that exists: the battery does not delete or deactivate demo data.
 *
 * Not covered: path parameters longer than Fastify's `maxParamLength` (100) or not valid percent-encoding.
 * Fastify's router refuses those before any route, hook or error handler runs, and answers its own
 * English `{ error, code, message, statusCode }` body unless the app is built with
 * `Fastify({ frameworkErrors: answerFrameworkError })` (plugins/error-handler.ts, tested in
 * plugins/validation-messages.test.ts).
 *
 * Text holding U+0000 (in any string field, query or path parameter, unknown field or key) is "invalid":
 * 604 naming the field, before any store (plugins/nul-guard.ts; PostgreSQL cannot store it).
 *
 * PostgreSQL (TEST_DATABASE_URL) runs only the probe and the U+0000 cases with the demo token: other
 * "invalid" cases never reach the store, so repeating them there would only cost time.
 */

import { writeFileSync } from 'node:fs';
import { Code, type CodeValue, codeMessage, type Lang } from '@portal/contracts/codes.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from './demo/accounts.ts';
import {
  type ApiDoc,
  type ApiOperation,
  type ApiParameter,
  apiDocOf,
  type JsonSchema,
} from './test/api-doc.ts';
import { anyEnvelope } from './test/envelope.ts';
import { endpointCallers } from './test/json-caller.ts';
import { loginAs } from './test/login.ts';
import { createTestApp, type TestApp, testDbKinds } from './test/test-app.ts';

/** The document's shapes (test/api-doc.ts, parsed from /docs/json). */
type Schema = JsonSchema;
type Operation = ApiOperation;
type Parameter = ApiParameter;
type OpenApi = ApiDoc;

type Case = {
  /** What the case sends, for the failure list. */
  label: string;
  /** "invalid": the documented schema rejects it; "probe": it may reach the handler. */
  kind: 'invalid' | 'probe';
  /** The `field` a 604 must name (dotted path, '' for the whole part); undefined: any field. */
  field?: string;
  /** Expected HTTP status of an invalid case (200 for schema failures, 400/413/415 for unparseable bodies). */
  status?: number;
  path: string;
  query: [string, string][];
  /** JSON value, or a raw string with `contentType`; undefined: no body. */
  body?: unknown;
  raw?: string;
  contentType?: string;
};

type Caller = 'none' | 'demo' | 'ops';

const HUGE = 'x'.repeat(10_000);
/** Text PostgreSQL cannot store: refused with 604 before any store (plugins/nul-guard.ts). */
const NUL_TEXT = 'robust\u0000nul';
const OVERSIZED = 'x'.repeat(1024 * 1024 + 16);
const SAFE_ID = 987654;
const catalogue = new Set<number>(Object.values(Code));
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

// ---------------------------------------------------------------------------------------------------
// Schema reading

function resolver(doc: OpenApi) {
  return function resolve(s: Schema | undefined): Schema {
    let cur = s ?? {};
    for (let i = 0; cur.$ref && i < 10; i++) {
      const name = cur.$ref.replace('#/components/schemas/', '');
      cur = doc.components?.schemas?.[name] ?? {};
    }
    return cur;
  };
}

/** JSON types a schema accepts ('any' when it does not say). */
function acceptedTypes(s: Schema, resolve: (s: Schema | undefined) => Schema): Set<string> {
  const out = new Set<string>();
  const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? [])].map(resolve);
  for (const b of branches) for (const t of acceptedTypes(b, resolve)) out.add(t);
  if (s.allOf?.length) for (const t of acceptedTypes(resolve(s.allOf[0]), resolve)) out.add(t);
  if (s.type) for (const t of Array.isArray(s.type) ? s.type : [s.type]) out.add(t);
  for (const v of s.enum ?? []) out.add(jsonType(v));
  if (s.const !== undefined) out.add(jsonType(s.const));
  if (s.nullable) out.add('null');
  if (out.size === 0) out.add('any');
  return out;
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function accepts(types: Set<string>, v: unknown): boolean {
  if (types.has('any')) return true;
  const t = jsonType(v);
  if (t === 'integer') return types.has('integer') || types.has('number');
  return types.has(t);
}

/** Enumerated values when the schema is a closed set (enum, const, or a union of those). */
function closedSet(s: Schema, resolve: (s: Schema | undefined) => Schema): unknown[] | undefined {
  if (s.enum) return s.enum;
  if (s.const !== undefined) return [s.const];
  const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? [])].map(resolve);
  if (branches.length === 0) return undefined;
  const values: unknown[] = [];
  for (const b of branches) {
    const set = closedSet(b, resolve);
    if (!set) return undefined;
    values.push(...set);
  }
  return values;
}

/** Lowest accepted number, or undefined when there is no meaningful lower bound. */
function lowerBound(s: Schema): { min: number; exclusive: boolean } | undefined {
  if (typeof s.exclusiveMinimum === 'number') return { min: s.exclusiveMinimum, exclusive: true };
  if (s.minimum === undefined || s.minimum < -1e12) return undefined;
  return { min: s.minimum, exclusive: s.exclusiveMinimum === true };
}

/** A valid-looking value for `s`: ids are large so that nothing existing is touched. */
function sample(s0: Schema | undefined, resolve: (s: Schema | undefined) => Schema, depth = 0): unknown {
  const s = resolve(s0);
  const set = closedSet(s, resolve);
  if (set && set.length > 0) return set[0];
  const branch = s.anyOf?.[0] ?? s.oneOf?.[0] ?? s.allOf?.[0];
  const types = acceptedTypes(s, resolve);
  if (branch && !s.type) return sample(branch, resolve, depth + 1);
  if (types.has('object') || s.properties) {
    const out: Record<string, unknown> = {};
    if (depth > 5) return out;
    for (const k of s.required ?? []) out[k] = sample(s.properties?.[k], resolve, depth + 1);
    return out;
  }
  if (types.has('array')) return depth > 5 ? [] : [sample(s.items, resolve, depth + 1)];
  if (types.has('integer') || types.has('number')) {
    const lo = lowerBound(s);
    const min = lo ? lo.min + (lo.exclusive ? 1 : 0) : SAFE_ID;
    const max = s.maximum !== undefined && s.maximum < SAFE_ID ? s.maximum : SAFE_ID;
    return Math.max(min, Math.min(max, SAFE_ID));
  }
  if (types.has('boolean')) return true;
  if (types.has('string')) {
    if (s.format === 'email') return 'robust@example.com';
    if (s.format === 'uri' || s.format === 'url') return 'https://example.com/robust';
    const min = s.minLength ?? 1;
    const max = s.maxLength ?? 64;
    return 'robust'.padEnd(min, 'r').slice(0, Math.max(max, min));
  }
  return 'robust';
}

type Mutation = { label: string; kind: Case['kind']; value: unknown };

/** Values for one JSON field: wrong types, arrays for scalars, out-of-range numbers, long strings. */
function fieldMutations(s0: Schema | undefined, resolve: (s: Schema | undefined) => Schema): Mutation[] {
  const s = resolve(s0);
  const types = acceptedTypes(s, resolve);
  if (types.has('any')) return [{ label: 'huge string', kind: 'probe', value: HUGE }];
  const out: Mutation[] = [];
  const wrong = ['NaN', 12345, true, { zz: 1 }].find((v) => !accepts(types, v));
  if (wrong !== undefined)
    out.push({ label: `wrong type ${JSON.stringify(wrong)}`, kind: 'invalid', value: wrong });
  if (!types.has('array')) out.push({ label: 'array for a scalar', kind: 'invalid', value: [1, 'a'] });
  if (!types.has('null')) out.push({ label: 'null', kind: 'invalid', value: null });
  const set = closedSet(s, resolve);
  if (set) {
    const outside = [999_999, 'not-in-enum'].find((v) => !set.includes(v) && accepts(types, v));
    if (outside !== undefined) out.push({ label: 'outside the enum', kind: 'invalid', value: outside });
    return out;
  }
  if (types.has('integer') && !types.has('number'))
    out.push({ label: '1.5 for an integer', kind: 'invalid', value: 1.5 });
  if (types.has('integer') || types.has('number')) {
    const lo = lowerBound(s);
    if (lo) out.push({ label: 'below minimum', kind: 'invalid', value: lo.exclusive ? lo.min : lo.min - 1 });
    else out.push({ label: 'negative', kind: 'probe', value: -1 });
    const tooBig = s.maximum !== undefined && s.maximum < 1e308;
    out.push({ label: '1e308', kind: tooBig ? 'invalid' : 'probe', value: 1e308 });
  }
  if (types.has('string')) {
    const long = s.maxLength !== undefined && s.maxLength < HUGE.length;
    out.push({ label: '10k string', kind: long ? 'invalid' : 'probe', value: HUGE });
    out.push({ label: 'U+0000 in the text', kind: 'invalid', value: NUL_TEXT });
    if ((s.minLength ?? 0) >= 1) out.push({ label: 'empty string', kind: 'invalid', value: '' });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Cases of one operation

function buildPath(template: string, params: Parameter[], resolve: (s: Schema | undefined) => Schema) {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const p = params.find((x) => x.in === 'path' && x.name === name);
    return encodeURIComponent(String(sample(p?.schema, resolve)));
  });
}

function casesOf(doc: OpenApi, template: string, method: string, op: Operation): Case[] {
  const resolve = resolver(doc);
  const params = op.parameters ?? [];
  const query = params.filter((p) => p.in === 'query');
  const baseQuery: [string, string][] = query
    .filter((p) => p.required)
    .map((p) => [p.name, String(sample(p.schema, resolve))]);
  const basePath = buildPath(template, params, resolve);
  const bodySchema = resolve(op.requestBody?.content?.['application/json']?.schema);
  const hasBody = op.requestBody?.content?.['application/json'] !== undefined;
  const baseBody = hasBody ? sample(bodySchema, resolve) : undefined;
  const cases: Case[] = [];
  const add = (c: Partial<Case> & Pick<Case, 'label' | 'kind'>) =>
    cases.push({ path: basePath, query: baseQuery, body: baseBody, ...c });

  add({ label: 'valid-looking input', kind: 'probe' });

  // Path parameters that are not what they should be.
  for (const p of params.filter((x) => x.in === 'path')) {
    const ps = resolve(p.schema);
    const types = acceptedTypes(ps, resolve);
    const numeric = (types.has('integer') || types.has('number')) && !types.has('string');
    const set = closedSet(ps, resolve);
    // At most 100 characters and valid percent-encoding: see "Not covered" in the module doc.
    for (const v of ['abc', '-1', '1.5', 'NaN', '9'.repeat(100), ' %20 ', NUL_TEXT]) {
      const hasNul = v === NUL_TEXT;
      const outside = set !== undefined && !set.map(String).includes(v);
      const notNumber = numeric && ['abc', 'NaN', ' %20 '].includes(v);
      const notInteger = numeric && v === '1.5' && !types.has('number');
      const belowMin = numeric && v === '-1' && lowerBound(ps) !== undefined;
      const isInvalid = outside || notNumber || notInteger || belowMin || hasNul;
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === p.name
          ? encodeURIComponent(v)
          : encodeURIComponent(String(sample(params.find((x) => x.name === name)?.schema, resolve))),
      );
      add({
        label: `path ${p.name}=${v.slice(0, 12)}`,
        kind: isInvalid ? 'invalid' : 'probe',
        field: p.name,
        path,
      });
    }
  }

  // Query parameters.
  for (const p of query) {
    const s = resolve(p.schema);
    const others = baseQuery.filter(([k]) => k !== p.name);
    if (p.required) add({ label: `query ${p.name} missing`, kind: 'invalid', field: p.name, query: others });
    const types = acceptedTypes(s, resolve);
    const numeric = (types.has('integer') || types.has('number')) && !types.has('string');
    const q = (v: string): [string, string][] => [...others, [p.name, v]];
    if (numeric) {
      add({ label: `query ${p.name}=abc`, kind: 'invalid', field: p.name, query: q('abc') });
      add({ label: `query ${p.name}=NaN`, kind: 'invalid', field: p.name, query: q('NaN') });
      if (!types.has('number'))
        add({ label: `query ${p.name}=1.5`, kind: 'invalid', field: p.name, query: q('1.5') });
      const lo = lowerBound(s);
      if (lo)
        add({
          label: `query ${p.name} below minimum`,
          kind: 'invalid',
          field: p.name,
          query: q(String(lo.exclusive ? lo.min : lo.min - 1)),
        });
      else add({ label: `query ${p.name}=-1`, kind: 'probe', query: q('-1') });
      add({ label: `query ${p.name}=1e400`, kind: 'probe', query: q('1e400') });
    }
    add({ label: `query ${p.name} with U+0000`, kind: 'invalid', field: p.name, query: q(NUL_TEXT) });
    if (types.has('string')) {
      const long = s.maxLength !== undefined && s.maxLength < HUGE.length;
      add({ label: `query ${p.name} 10k`, kind: long ? 'invalid' : 'probe', field: p.name, query: q(HUGE) });
      const set = closedSet(s, resolve);
      if (set && !set.includes('not-in-enum'))
        add({
          label: `query ${p.name} outside enum`,
          kind: 'invalid',
          field: p.name,
          query: q('not-in-enum'),
        });
    }
    add({
      label: `query ${p.name} repeated`,
      kind: 'probe',
      query: [...others, [p.name, '1'], [p.name, '2']],
    });
  }
  add({
    label: 'unknown query field',
    kind: 'probe',
    query: [...baseQuery, ['zz_unknown', HUGE.slice(0, 500)]],
  });
  add({
    label: 'unknown query field with U+0000',
    kind: 'invalid',
    field: 'zz_unknown',
    query: [...baseQuery, ['zz_unknown', NUL_TEXT]],
  });

  // Bodies.
  if (!BODY_METHODS.has(method)) return cases;
  const badJson = (label: string, raw: string, contentType = 'application/json', status = 400) =>
    add({ label, kind: 'invalid', field: '', status, raw, contentType, body: undefined });
  badJson('malformed JSON', '{"a": ');
  badJson('empty JSON body', '');
  badJson('prototype-poisoned JSON', '{"__proto__": {"polluted": 1}}');
  badJson('unsupported content type', '<a/>', 'application/xml', 415);
  badJson('oversized body', JSON.stringify({ zz: OVERSIZED }), 'application/json', 413);
  if (!hasBody) {
    add({ label: 'unexpected body', kind: 'probe', body: { zz_unknown: HUGE } });
    return cases;
  }
  const isObject =
    acceptedTypes(bodySchema, resolve).has('object') && !acceptedTypes(bodySchema, resolve).has('any');
  if (isObject) {
    add({
      label: 'no body',
      kind: op.requestBody?.required ? 'invalid' : 'probe',
      field: '',
      body: undefined,
    });
    add({ label: 'array body', kind: 'invalid', field: '', body: [baseBody] });
    add({ label: 'string body', kind: 'invalid', field: '', body: 'robust' });
  }
  const extraInvalid = bodySchema.additionalProperties === false;
  add({
    label: 'unknown extra field',
    kind: extraInvalid ? 'invalid' : 'probe',
    body: { ...(baseBody as object), zz_unknown: 1 },
  });
  add({
    label: 'unknown extra field with U+0000',
    kind: 'invalid',
    field: 'zz_unknown',
    body: { ...(baseBody as object), zz_unknown: NUL_TEXT },
  });
  add({
    label: 'U+0000 in a key',
    kind: 'invalid',
    body: { ...(baseBody as object), 'zz\u0000key': 1 },
  });

  /** Mutations of one object's fields (recursing into nested objects and the first array item). */
  const walk = (
    s: Schema,
    prefix: string[],
    setAt: (value: unknown, key?: string) => unknown,
    depth: number,
  ) => {
    if (depth > 3) return;
    const required = new Set(s.required ?? []);
    for (const [key, raw] of Object.entries(s.properties ?? {})) {
      const field = [...prefix, key].join('.');
      if (required.has(key))
        add({ label: `${field} missing`, kind: 'invalid', field, body: setAt(undefined, key) });
      for (const m of fieldMutations(raw, resolve)) {
        add({ label: `${field}: ${m.label}`, kind: m.kind, field, body: setAt(m.value, key) });
      }
      const sub = resolve(raw);
      if (sub.properties) {
        walk(sub, [...prefix, key], (v, k) => setAt(withKey(sample(sub, resolve), k, v), key), depth + 1);
      } else if (sub.items && resolve(sub.items).properties) {
        const item = resolve(sub.items);
        walk(
          item,
          [...prefix, key, '0'],
          (v, k) => setAt([withKey(sample(item, resolve), k, v)], key),
          depth + 1,
        );
      }
    }
  };
  if (isObject) walk(bodySchema, [], (v, k) => withKey(baseBody, k, v), 0);
  return cases;
}

/** A copy of `obj` with `key` set to `value` (removed when `value` is undefined). */
function withKey(obj: unknown, key: string | undefined, value: unknown): unknown {
  if (key === undefined) return value;
  const copy = { ...(obj as Record<string, unknown>) };
  if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy;
}

// ---------------------------------------------------------------------------------------------------
// Running and judging

type Outcome = { status: number; contentType: string; body: unknown; text: string };

function judge(c: Case, method: string, template: string, caller: Caller, lang: Lang, o: Outcome): string[] {
  const problems: string[] = [];
  const where = (list: string[]) =>
    list.map((p) => `${method.toUpperCase()} ${template} [${caller}, ${lang}] ${c.label}: ${p}`);
  if (o.status >= 500) problems.push(`HTTP ${o.status}`);
  if (o.status < 300 && !o.contentType.includes('application/json')) {
    // A successful file download (exports) is not an envelope; only valid input can get there.
    if (c.kind === 'invalid')
      problems.push(`HTTP ${o.status} non-JSON answer (${o.contentType}) to invalid input`);
    return where(problems);
  }
  const env = o.body as { code?: unknown; msg?: unknown; data?: unknown } | undefined;
  if (
    !env ||
    typeof env !== 'object' ||
    typeof env.code !== 'number' ||
    typeof env.msg !== 'string' ||
    !('data' in env)
  ) {
    problems.push(`not an envelope: ${o.text.slice(0, 200)}`);
    return where(problems);
  }
  if (!o.contentType.startsWith('application/json'))
    problems.push(`envelope sent as ${JSON.stringify(o.contentType)}`);
  const code = env.code;
  if (code === 602) problems.push('code 602');
  if (!catalogue.has(code)) problems.push(`code ${code} is not in the catalogue`);
  if (env.msg.length === 0) problems.push('empty msg');
  // Messages follow the caller's language on every route (issue 25 item 15).
  if ((code === 0 || code === 200) && env.msg !== codeMessage(code, lang))
    problems.push(`success msg ${JSON.stringify(env.msg)} is not the ${lang} text`);
  if (lang === 'en' && /[\u3400-\u9fff]/.test(env.msg))
    problems.push(`Chinese msg ${JSON.stringify(env.msg)} to an English caller`);
  if (code === 604) {
    const errors = (env.data as { errors?: { field?: unknown; message?: unknown }[] } | null)?.errors;
    if (!Array.isArray(errors) || errors.length === 0) problems.push('604 without data.errors');
    else if (
      errors.some((e) => typeof e.field !== 'string' || typeof e.message !== 'string' || e.message === '')
    )
      problems.push(`malformed data.errors ${JSON.stringify(errors).slice(0, 200)}`);
  }
  if (c.kind === 'invalid') {
    // Authentication runs before the schema (issue 22 item 9): 603 without credentials, and 10031 for
    // a member whose organisation came to require two-factor (a probe of the policy route can turn it on).
    const before: CodeValue[] =
      caller === 'none' && signedInOnly.has(`${method} ${template}`)
        ? [603]
        : [...allowedBeforeSchema(template), ...(caller === 'none' ? [] : [10031 as CodeValue])];
    if (code === 604) {
      if (env.msg !== codeMessage(604, lang))
        problems.push(`604 msg ${JSON.stringify(env.msg)} is not the ${lang} text`);
      const expected = c.status ?? 200;
      if (o.status !== expected) problems.push(`HTTP ${o.status}, expected ${expected}`);
      const errors = (env.data as { errors?: { field: string }[] }).errors ?? [];
      if (c.field !== undefined && !errors.some((e) => e.field === c.field))
        problems.push(
          `604 does not name field ${JSON.stringify(c.field)}: ${JSON.stringify(errors).slice(0, 300)}`,
        );
    } else if (!before.includes(code as CodeValue)) {
      problems.push(
        `code ${code} (${caller}), expected 604${before.length ? ` or ${before.join('/')}` : ''}`,
      );
    }
  }
  return where(problems);
}

/** `method template` of the routes that answer a call without credentials 603 (authenticated first). */
const signedInOnly = new Set<string>();

/** Codes a route may answer before its schema runs (see the module doc). */
function allowedBeforeSchema(template: string): CodeValue[] {
  return template.startsWith('/external_api/') ? [10003, 10002] : [10002];
}

async function run(
  t: TestApp,
  method: string,
  c: Case,
  token: string | undefined,
  lang: Lang,
): Promise<Outcome> {
  const qs = new URLSearchParams(c.query).toString();
  const headers: Record<string, string> = {};
  if (lang === 'en') headers['accept-language'] = 'en';
  if (token) headers.token = token;
  let payload: string | undefined;
  if (c.raw !== undefined) {
    payload = c.raw;
    headers['content-type'] = c.contentType ?? 'application/json';
  } else if (c.body !== undefined) {
    payload = JSON.stringify(c.body);
    headers['content-type'] = 'application/json';
  }
  const res = await t.app.inject({
    method: method.toUpperCase() as 'GET',
    url: qs ? `${c.path}?${qs}` : c.path,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    body = undefined;
  }
  return {
    status: res.statusCode,
    contentType: String(res.headers['content-type'] ?? ''),
    body,
    text: res.body,
  };
}

// ---------------------------------------------------------------------------------------------------

describe.each(testDbKinds)('every documented route on %s', (db) => {
  let t: TestApp;
  let doc: OpenApi;
  const tokens: Partial<Record<Caller, string>> = {};

  beforeAll(async () => {
    t = await createTestApp({ db });
    await seedDemoAccounts(t.app.db);
    tokens.demo = await loginAs(t.app, 'demo@example.com', 'Demo12345');
    tokens.ops = await loginAs(t.app, 'ops@example.com', 'Demo12345');
    doc = await apiDocOf(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every bad input with the envelope, never 500/602, and 604 naming the field when the schema rejects it', async () => {
    const started = Date.now();
    const problems: string[] = [];
    const callers: Caller[] = db === 'pglite' ? ['none', 'demo', 'ops'] : ['demo'];
    let operations = 0;
    let invalid = 0;
    let reachedAsUser = 0;
    for (const [template, ops] of Object.entries(doc.paths)) {
      if (template.startsWith('/docs')) continue;
      for (const [method, op] of Object.entries(ops)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        operations++;
        // Authentication runs before the schema (issue 22 item 9): a route that refuses an empty call
        // without credentials with 603 must refuse every call without credentials with 603.
        const bare = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: template.replace(/\{[^}]+\}/g, '1'),
        });
        if (anyEnvelope.safeParse(bare.json()).data?.code === 603) signedInOnly.add(`${method} ${template}`);
        let i = 0;
        for (const c of casesOf(doc, template, method, op)) {
          // U+0000 is what PostgreSQL refuses (issue 14 item 17): those cases run on every store.
          if (db !== 'pglite' && c.kind !== 'probe' && !c.label.includes('U+0000')) continue;
          for (const caller of callers) {
            if (caller !== 'none' && /logout/.test(template)) continue;
            // The oversized body costs 1 MiB per request: once per operation is enough.
            if (c.label === 'oversized body' && caller !== 'none') continue;
            const lang: Lang = i++ % 2 === 0 ? 'zh' : 'en';
            const o = await run(t, method, c, tokens[caller as 'demo'], lang);
            problems.push(...judge(c, method, template, caller, lang, o));
            if (c.kind === 'invalid') invalid++;
            const code = (o.body as { code?: number } | undefined)?.code;
            if (caller !== 'none' && code !== undefined && ![603, 20003, 20005, 604].includes(code))
              reachedAsUser++;
          }
        }
      }
    }
    // The battery is not vacuous: the document lists the portal's routes, the schema cases ran, and
    // signed-in callers got past authentication (a lost session would turn every probe into 20003).
    expect(operations).toBeGreaterThan(20);
    if (db === 'pglite') expect(invalid).toBeGreaterThan(200);
    expect(reachedAsUser).toBeGreaterThan(operations);
    for (const caller of ['demo', 'ops'] as const) {
      const info = await endpointCallers(t.app).answer(
        endpoints.account.userInfo,
        {},
        tokens[caller] ?? null,
      );
      expect(info.code, `${caller} session still valid`).toBe(200);
    }
    if (process.env.ROBUSTNESS_REPORT) writeFileSync(process.env.ROBUSTNESS_REPORT, problems.join('\n'));
    expect(problems).toEqual([]);
    // Bounded: the whole battery must stay well inside the test timeout.
    expect(Date.now() - started).toBeLessThan(110_000);
  }, 120_000);
});
