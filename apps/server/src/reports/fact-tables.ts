/**
 * Storage of every report kind's facts (architecture §Stores, api-contract §8): one table per kind and
 * grain. A kind with an hour has an `_hourly` table and a `_daily` rollup (exact sums of the hourly
 * rows, read whenever a query neither shows nor filters the hour); a daily kind has the daily table
 * only. Counters are BIGINT, money an exact DECIMAL(18,6) in USD, never binary float.
 *
 * Rows are written `ORDER BY <scope column>, dt`, so DuckDB's zone maps skip other publishers' and
 * other days' row groups. The same definitions drive the DDL, the demo generators' rollups and the
 * importer's validation.
 */

export type ColumnType = 'VARCHAR' | 'UTINYINT' | 'BIGINT' | 'DECIMAL(18, 6)';
export type FactColumn = { name: string; type: ColumnType };

export type FactTable = {
  /** Import kind (`npm run import -- --kind <kind>`). */
  kind: string;
  /** Table with `hour`, or null for a daily kind. */
  hourly: string | null;
  /** Rollup (or the only table of a daily kind); null for an hourly-only detail table. */
  daily: string | null;
  /** Key columns besides dt and hour, the scope column first. */
  keys: FactColumn[];
  /** Summable columns. */
  counters: FactColumn[];
  /** The column scope filters on: app keys or channel names (spec §6). */
  scope: string;
};

const v = (name: string): FactColumn => ({ name, type: 'VARCHAR' });
const n = (name: string): FactColumn => ({ name, type: 'BIGINT' });
const small = (name: string): FactColumn => ({ name, type: 'UTINYINT' });
const money = (name: string): FactColumn => ({ name, type: 'DECIMAL(18, 6)' });

export const sdkFacts: FactTable = {
  kind: 'sdk',
  hourly: 'sdk_hourly',
  daily: 'sdk_daily',
  keys: [v('app_key'), v('placement_id'), v('placement_name'), small('ad_style'), v('geo')],
  counters: [n('request'), n('response'), n('impression'), n('click'), money('revenue')],
  scope: 'app_key',
};

export const rtbFacts: FactTable = {
  kind: 'rtb',
  hourly: null,
  daily: 'rtb_daily',
  keys: [
    v('channel'),
    v('app_key'),
    v('placement_id'),
    v('placement_name'),
    small('placement_type'),
    v('country'),
  ],
  counters: [n('request'), n('response'), n('winning_bid'), n('impression'), n('click'), money('revenue')],
  scope: 'channel',
};

const affiliateKeys = [v('channel'), v('sub_channel'), v('offer_id'), v('pkg_name'), v('geo')];

function affiliate(source: 'affiliate_2023' | 'affiliate_2024'): FactTable {
  return {
    kind: source,
    hourly: `${source}_hourly`,
    daily: `${source}_daily`,
    keys: affiliateKeys,
    counters: [n('click'), n('conversion'), n('reject'), money('revenue')],
    scope: 'channel',
  };
}

function rejects(source: 'affiliate_2023' | 'affiliate_2024'): FactTable {
  return {
    kind: `${source}_reject`,
    hourly: `${source}_reject`,
    daily: null,
    keys: [...affiliateKeys, v('reject_reason')],
    counters: [n('reject_num')],
    scope: 'channel',
  };
}

export const affiliateFacts = {
  affiliate_2023: affiliate('affiliate_2023'),
  affiliate_2024: affiliate('affiliate_2024'),
};
export const rejectFacts = {
  affiliate_2023: rejects('affiliate_2023'),
  affiliate_2024: rejects('affiliate_2024'),
};

export const gameFacts: FactTable = {
  kind: 'game',
  hourly: null,
  daily: 'game_daily',
  keys: [v('app_key'), v('pkg_name'), v('nation')],
  // The entry step came later (api-contract §10): last, so ADD COLUMN gives older files the same order.
  counters: [
    'uv_impression',
    'pv_impression',
    'uv_click',
    'pv_click',
    'uv_in',
    'pv_in',
    'uv_begin',
    'pv_begin',
    'uv_entry',
    'pv_entry',
  ].map(n),
  scope: 'app_key',
};

export const gxFacts: FactTable = {
  kind: 'gx',
  hourly: null,
  daily: 'gx_daily',
  keys: [v('app_key'), v('pkg_name'), v('ad_placement_id'), small('ad_format'), v('geo')],
  counters: [n('request'), n('fill'), n('imp'), n('click'), money('revenue')],
  scope: 'app_key',
};

/** Every fact table, by import kind. */
export const factTables: Record<string, FactTable> = Object.fromEntries(
  [
    sdkFacts,
    rtbFacts,
    affiliateFacts.affiliate_2023,
    affiliateFacts.affiliate_2024,
    rejectFacts.affiliate_2023,
    rejectFacts.affiliate_2024,
    gameFacts,
    gxFacts,
  ].map((t) => [t.kind, t]),
);

/** Columns of a table in storage order: dt, [hour], keys, counters. */
export function tableColumns(t: FactTable, hourly: boolean): FactColumn[] {
  return [{ name: 'dt', type: 'VARCHAR' }, ...(hourly ? [small('hour')] : []), ...t.keys, ...t.counters];
}

function ddl(name: string, t: FactTable, hourly: boolean): string {
  const counters = new Set(t.counters.map((c) => c.name));
  // Counters default to 0, so a writer that names its columns (the demo generators) need not know a
  // counter added later; keys have no default.
  const cols = tableColumns(t, hourly).map((c) =>
    c.name === 'dt'
      ? 'dt DATE NOT NULL'
      : `${c.name} ${c.type} NOT NULL${counters.has(c.name) ? ' DEFAULT 0' : ''}`,
  );
  return `CREATE TABLE IF NOT EXISTS ${name} (${cols.join(', ')})`;
}

/** Counters added after a table's first release: files created before get them (as 0) at open. */
const laterCounters: Record<string, string[]> = { game: ['uv_entry', 'pv_entry'] };

/** Idempotent DDL of every fact table; run at every open. */
export const factSchemaSql: string[] = Object.values(factTables).flatMap((t) => {
  const tables = [...(t.hourly ? [t.hourly] : []), ...(t.daily ? [t.daily] : [])];
  return [
    ...(t.hourly ? [ddl(t.hourly, t, true)] : []),
    ...(t.daily ? [ddl(t.daily, t, false)] : []),
    ...tables.flatMap((name) =>
      (laterCounters[t.kind] ?? []).map(
        (c) => `ALTER TABLE ${name} ADD COLUMN IF NOT EXISTS ${c} BIGINT DEFAULT 0`,
      ),
    ),
  ];
});

/**
 * SQL that rebuilds the rollup of `t` for the days in `$start..$end` (yyyy-MM-dd) from the hourly
 * table; run after deleting those days from the rollup. No-op text for kinds without both grains.
 */
export function rollupSql(t: FactTable): string | null {
  if (!t.hourly || !t.daily) return null;
  const keys = t.keys.map((k) => k.name).join(', ');
  const sums = t.counters.map((c) => `sum(${c.name})`).join(', ');
  return `INSERT INTO ${t.daily}
    SELECT dt, ${keys}, ${sums} FROM ${t.hourly}
    WHERE dt BETWEEN $start::DATE AND $end::DATE
    GROUP BY dt, ${keys}
    ORDER BY ${t.scope}, dt`;
}
