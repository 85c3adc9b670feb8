/**
 * Prepared statements kept by SQL text, least recently used out first (issue 26 item 2: the same
 * report statements were parsed, bound and planned again on every request, 15 % of a profile of 90
 * report lists). One cache per connection, because a prepared statement belongs to the connection
 * that prepared it; the caller uses a connection for one statement at a time, so a statement in use
 * is never evicted from under its result.
 *
 * `prepare` makes a statement (it may reject: nothing is kept then), `destroy` frees one (on eviction
 * and on `clear`, which the store calls before closing the connection).
 */

/** Counts since the cache was made, for tests and the bench. */
export type StatementCacheStats = {
  /** Statements prepared (misses). */
  prepared: number;
  /** Executions that reused a prepared statement (hits). */
  reused: number;
  /** Statements destroyed (evicted or cleared). */
  destroyed: number;
};

export type StatementCache<S> = {
  /** The statement for `sql`: the kept one, or a new one prepared and kept (evicting the oldest). */
  get(sql: string): Promise<S>;
  /** Destroys every kept statement (before the connection closes). */
  clear(): void;
  /** Statements kept now. */
  size(): number;
};

/** A cache of at most `capacity` statements, counting into `stats` (shared across connections). */
export function createStatementCache<S>(
  capacity: number,
  prepare: (sql: string) => Promise<S>,
  destroy: (statement: S) => void,
  stats: StatementCacheStats,
): StatementCache<S> {
  // A Map iterates in insertion order: delete and set again on a hit makes it the most recent.
  const kept = new Map<string, S>();
  return {
    async get(sql) {
      const hit = kept.get(sql);
      if (hit !== undefined) {
        kept.delete(sql);
        kept.set(sql, hit);
        stats.reused++;
        return hit;
      }
      const made = await prepare(sql);
      stats.prepared++;
      kept.set(sql, made);
      if (kept.size > capacity) {
        const [oldestSql, oldest] = kept.entries().next().value as [string, S];
        kept.delete(oldestSql);
        destroy(oldest);
        stats.destroyed++;
      }
      return made;
    },
    clear() {
      for (const s of kept.values()) {
        destroy(s);
        stats.destroyed++;
      }
      kept.clear();
    },
    size: () => kept.size,
  };
}
