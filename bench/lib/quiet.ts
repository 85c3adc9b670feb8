/**
 * Is the machine quiet enough for the figures? The 1-minute load average is sampled beside every
 * figure (`LoadLog.sample`), a timing phase may first wait for the machine to settle (`settle`), and
 * a run is called quiet only when no sample exceeded {@link QUIET_LOAD} (issue 26: "refuses to call a
 * run quiet above 1.5").
 */
import { loadAverage } from './stats.ts';

/** The highest 1-minute load average of a run still called quiet. */
export const QUIET_LOAD = 1.5;

/** The current 1-minute load average, rounded to 0.01. */
export function load1(): number {
  return loadAverage()[0] ?? Number.NaN;
}

/**
 * Waits (polling every 5 s) until the 1-minute load average is at most QUIET_LOAD, or `maxSeconds`
 * have passed; returns the load it stopped at. A bench's own heavy step (generating, loading) leaves
 * the average high for a few minutes, which this lets decay before timing.
 */
export async function settle(maxSeconds: number, log: (s: string) => void = console.log): Promise<number> {
  const until = Date.now() + maxSeconds * 1000;
  let l = load1();
  if (l <= QUIET_LOAD || maxSeconds <= 0) return l;
  log(`  waiting up to ${maxSeconds} s for the load average (${l}) to fall to ${QUIET_LOAD} …`);
  while (l > QUIET_LOAD && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 5000));
    l = load1();
  }
  log(`  load average now ${l}${l > QUIET_LOAD ? ' (did not settle; timing anyway)' : ''}`);
  return l;
}

/** The load samples of one run, each labelled with the figure it stands beside. */
export class LoadLog {
  readonly samples: { label: string; load: number }[] = [];

  /** Records and returns the current 1-minute load average. */
  sample(label: string): number {
    const load = load1();
    this.samples.push({ label, load });
    return load;
  }

  /** The highest sample (NaN when none). */
  max(): number {
    return this.samples.length ? Math.max(...this.samples.map((s) => s.load)) : Number.NaN;
  }

  /** One line: quiet (every sample ≤ QUIET_LOAD) or not, with the highest sample and where. */
  verdict(): string {
    const top = this.samples.reduce<{ label: string; load: number } | null>(
      (a, s) => (a && a.load >= s.load ? a : s),
      null,
    );
    if (!top) return 'no load samples';
    if (top.load <= QUIET_LOAD) {
      return `quiet run: the 1-minute load average stayed ≤ ${QUIET_LOAD} beside every figure (max ${top.load})`;
    }
    return `NOT a quiet run: load average up to ${top.load} (> ${QUIET_LOAD}, at "${top.label}"); the figures are indicative only`;
  }
}
