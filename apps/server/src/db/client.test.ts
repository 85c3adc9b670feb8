import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDb, PGLITE_SHARED_BUFFERS } from './client.ts';

describe('the embedded accounts store (issue 26 item 3: export peak RSS)', () => {
  it("starts PGlite with the small buffer cache, not PostgreSQL's 128 MB", async () => {
    const h = await openDb({ pgliteDir: 'memory://' });
    try {
      expect(h.kind).toBe('pglite');
      const rows = (await h.db.execute(sql`show shared_buffers`)) as unknown as {
        rows: { shared_buffers: string }[];
      };
      expect(rows.rows[0]?.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
    } finally {
      await h.close();
    }
  });
});
