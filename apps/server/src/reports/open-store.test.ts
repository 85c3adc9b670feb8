import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openReportStore } from './open-store.ts';

describe('openReportStore', () => {
  it('opens clickhouses:// (HTTPS) as ClickHouse, as the configuration accepts it', async () => {
    // Port 9 on loopback refuses: the store must try ClickHouse (and fail to reach it), not refuse the scheme.
    const config = loadConfig({ REPORT_STORE_URL: 'clickhouses://127.0.0.1:9/portal', DATA_DIR: '/tmp' });
    const failure = await openReportStore(config, { create: false }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).not.toMatch(/expected duckdb/);
  });

  it('refuses a scheme it does not know', async () => {
    const config = loadConfig({ REPORT_STORE_URL: 'clickhouse://127.0.0.1:9/portal', DATA_DIR: '/tmp' });
    const bogus = { ...config, reportStoreUrl: 'mysql://127.0.0.1/portal' };
    await expect(openReportStore(bogus, { create: false })).rejects.toThrow(/expected duckdb/);
  });
});
