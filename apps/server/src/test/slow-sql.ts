/**
 * Test helpers for report cancellation: a statement that keeps DuckDB busy for minutes (4·10^10
 * products) and only ends when interrupted, and a poll for a condition.
 */
export const SLOW_SQL = 'SELECT sum(a.range * b.range) AS n FROM range(200000) a, range(200000) b';

/** Resolves once `check` holds (polled every 10 ms); throws after `ms`. */
export async function until(check: () => boolean, ms = 5000): Promise<void> {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > ms) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
