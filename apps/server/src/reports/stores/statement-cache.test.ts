import { describe, expect, it } from 'vitest';
import { createStatementCache, type StatementCacheStats } from './statement-cache.ts';

describe('createStatementCache', () => {
  it('keeps statements by text, evicts the least recently used and destroys it, and clears', async () => {
    const stats: StatementCacheStats = { prepared: 0, reused: 0, destroyed: 0 };
    const destroyed: string[] = [];
    const cache = createStatementCache(
      2,
      async (sql) => ({ sql }),
      (s) => destroyed.push(s.sql),
      stats,
    );
    const a = await cache.get('a');
    await cache.get('b');
    expect(await cache.get('a')).toBe(a);
    await cache.get('c');
    // b was used least recently: it goes, a stays.
    expect(destroyed).toEqual(['b']);
    expect(await cache.get('a')).toBe(a);
    expect(stats).toEqual({ prepared: 3, reused: 2, destroyed: 1 });
    cache.clear();
    expect(destroyed.sort()).toEqual(['a', 'b', 'c']);
    expect(cache.size()).toBe(0);
  });

  it('keeps nothing when preparing fails', async () => {
    const stats: StatementCacheStats = { prepared: 0, reused: 0, destroyed: 0 };
    let fail = true;
    const cache = createStatementCache(
      2,
      async (sql) => {
        if (fail) throw new Error('syntax');
        return sql;
      },
      () => {},
      stats,
    );
    await expect(cache.get('x')).rejects.toThrow('syntax');
    fail = false;
    expect(await cache.get('x')).toBe('x');
    expect(stats.prepared).toBe(1);
  });
});
