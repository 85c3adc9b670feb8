/**
 * Environment → typed configuration (api-contract §9), validated once at start. `loadConfig` throws a
 * ConfigError naming the variable, so the process refuses to start instead of failing later.
 */
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/**
 * DuckDB's memory limit unless REPORT_STORE_MEMORY_LIMIT says otherwise (DuckDB's own default is 80 %
 * of RAM): large aggregates and sorts spill to disk instead of growing the server (bench/RESULTS.md).
 */
export const DEFAULT_REPORT_STORE_MEMORY_LIMIT = '256MB';

/** A ClickHouse cluster name the schema may name unquoted (`ON CLUSTER <name>`, `Distributed(<name>, …)`). */
const CLUSTER_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const schema = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REPORT_STORE_URL: z
    .string()
    .regex(/^(duckdb:|clickhouses?:\/\/|https?:\/\/)/, 'must be duckdb:<path>, clickhouse://… or http(s)://…')
    .optional(),
  /** A cluster of the ClickHouse servers' `remote_servers`: replicated tables behind Distributed ones. */
  REPORT_STORE_CLUSTER: z
    .string()
    .regex(CLUSTER_NAME, 'must be a cluster name: letters, digits and _, not starting with a digit')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Prefix of every Redis key (rate limits, the caller cache version): instances sharing data share it. */
  REDIS_KEY_PREFIX: z.string().default('portal:'),
  REPORT_TIMEZONE: z
    .string()
    .default('UTC')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone'),
  PORTAL_SIGN_KEY: z.string().min(8).default('portal-dev-sign-key'),
  PORTAL_RSA_PRIVATE_KEY: z.string().optional(),
  /** Passphrase the key ring's private keys are encrypted under in the accounts store (plugins/key-ring.ts). */
  PORTAL_KEY_ENCRYPTION_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Publisher Portal <no-reply@portal.local>'),
  CAPTCHA_TEST_ANSWER: z.string().min(1).optional(),
  DEMO_SEED: bool,
  /** Days of demo report facts up to yesterday (api-contract §7: at least 120). */
  DEMO_DAYS: z.coerce.number().int().min(1).max(1000).default(120),
  DEMO_RANDOM_SEED: z.coerce.number().int().default(20231101),
  EXTERNAL_API_KEYS: z
    .string()
    .regex(/^([^:,]+:[^:,]+)(,[^:,]+:[^:,]+)*$/, 'must be partner:secret,…')
    .optional(),
  TODO_WEBHOOK_URL: z.string().url().optional(),
  /** Address the portal is reached at, for links in mails (scheduled reports' unsubscribe links). */
  PUBLIC_URL: z.string().url().optional(),
  /** How often this instance looks for due background jobs (ms; 0: it runs none, e.g. a read-only instance). */
  JOB_POLL_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  /** Background jobs this instance runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /**
   * Day of the month (REPORT_TIMEZONE) on which the previous month's statements close (issue 23);
   * 0: never automatically (operations close each month on the month-close screen).
   */
  PAYMENTS_CLOSE_DAY: z.coerce.number().int().min(0).max(28).default(5),
  APP_REPORT_COMPANY_IDS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be comma-separated company ids')
    .optional(),
  /** 0 turns the caller cache off; otherwise its time limit (ms) only on PostgreSQL without Redis (plugins/caller-cache.ts). */
  AUTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** DuckDB's memory limit (DuckDB size syntax, e.g. 256MB, 1GB). */
  REPORT_STORE_MEMORY_LIMIT: z
    .string()
    .regex(/^\d+(\.\d+)?\s*(KB|MB|GB|KiB|MiB|GiB)$/i, 'must be a size such as 256MB')
    .default(DEFAULT_REPORT_STORE_MEMORY_LIMIT),
  /**
   * The API document (/docs, /docs/json): `1`/`true` serves it, `0`/`false` does not; unset: served
   * except with NODE_ENV=production (issue 22 item 13).
   */
  API_DOCS: z.enum(['0', '1', 'true', 'false']).optional(),
  /** Bearer token GET /metrics requires; unset: /metrics is open, except with NODE_ENV=production (401). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How long SIGTERM/SIGINT waits for in-flight requests and exports before cutting them (ms). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  /** Longest run of one report statement (ms) before it is cancelled and answered 607. */
  REPORT_QUERY_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  /** Longest time one export may hold the report store, download included (ms). */
  REPORT_EXPORT_TIMEOUT_MS: z.coerce.number().int().min(1).max(86_400_000).default(600_000),
  /** Heavy report queries (network-wide, by hour, many groups) run at once; more wait in line. */
  REPORT_HEAVY_CONCURRENCY: z.coerce.number().int().min(1).max(4).default(2),
  /** Heavy report queries that may wait; one more is answered 608 at once. */
  REPORT_HEAVY_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  /** The SDK version the integration panel names (issue 27). */
  SDK_VERSION: z.string().max(40).default('4.2.0'),
  /** The SDK integration guide the integration panel links to. */
  SDK_GUIDE_URL: z.string().url().default('https://developers.publisher-portal.example/sdk/guide'),
  /** The network's advertising system domain, first field of the app-ads.txt line. */
  APP_ADS_DOMAIN: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i, 'must be a domain name')
    .default('publisher-portal.example'),
  /** The network's certification authority ID (TAG-ID), fourth field of the app-ads.txt line. */
  APP_ADS_CERT_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{1,40}$/, 'must be letters and digits')
    .default('a7f3c9e2b1d04e68'),
  /** Hour (REPORT_TIMEZONE) of the daily app-ads.txt check. */
  APP_ADS_CHECK_HOUR: z.coerce.number().int().min(0).max(23).default(4),
  /** Tests only: the crawler may reach loopback addresses over http (refused with NODE_ENV=production). */
  APP_ADS_ALLOW_LOOPBACK: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export type Config = {
  nodeEnv: string;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  reportStoreUrl?: string;
  /** ClickHouse cluster the report tables span (README "Running at scale"); undefined: one server. */
  reportStoreCluster?: string;
  redisUrl?: string;
  /** Prefix of every Redis key, e.g. 'portal:'. */
  redisKeyPrefix: string;
  reportTimezone: string;
  signKey: string;
  rsaPrivateKey?: string;
  /** Passphrase of the key ring's private keys in the accounts store; undefined: stored in the clear. */
  keyEncryptionKey?: string;
  smtpUrl?: string;
  mailFrom: string;
  captchaTestAnswer?: string;
  /** undefined: seed when the store is empty. */
  demoSeed?: boolean;
  demoDays: number;
  demoRandomSeed: number;
  /** partner → secret */
  externalApiKeys: Map<string, string>;
  todoWebhookUrl?: string;
  /** Base of links in mails, without a trailing slash; default http://HOST:PORT. */
  publicUrl: string;
  /** Poll interval of the job runner (plugins/jobs), ms; 0: this instance runs no jobs. */
  jobPollMs: number;
  /** Jobs this instance runs at once. */
  jobConcurrency: number;
  /** Day of the month the previous month's payment statements close automatically (1–28). */
  paymentsCloseDay: number;
  /** undefined: the demo organisation. */
  appReportCompanyIds?: number[];
  logLevel: string;
  /** Longest reuse of a caller's session, access and scopes in ms; 0 turns the cache off. */
  authCacheMs: number;
  /** DuckDB memory limit of the report store, e.g. '256MB'. */
  reportStoreMemoryLimit: string;
  /** Built web app to serve; undefined: apps/web/dist if present. */
  webDist?: string;
  /** Bearer token of GET /metrics; undefined: open, except in production (401). */
  metricsToken?: string;
  /** Whether /docs and /docs/json are served (API_DOCS; default: not in production). */
  apiDocs: boolean;
  /** Grace period of a graceful shutdown, ms (plugins/shutdown.ts). */
  shutdownGraceMs: number;
  /** Report statement time limit, ms (answered 607). */
  reportQueryTimeoutMs: number;
  /** Time limit of one export, download included, ms. */
  reportExportTimeoutMs: number;
  /** Heavy report queries running at once (modules/reports/report-guard.ts). */
  reportHeavyConcurrency: number;
  /** Heavy report queries waiting at most (one more is answered 608). */
  reportHeavyQueue: number;
  /** The integration panel's SDK and app-ads.txt settings (issue 27). */
  goLive: GoLiveConfig;
};

