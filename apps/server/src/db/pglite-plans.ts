/**
 * Kept query plans for the embedded accounts store (PGlite). PGlite's `query()` parses and plans every
 * statement anew (its extended protocol uses the unnamed statement), and for the caller statement of
 * every cold authenticated request (plugins/session-store.ts) planning is most of the cost: 0.7–1.0 ms
 * of ~1 ms, against ~0.25 ms to execute a kept plan (bench/RESULTS.md, issue 26 item 2). A PostgreSQL
 * server needs none of this: postgres.js names and keeps its statements itself.
 *
 * Statement texts are registered by the code that builds them ({@link keepPlanned}). The client given
 * to drizzle ({@link withKeptPlans}) runs a registered text as `EXECUTE` of a statement it `PREPARE`d
 * once, with the parameters written as literals, but only when every parameter is a safe integer or a
 * string of ASCII letters, digits and `_` (a token hash, a state name), so no quoting is ever involved;
 * any other call, and any call after a failed PREPARE, runs as before. Results are the same rows in the
 * same column order, so drizzle maps them as usual, and its logger still sees the original text.
 */
import type { PGlite } from '@electric-sql/pglite';

const registered = new Map<string, string>();

/**
 * Registers `text` (a statement's SQL with `$n` parameters, as drizzle writes it) to run from a kept
 * plan on PGlite, under `name` (an SQL identifier). Idempotent; a second name for the same text is
 * ignored.
 */
export function keepPlanned(name: string, text: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a statement name: ${name}`);
  if (!registered.has(text)) registered.set(text, name);
}

/** `v` as an SQL literal when it needs no quoting rules at all; undefined otherwise. */
function plainLiteral(v: unknown): string | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? String(v) : undefined;
  if (typeof v === 'string') return /^[A-Za-z0-9_]*$/.test(v) ? `'${v}'` : undefined;
  return undefined;
}

/**
 * `client` with registered statements run from kept plans (module comment); every other property and
 * method is the client's own.
 */
export function withKeptPlans(client: PGlite): PGlite {
  /** Statement name → prepared (true), or failed to prepare (false: run as before from then on). */
  const prepared = new Map<string, boolean>();
  const query: PGlite['query'] = async (text, params, options) => {
    const name = registered.get(text);
    const literals = params?.map(plainLiteral);
    if (name && literals?.every((l) => l !== undefined) && prepared.get(name) !== false) {
      if (!prepared.has(name)) {
        try {
          await client.exec(`PREPARE ${name} AS ${text}`);
          prepared.set(name, true);
        } catch {
          prepared.set(name, false);
          return client.query(text, params, options);
        }
      }
      const args = literals.length ? `(${literals.join(', ')})` : '';
      return client.query(`EXECUTE ${name}${args}`, [], options);
    }
    return client.query(text, params, options);
  };
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
