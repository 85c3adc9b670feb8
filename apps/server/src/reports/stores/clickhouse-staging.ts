/**
 * Crash safety of the ClickHouse day swap (`replaceDays`, clickhouse.ts; issue 22 item 2). A swap
 * loads staging tables (`<table>__stage_<tag>`, and `<base>__stage_mv_<tag>` feeding the rollup's
 * stage), then replaces each day's partition from them. A process killed on the way used to leave the
 * staging tables behind, or some days swapped and others not. Now every swap keeps a journal in
 * ClickHouse itself (`portal_swap_journal`, one row per step, newest wins):
 *
 * - `loading`: written before any staging table exists; the staging tables may be partial;
 * - `staged`: every row is in the staging tables; the row holds the plan (tables, days);
 * - `done`: swapped (or given up before `staged`); the staging tables may still need dropping.
 *
 * A swap's state is the furthest one written (states only move forward). While a swap runs its
 * process adds a `beat` row every HEARTBEAT_MS. `recoverStaging` (run when a store is
 * opened, i.e. at every start) finishes what a dead process left: a swap silent for STALE_MS is rolled
 * back when `loading` (its staging tables dropped: nothing was swapped yet) and rolled forward when
 * `staged` (its plan replayed: replacing a partition from the same stage again is idempotent); staging
 * tables of a finished swap, or that no journal row names (an older version's), are dropped. Swaps of
 * live processes are left alone. Time is ClickHouse's own (`now64()`), so the instances' clocks do
 * not matter.
 */
import { randomBytes } from 'node:crypto';
import type { FactTable } from '../fact-tables.ts';
import type { ReportParams, ReportResultRow } from '../store.ts';

export const JOURNAL = 'portal_swap_journal';
/** How often a running swap says it is alive, ms. */
export const HEARTBEAT_MS = 10_000;
/** A swap silent this long belongs to a process that died, ms. */
export const STALE_MS = 60_000;

export const journalDdl = `CREATE TABLE IF NOT EXISTS ${JOURNAL}
  (tag String, state LowCardinality(String), plan String, at DateTime64(3) DEFAULT now64(3))
  ENGINE = MergeTree ORDER BY (tag, at) TTL toDateTime(at) + INTERVAL 30 DAY`;

export type StageState = 'loading' | 'staged' | 'done' | 'beat';

/** Statements against the store's database. */
export type StagingSql = {
  run(sql: string, params?: ReportParams): Promise<void>;
  read(sql: string, params?: ReportParams): Promise<ReportResultRow[]>;
};

/** The staging tables of one swap of `t`: the base's stage, the rollup's stage and the view between. */
export type StageNames = {
  tag: string;
  base: string;
  stage: string;
  rollup: { table: string; stage: string } | null;
  view: string;
};

/** The swap to replay: each (table, stage) pair, the days to swap and those the stage has rows for. */
export type StagePlan = { pairs: [string, string][]; days: string[]; staged: string[] };

/** A staging table's tag (`…__stage_<12 hex>`, `…__stage_mv_<12 hex>`), or null for any other name. */
export function stageTagOf(name: string): string | null {
  return /__stage_(?:mv_)?([0-9a-f]{12})$/.exec(name)?.[1] ?? null;
}

/** Fresh names for one swap of `t` (its base table: the hourly one, else the daily one). */
export function stageNames(t: FactTable): StageNames {
  const base = t.hourly ?? t.daily;
  if (!base) throw new Error(`${t.kind} has no table`);
  const tag = randomBytes(6).toString('hex');
  return {
    tag,
    base,
    stage: `${base}__stage_${tag}`,
    rollup: t.hourly && t.daily ? { table: t.daily, stage: `${t.daily}__stage_${tag}` } : null,
    view: `${base}__stage_mv_${tag}`,
  };
}

/** Appends a journal row for swap `tag`. */
export async function journal(sql: StagingSql, tag: string, state: StageState, plan?: StagePlan) {
  await sql.run(
    `INSERT INTO ${JOURNAL} (tag, state, plan) SELECT {tag:String}, {state:String}, {plan:String}`,
    {
      tag,
      state,
      plan: plan ? JSON.stringify(plan) : '',
    },
  );
}

