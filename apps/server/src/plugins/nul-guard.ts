/**
 * Refuses text holding U+0000 (NUL, issue 14 item 17) or a lone UTF-16 surrogate (issue 22 item 6,
 * contracts/text-rules.ts) before it reaches a store: PostgreSQL cannot store either in `text` or
 * `jsonb` columns and would fail the request with a 5xx. One check that every route shares,
 * whatever its schema: a root `preValidation` hook looks at the path parameters, the query string and
 * the parsed JSON body (keys and string values, at any depth); encrypted payloads are checked after
 * decryption by `assertNoNul` (modules/account/signed-payload.ts). The answer is 604 with
 * `data.errors` = `[{ field, message }]`, `field` the dotted path (api-contract §2).
 */
import type { Lang } from '@portal/contracts/codes.ts';
import { hasLoneSurrogate, loneSurrogateText } from '@portal/contracts/text-rules.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paramError } from '../lib/app-error.ts';
import { requestLang } from '../lib/request-lang.ts';

const NUL = '\u0000';

const nulText: Record<Lang, string> = {
  zh: '不能包含空字符（U+0000）',
  en: 'Must not contain the NUL character (U+0000)',
};

/** A string the stores cannot hold: one with U+0000 or with a lone surrogate. */
function unstorable(s: string): boolean {
  return s.includes(NUL) || hasLoneSurrogate(s);
}

/** Visible form of a refused key in a field path: NUL and lone surrogates as `\uXXXX`. */
function escapeKey(k: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is the point.
  return k.replace(/\u0000|[\ud800-\udfff]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The dotted path of the first key or string value of `value` that holds U+0000 or a lone surrogate,
 * or null when none does. Iterative, so a deeply nested body cannot overflow the stack. Walks what a
 * parser produces (arrays and objects, each once, so a cycle ends); a streamed body (the import endpoint's Readable)
 * or a buffer is bytes, not text, and is skipped.
 */
export function nulPath(value: unknown): string | null {
  return badTextAt(value)?.path ?? null;
}

/** Where `value` first holds text the stores cannot take, and whether that text holds U+0000. */
function badTextAt(value: unknown): { path: string; nul: boolean } | null {
  type Node = { value: unknown; key: string; parent: Node | null };
  const pathOf = (node: Node | null, last?: string): string => {
    const keys: string[] = last === undefined ? [] : [last];
    for (let n = node; n?.parent; n = n.parent) keys.push(n.key);
    return keys.reverse().join('.');
  };
  const stack: Node[] = [{ value, key: '', parent: null }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const cur = node.value;
    if (typeof cur === 'string') {
      if (unstorable(cur)) return { path: pathOf(node), nul: cur.includes(NUL) };
    } else if (typeof cur !== 'object' || cur === null || seen.has(cur)) {
    } else if (Array.isArray(cur)) {
      seen.add(cur);
      for (let i = cur.length - 1; i >= 0; i--) stack.push({ value: cur[i], key: String(i), parent: node });
    } else if (isParsedObject(cur)) {
      seen.add(cur);
      const entries = Object.entries(cur);
      const badKey = entries.find(([k]) => unstorable(k));
      if (badKey) return { path: pathOf(node, escapeKey(badKey[0])), nul: badKey[0].includes(NUL) };
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, v] = entries[i] as [string, unknown];
        stack.push({ value: v, key: k, parent: node });
      }
    }
  }
  return null;
}

/** A parsed object (JSON body, query string, params), not a stream, buffer or date. */
function isParsedObject(v: object): boolean {
  if (ArrayBuffer.isView(v) || v instanceof Date) return false;
  return typeof (v as { pipe?: unknown }).pipe !== 'function';
}

/**
 * Throws AppError 604 naming the field when `value` holds U+0000 or a lone surrogate anywhere (see
 * nulPath); the message names which of the two.
 */
export function assertNoNul(value: unknown, lang: Lang): void {
  const bad = badTextAt(value);
  if (bad) throw paramError([{ field: bad.path, message: (bad.nul ? nulText : loneSurrogateText)[lang] }]);
}

/** Registers the root hook; call before the routes are registered so every route gets it. */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const lang = requestLang(request);
    assertNoNul(request.params, lang);
    assertNoNul(request.query, lang);
    assertNoNul(request.body, lang);
  });
}
