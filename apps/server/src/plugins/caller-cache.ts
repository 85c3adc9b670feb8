/**
 * What a session token resolves to (the user with roles, report access, SDK and channel scopes),
 * kept per process until something it was read from is written (the generation below), so a report
 * request costs no accounts-store query when the same caller asked before (bench/RESULTS.md, API
 * overhead a/b). No time limit bounds it (issue 26 item 2) except where this process cannot hear every
 * write (`callerCacheLimitMs`); `AUTH_CACHE_MS=0` turns the cache off.
 *
 * Correctness rests on a write generation, not on the time limit alone:
 * - every statement that writes a table the values come from (`CALLER_TABLES`), or any DDL, bumps the
 *   generation (seen by the Drizzle logger, so workers and tests writing through `app.db` count too);
 *   only a login's new session row does not (`changesCallerData`);
 * - a state-changing HTTP request (not GET/HEAD/OPTIONS) during which the generation moved bumps it
 *   again when its response is sent, after its transaction committed, so a value a concurrent request
 *   read between the write and the commit is dropped too (app.ts).
 * An entry is used only while the generation it was read under is current, so a changed role, data
 * permission, membership, app or a revoked session applies on the next request (spec §6). Several
 * API instances share their bumps through Redis (caller-cache-sync.ts); while the shared version
 * cannot be read (Redis down) the cache is paused: every request reads the accounts store, so a
 * revocation elsewhere applies at once (fail closed for revocation, open for availability). Without
 * Redis configured on PostgreSQL, `AUTH_CACHE_MS` bounds what another process writing to the shared
 * database could leave stale; on PGlite the store belongs to this process alone.
 * Session expiry is checked by the caller on every hit (plugins/session-impl.ts).
 */

/** Drops entries beyond this many tokens, oldest first. */
const MAX_ENTRIES = 10_000;

/**
 * The accounts-store tables cached values are read from (session, roles, report access, scopes, app
 * names); writes to others (captchas, e-mail codes, the to-do outbox, ad slots) keep the cache.
 */
export const CALLER_TABLES = new Set([
  'users',
  'user_roles',
  'sessions',
  'companies',
  'company_channels',
  'data_permissions',
  'apps',
  // Two-factor enrolment and the organisation's policy (modules/two-factor/enforce.ts).
  'user_two_factor',
  'company_security',
]);

/** A plain write as Drizzle emits it: the statement and its table (`insert into "apps" …`). */
const TABLE_WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/i;
/** Anything else that may change data or schema (a `WITH` may hide a write): always counts. */
const OTHER_WRITE = /^\s*(with|truncate|alter|create|drop|merge|copy)\b/i;

/**
 * A new session row (a login) changes no cached value: its token is fresh from a CSPRNG, so nothing
 * was ever read under its hash, and every other value keys on other tokens. Without this, each login
 * anywhere would empty the cache for everyone. An upsert still counts.
 */
const SESSION_INSERT = /^\s*insert\s+into\s+"?sessions"?\s/i;
const UPSERT = /\bon\s+conflict\b/i;

/** Whether `sql` may change what a cached caller value was read from. */
export function changesCallerData(sql: string): boolean {
  const plain = TABLE_WRITE.exec(sql);
  if (plain) {
    if (SESSION_INSERT.test(sql) && !UPSERT.test(sql)) return false;
    return CALLER_TABLES.has((plain[1] ?? '').toLowerCase());
  }
  return OTHER_WRITE.test(sql);
}

/**
 * The time limit (ms) of a cache under `config`: 0 (off) when `AUTH_CACHE_MS` is 0; none (Infinity)
 * when every write that matters is heard, through Redis' shared version (REDIS_URL) or because the
 * accounts store is this process's own PGlite; else `AUTH_CACHE_MS` (PostgreSQL without Redis, where
 * another process could write unseen).
 */
export function callerCacheLimitMs(config: {
  authCacheMs: number;
  redisUrl?: string | undefined;
  databaseUrl?: string | undefined;
}): number {
  if (config.authCacheMs <= 0) return 0;
  if (config.redisUrl || !config.databaseUrl) return Number.POSITIVE_INFINITY;
  return config.authCacheMs;
}

type Entry = { generation: number; at: number; values: Map<string, Promise<unknown>> };

export type CallerCache = {
  /** The current write generation. */
  generation(): number;
  /**
   * Marks every cached value stale. `elsewhere`: another instance wrote (caller-cache-sync.ts), so
   * the `onLocalBump` listeners are not told.
   */
  bump(elsewhere?: boolean): void;
  /**
   * Stops using cached values: until `resume`, every `get` loads and nothing is kept (the shared
   * version cannot be read, so another instance's writes would go unseen).
   */
  pause(): void;
  /** Uses the cache again, dropping every value cached before. */
  resume(): void;
  /** Whether the cache is paused. */
  paused(): boolean;
  /** Calls `listener` after every bump caused by this process (its writes or its requests). */
  onLocalBump(listener: () => void): void;
  /** Bumps when `sql` may change caller data (`changesCallerData`; the Drizzle logger's `logQuery`). */
  observe(sql: string): void;
  /**
   * The value `key` of the caller with session hash `tokenHash`: the cached one while fresh, else
   * `load()` (concurrent misses share one load; a failed load is not kept). `key` names the value
   * and anything it depends on (e.g. `scope:4`).
   */
  get<T>(tokenHash: string, key: string, load: () => Promise<T>): Promise<T>;
  /** A value shared by every caller (e.g. app names), under the same generation and time limit. */
  shared<T>(key: string, load: () => Promise<T>): Promise<T>;
};

/**
 * A cache keeping values for `ttlMs` (0: never, every `get` loads; Infinity: until the generation
 * moves) and `now` in ms (monotonic).
 */
export function createCallerCache(ttlMs: number, now: () => number = () => performance.now()): CallerCache {
  let generation = 0;
  let paused = false;
  const entries = new Map<string, Entry>();
  const listeners: (() => void)[] = [];
  const SHARED = '\0shared';

  function entryOf(id: string): Entry {
    const t = now();
    const found = entries.get(id);
    if (found && found.generation === generation && t - found.at < ttlMs) return found;
    if (found) entries.delete(id);
    const fresh: Entry = { generation, at: t, values: new Map() };
    entries.set(id, fresh);
    if (entries.size > MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    return fresh;
  }

  function get<T>(id: string, key: string, load: () => Promise<T>): Promise<T> {
    if (ttlMs <= 0 || paused) return load();
    const entry = entryOf(id);
    const hit = entry.values.get(key);
    if (hit) return hit as Promise<T>;
    const loading = load();
    entry.values.set(key, loading);
    loading.catch(() => {
      if (entry.values.get(key) === loading) entry.values.delete(key);
    });
    return loading;
  }

  function bump(elsewhere = false) {
    generation++;
    entries.clear();
    if (!elsewhere) for (const l of listeners) l();
  }

  return {
    generation: () => generation,
    bump,
    pause() {
      paused = true;
      entries.clear();
    },
    resume() {
      if (!paused) return;
      // Values loaded while paused were never kept; a bump also ends loads still in flight.
      bump(true);
      paused = false;
    },
    paused: () => paused,
    onLocalBump: (listener) => {
      listeners.push(listener);
    },
    observe(sql) {
      if (changesCallerData(sql)) bump();
    },
    get,
    shared: (key, load) => get(SHARED, key, load),
  };
}
