import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig (api-contract §9)', () => {
  it('runs with no configuration on the embedded defaults', () => {
    const c = loadConfig({});
    expect(c.host).toBe('127.0.0.1');
    expect(c.port).toBe(8080);
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.reportTimezone).toBe('UTC');
    expect(c.signKey).toBe('portal-dev-sign-key');
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ REPORT_TIMEZONE: 'Mars/Base' })).toThrow(/REPORT_TIMEZONE/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PORTAL_KEY_ENCRYPTION_KEY: 'short' })).toThrow(/PORTAL_KEY_ENCRYPTION_KEY/);
    expect(loadConfig({ PORTAL_KEY_ENCRYPTION_KEY: 'a'.repeat(16) }).keyEncryptionKey).toBe('a'.repeat(16));
  });

  it('refuses the captcha test answer in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_TEST_ANSWER: '1' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'test', CAPTCHA_TEST_ANSWER: '1' }).captchaTestAnswer).toBe('1');
  });

  it('treats an empty variable as unset and parses partner keys', () => {
    const c = loadConfig({ DATABASE_URL: '', EXTERNAL_API_KEYS: 'acme:s3cret,beta:k2' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.externalApiKeys.get('acme')).toBe('s3cret');
    expect(c.externalApiKeys.get('beta')).toBe('k2');
  });

  it('takes a ClickHouse cluster name only beside a ClickHouse store', () => {
    const url = 'clickhouse://portal:secret@ch1:8123/portal_reports';
    expect(loadConfig({ REPORT_STORE_URL: url }).reportStoreCluster).toBeUndefined();
    expect(loadConfig({ REPORT_STORE_URL: url, REPORT_STORE_CLUSTER: 'portal_2x2' }).reportStoreCluster).toBe(
      'portal_2x2',
    );
    expect(
      loadConfig({ REPORT_STORE_URL: 'https://ch.example:8443/r', REPORT_STORE_CLUSTER: '_c1' })
        .reportStoreCluster,
    ).toBe('_c1');
    // A name the DDL would have to quote (or could be made to say more than a name) is refused.
    for (const bad of ['2shards', 'my-cluster', 'c; DROP TABLE sdk_hourly', "c')", 'c d']) {
      expect(() => loadConfig({ REPORT_STORE_URL: url, REPORT_STORE_CLUSTER: bad })).toThrow(
        /REPORT_STORE_CLUSTER/,
      );
    }
    // Without ClickHouse (the embedded DuckDB file, or another DuckDB file) there is no cluster.
    expect(() => loadConfig({ REPORT_STORE_CLUSTER: 'portal' })).toThrow(
      /REPORT_STORE_CLUSTER: needs REPORT_STORE_URL/,
    );
    expect(() =>
      loadConfig({ REPORT_STORE_URL: 'duckdb:/tmp/r.duckdb', REPORT_STORE_CLUSTER: 'portal' }),
    ).toThrow(ConfigError);
  });
});