/** SDK_VERSION, SDK_GUIDE_URL and the APP_ADS_* variables. */
export type GoLiveConfig = {
  sdkVersion: string;
  sdkGuideUrl: string;
  appAdsDomain: string;
  appAdsCertId: string;
  appAdsCheckHour: number;
  /** Tests only: loopback addresses over plain http are crawled. */
  appAdsAllowLoopback: boolean;
};

export class ConfigError extends Error {}

/** Reads and validates the environment (empty values count as unset). Throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (shells and .env files often export `X=`).
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.CAPTCHA_TEST_ANSWER && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  CAPTCHA_TEST_ANSWER: must not be set when NODE_ENV=production',
    );
  }
  if (e.APP_ADS_ALLOW_LOOPBACK && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  APP_ADS_ALLOW_LOOPBACK: must not be set when NODE_ENV=production',
    );
  }
  if (e.REPORT_STORE_CLUSTER && !/^(clickhouses?|https?):\/\//.test(e.REPORT_STORE_URL ?? '')) {
    throw new ConfigError(
      'Invalid configuration:\n  REPORT_STORE_CLUSTER: needs REPORT_STORE_URL to name a ClickHouse server (clickhouse://… or http(s)://…)',
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    reportStoreUrl: e.REPORT_STORE_URL,
    reportStoreCluster: e.REPORT_STORE_CLUSTER,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    reportTimezone: e.REPORT_TIMEZONE,
    signKey: e.PORTAL_SIGN_KEY,
    rsaPrivateKey: e.PORTAL_RSA_PRIVATE_KEY,
    keyEncryptionKey: e.PORTAL_KEY_ENCRYPTION_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    captchaTestAnswer: e.CAPTCHA_TEST_ANSWER,
    demoSeed: e.DEMO_SEED,
    demoDays: e.DEMO_DAYS,
    demoRandomSeed: e.DEMO_RANDOM_SEED,
    externalApiKeys: new Map(
      (e.EXTERNAL_API_KEYS ?? '')
        .split(',')
        .filter(Boolean)
        .map((pair) => pair.split(':') as [string, string]),
    ),
    todoWebhookUrl: e.TODO_WEBHOOK_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    jobPollMs: e.JOB_POLL_MS,
    jobConcurrency: e.JOB_CONCURRENCY,
    paymentsCloseDay: e.PAYMENTS_CLOSE_DAY,
    appReportCompanyIds: e.APP_REPORT_COMPANY_IDS?.split(',').map(Number),
    logLevel: e.LOG_LEVEL,
    authCacheMs: e.AUTH_CACHE_MS,
    reportStoreMemoryLimit: e.REPORT_STORE_MEMORY_LIMIT,
    webDist: e.WEB_DIST,
    metricsToken: e.METRICS_TOKEN,
    apiDocs:
      e.API_DOCS === undefined ? e.NODE_ENV !== 'production' : e.API_DOCS === '1' || e.API_DOCS === 'true',
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    reportQueryTimeoutMs: e.REPORT_QUERY_TIMEOUT_MS,
    reportExportTimeoutMs: e.REPORT_EXPORT_TIMEOUT_MS,
    reportHeavyConcurrency: e.REPORT_HEAVY_CONCURRENCY,
    reportHeavyQueue: e.REPORT_HEAVY_QUEUE,
    goLive: {
      sdkVersion: e.SDK_VERSION,
      sdkGuideUrl: e.SDK_GUIDE_URL,
      appAdsDomain: e.APP_ADS_DOMAIN.toLowerCase(),
      appAdsCertId: e.APP_ADS_CERT_ID,
      appAdsCheckHour: e.APP_ADS_CHECK_HOUR,
      appAdsAllowLoopback: e.APP_ADS_ALLOW_LOOPBACK ?? false,
    },
  };
}
