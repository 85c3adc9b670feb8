/**
 * Mocked API answers held to the contract (issue 15 item 6). A web test's answer is built from the zod
 * schema the server answers that route with (packages/contracts), so a mock cannot drift from what
 * the server sends: its `data` is typed by the schema's input, parsed by the schema when the mock is
 * built, and refused when the schema would drop one of its keys (a field the contract does not have).
 */
import { z } from 'zod';

/** A mocked answer: an envelope (HTTP 200), or an HTTP status with a body. render-app.tsx serves it. */
export type Reply = { code: number; msg?: string; data?: unknown } | { status: number; body: unknown };

/** A success answer: the envelope `{ code, msg, data }` with `data` as the route's schema outputs it. */
export type ContractReply<T> = Reply & { code: number; msg: string; data: T };

/**
 * `{ code, msg: 'ok', data }` with `data` parsed by `schema` (the route's `data` schema, e.g.
 * `reportScheduleList`); `code` 0, or 200 for `user_info` (spec §7). Throws, naming the route's
 * schema problem, when `data` does not match the contract.
 */
export function contractReply<S extends z.ZodType>(
  schema: S,
  data: z.input<S>,
  code: 0 | 200 = 0,
): ContractReply<z.output<S>> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new Error(`mocked answer does not match its contract schema:\n${z.prettifyError(parsed.error)}`);
  }
  const dropped = droppedKeys(data, parsed.data);
  if (dropped.length > 0) {
    throw new Error(`mocked answer has fields its contract schema does not know: ${dropped.join(', ')}`);
  }
  return { code, msg: 'ok', data: parsed.data as z.output<S> };
}

/** Paths of object keys in `sent` that parsing removed from `kept` (zod objects strip unknown keys). */
function droppedKeys(sent: unknown, kept: unknown, at = 'data'): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, i) => droppedKeys(item, kept[i], `${at}[${i}]`));
  }
  if (!isPlainObject(sent) || !isPlainObject(kept)) return [];
  return Object.keys(sent).flatMap((key) =>
    key in kept ? droppedKeys(sent[key], kept[key], `${at}.${key}`) : [`${at}.${key}`],
  );
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
