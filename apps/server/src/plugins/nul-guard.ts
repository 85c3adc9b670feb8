/**
 * Refuses text holding U+0000 (NUL) before it reaches a store (issue 14 item 17): PostgreSQL cannot
 * store it in `text` columns and would fail the request with a 5xx. One check that every route shares,
 * whatever its schema: a root `preValidation` hook looks at the path parameters, the query string and
 * the parsed JSON body (keys and string values, at any depth); encrypted payloads are checked after
 * decryption by `assertNoNul` (modules/account/signed-payload.ts). The answer is 604 with
 * `data.errors` = `[{ field, message }]`, `field` the dotted path (api-contract §2).
 */
import type { Lang } from '@portal/contracts/codes.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paramError } from '../lib/app-error.ts';
import { requestLang } from '../lib/request-lang.ts';

const NUL = '\u0000';

const nulText: Record<Lang, string> = {
  zh: '不能包含空字符（U+0000）',
  en: 'Must not contain the NUL character (U+0000)',
};

/**
 * The dotted path of the first key or string value of `value` that holds U+0000, or null when none
 * does. Iterative, so a deeply nested body cannot overflow the stack. Walks what a parser produces
 * (arrays and objects, each once, so a cycle ends); a streamed body (the import endpoint's Readable)
 * or a buffer is bytes, not text, and is skipped.
 */
export function nulPath(value: unknown): string | null {
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
      if (cur.includes(NUL)) return pathOf(node);
    } else if (typeof cur !== 'object' || cur === null || seen.has(cur)) {
    } else if (Array.isArray(cur)) {
      seen.add(cur);
      for (let i = cur.length - 1; i >= 0; i--) stack.push({ value: cur[i], key: String(i), parent: node });
    } else if (isParsedObject(cur)) {
      seen.add(cur);
      const entries = Object.entries(cur);
      const badKey = entries.find(([k]) => k.includes(NUL));
      if (badKey) return pathOf(node, badKey[0].replaceAll(NUL, '\\u0000'));
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

/** Throws AppError 604 naming the field when `value` holds U+0000 anywhere (see nulPath). */
export function assertNoNul(value: unknown, lang: Lang): void {
  const field = nulPath(value);
  if (field !== null) throw paramError([{ field, message: nulText[lang] }]);
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
