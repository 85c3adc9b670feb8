/**
 * Small helpers shared by the benchmarks: percentiles over a fixed number of timed runs, the machine
 * description every figure is printed with, and result files under bench/out/.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(benchDir, '..');
export const outDir = path.join(benchDir, 'out');

/** Nearest-rank percentile (p in 0..100) of the samples; NaN when empty. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export type Summary = { runs: number; p50: number; p95: number; min: number; max: number };

export function summarize(samples: number[]): Summary {
  return {
    runs: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    min: Math.min(...samples),
    max: Math.max(...samples),
  };
}

/** Runs `fn` `warmup` times untimed, then `runs` times one after another; milliseconds per run. */
export async function timeRuns(runs: number, warmup: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

/**
 * Times `a` and `b` alternately (a b, b a, a b, …) after `warmup` untimed runs of each, so drift of a
 * shared machine (other jobs, thermal, caches) falls on both alike. Returns [a samples, b samples] in ms.
 */
export async function pairedRuns(
  runs: number,
  warmup: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[number[], number[]]> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const as: number[] = [];
  const bs: number[] = [];
  const timed = async (fn: () => Promise<unknown>, into: number[]) => {
    const t0 = performance.now();
    await fn();
    into.push(performance.now() - t0);
  };
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      await timed(a, as);
      await timed(b, bs);
    } else {
      await timed(b, bs);
      await timed(a, as);
    }
  }
  return [as, bs];
}

export type Machine = {
  date: string;
  nproc: number;
  memoryGiB: number;
  cpu: string;
  node: string;
  loadavg: number[];
};

export function machine(): Machine {
  return {
    date: new Date().toISOString(),
    nproc: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    cpu: os.cpus()[0]?.model?.trim() ?? 'unknown',
    node: process.version,
    loadavg: loadAverage(),
  };
}

export function printMachine(m: Machine = machine()): void {
  console.log(
    `machine: ${m.nproc} cores, ${m.memoryGiB} GiB, ${m.cpu}, node ${m.node}, load average at start ${m.loadavg.join(' ')} (${m.date})`,
  );
}

/** The machine's 1, 5 and 15 minute load averages, rounded (os.loadavg()). */
export function loadAverage(): number[] {
  return os.loadavg().map((l) => Math.round(l * 100) / 100);
}

/** Prints the load average at the end of a bench (printMachine gives the one at its start). */
export function printLoadAtEnd(): number[] {
  const l = loadAverage();
  console.log(
    `load average at end: ${l.join(' ')} (${os.availableParallelism()} cores; ${new Date().toISOString()})`,
  );
  return l;
}

/** Milliseconds with a sensible number of decimals. */
export function ms(v: number): string {
  if (!Number.isFinite(v)) return '-';
  return v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2);
}

/** Left-aligned text table. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Writes bench/out/<name>.json (the figures of one part, for RESULTS.md). */
export function saveResult(name: string, value: unknown): string {
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
  return file;
}

export function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Peak (VmHWM) and current (VmRSS) resident memory of a process, MiB; null off Linux. */
export function processMemory(pid: number): { rssMiB: number; peakMiB: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rssMiB: kb('VmRSS') / 1024, peakMiB: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** Resets a process's peak resident memory (VmHWM) to its current RSS; false when not permitted. */
export function resetPeakMemory(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