/** Adds a `beat` row for swap `tag` every HEARTBEAT_MS until `stop()`. */
export function heartbeat(sql: StagingSql, tag: string): { stop: () => void } {
  const timer = setInterval(() => {
    journal(sql, tag, 'beat').catch(() => {});
  }, HEARTBEAT_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * Swaps each day of `plan` in: a staged day's partition replaced from the stage, a day without rows
 * dropped. Each command of an ALTER swaps one day of one table atomically.
 */
export async function swapDays(sql: StagingSql, plan: StagePlan) {
  const staged = new Set(plan.staged);
  for (const day of plan.days) if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`bad day ${day}`);
  for (const [table, from] of plan.pairs) {
    for (let i = 0; i < plan.days.length; i += 100) {
      const commands = plan.days.slice(i, i + 100).map((day) => {
        // One partition per day (PARTITION BY dt): its id is the date as yyyyMMdd, validated above.
        const id = day.replaceAll('-', '');
        return staged.has(day) ? `REPLACE PARTITION ID '${id}' FROM ${from}` : `DROP PARTITION ID '${id}'`;
      });
      await sql.run(`ALTER TABLE ${table} ${commands.join(', ')}`);
    }
  }
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Drops the staging tables of `names` (views first: a view writes into a stage). */
export async function dropStaging(sql: StagingSql, names: { name: string; view: boolean }[]) {
  const ordered = [...names].sort((a, b) => Number(b.view) - Number(a.view));
  for (const { name, view } of ordered) {
    if (!IDENTIFIER.test(name)) continue;
    await sql.run(`DROP ${view ? 'VIEW' : 'TABLE'} IF EXISTS ${name}`);
  }
}

export type RecoveryResult = {
  /** Swaps of dead processes finished from their stage (tags). */
  rolledForward: string[];
  /** Staging tables dropped. */
  dropped: string[];
  /** Swaps still running elsewhere, or that could not be finished now (tags): look again later. */
  pending: string[];
};

/**
 * Finishes the swaps of dead processes and drops leftover staging tables (see the file's comment).
 * `staleMs`: how long a swap must have been silent to count as dead. Never throws for one swap: what
 * fails stays `pending` for the next run.
 */
export async function recoverStaging(sql: StagingSql, staleMs = STALE_MS): Promise<RecoveryResult> {
  const result: RecoveryResult = { rolledForward: [], dropped: [], pending: [] };
  const tables = (
    await sql.read(
      `SELECT name, engine FROM system.tables
       WHERE database = currentDatabase() AND position(name, '__stage_') > 0`,
    )
  ).map((r) => ({ name: String(r.name), view: String(r.engine) === 'MaterializedView' }));
  const swaps = await sql.read(
    `SELECT tag,
            multiIf(countIf(state = 'done') > 0, 'done', countIf(state = 'staged') > 0, 'staged', 'loading')
              AS progress,
            anyIf(plan, state = 'staged') AS staged_plan,
            toUInt8(max(at) < now64(3) - toIntervalMillisecond({stale:UInt64})) AS stale
     FROM ${JOURNAL} GROUP BY tag
     HAVING progress != 'done' OR has({tags:Array(String)}, tag)`,
    { stale: staleMs, tags: [...new Set(tables.map((t) => stageTagOf(t.name) ?? ''))] },
  );
  const byTag = new Map(swaps.map((s) => [String(s.tag), s]));
  const tablesOf = (tag: string) => tables.filter((t) => stageTagOf(t.name) === tag);

  for (const [tag, s] of byTag) {
    if (s.progress !== 'done' && Number(s.stale) !== 1) {
      result.pending.push(tag);
      continue;
    }
    try {
      if (s.progress === 'staged') {
        await swapDays(sql, JSON.parse(String(s.staged_plan)) as StagePlan);
        result.rolledForward.push(tag);
      }
      if (s.progress !== 'done') await journal(sql, tag, 'done');
      await dropStaging(sql, tablesOf(tag));
      result.dropped.push(...tablesOf(tag).map((t) => t.name));
    } catch {
      result.pending.push(tag);
    }
  }
  // Staging tables no journal row names: an older version's, or an unknown name.
  const orphans = tables.filter((t) => !byTag.has(stageTagOf(t.name) ?? ''));
  try {
    await dropStaging(sql, orphans);
    result.dropped.push(...orphans.map((t) => t.name));
  } catch {
    result.pending.push(...orphans.map((t) => t.name));
  }
  return result;
}
