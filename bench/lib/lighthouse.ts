/**
 * Lighthouse (performance category only) on Debian's Chromium, fetched from npm on demand through
 * `npm exec` (npm's own cache; not a project dependency) and run as its CLI, one report per run:
 *
 *   CHROME_PATH=/usr/bin/chromium npm exec --yes --package=lighthouse@<LIGHTHOUSE_VERSION> -- \
 *     lighthouse <url> --only-categories=performance --output=json --output-path=<file> \
 *     --chrome-flags="--headless=new --no-sandbox --disable-gpu" [--preset=desktop]
 *
 * Mobile is Lighthouse's default (simulated slow 4G, 4× CPU slowdown, Moto G-class screen); desktop is
 * its `desktop` preset. Scores 0–100; LCP, TBT, FCP in ms; CLS unitless.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { load1 } from './quiet.ts';
import { outDir } from './stats.ts';

/** Pinned so figures compare across runs; 12.x runs on Node 20 (13.x wants Node 22). */
export const LIGHTHOUSE_VERSION = process.env.LIGHTHOUSE_VERSION ?? '12.8.2';

export type FormFactor = 'desktop' | 'mobile';

export type LighthouseFigures = {
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** Speed Index, ms. */
  siMs: number;
  /** Lighthouse's largest-contentful-paint-element (a snippet of the node), to see what the phone waits for. */
  lcpElement: string;
  /** The 1-minute load average just before and just after the run (issue 26: quiet only ≤ 1.5). */
  load: { before: number; after: number };
  /** The elements that moved most (Lighthouse's layout-shifts audit), for a CLS over target. */
  shifts: { node: string; score: number }[];
  report: string;
};

type Audit = { numericValue?: number; details?: { items?: Record<string, unknown>[] } };
type Lhr = { categories: { performance: { score: number | null } }; audits: Record<string, Audit> };

const run = promisify(execFile);
/** Runs of one report when Lighthouse itself says "run Lighthouse again" (a trace it failed to record). */
const RETRIES = 3;

/**
 * One Lighthouse run of `url`; `name` names the JSON report under bench/out/lighthouse/. A run whose
 * trace Lighthouse failed to record is run again (up to {@link RETRIES} in all); other failures throw.
 */
export async function lighthouse(
  url: string,
  formFactor: FormFactor,
  name: string,
): Promise<LighthouseFigures> {
  const dir = path.join(outDir, 'lighthouse');
  mkdirSync(dir, { recursive: true });
  const report = path.join(dir, `${name}-${formFactor}.json`);
  const args = [
    'exec',
    '--yes',
    `--package=lighthouse@${LIGHTHOUSE_VERSION}`,
    '--',
    'lighthouse',
    url,
    '--quiet',
    '--only-categories=performance',
    '--output=json',
    `--output-path=${report}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const options = {
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 300_000,
  };
  const before = load1();
  // Lighthouse now and then fails to record the trace (NO_NAVSTART) and asks to be run again.
  for (let attempt = 1; ; attempt++) {
    try {
      await run('npm', args, options);
      break;
    } catch (err) {
      if (attempt >= RETRIES || !/run Lighthouse again/.test(String((err as { stderr?: string }).stderr)))
        throw err;
    }
  }
  const after = load1();
  const lhr = JSON.parse(readFileSync(report, 'utf8')) as Lhr;
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const shifts = (lhr.audits['layout-shifts']?.details?.items ?? [])
    .map((it) => ({
      node: String((it.node as { snippet?: string } | undefined)?.snippet ?? '?').slice(0, 100),
      score: Number(it.score ?? 0),
    }))
    .slice(0, 5);
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbtMs: num('total-blocking-time'),
    fcpMs: num('first-contentful-paint'),
    siMs: num('speed-index'),
    lcpElement: lcpElement(lhr),
    load: { before, after },
    shifts,
    report,
  };
}

/** The LCP element's snippet (Lighthouse 12 nests it in a table inside a list), or '?'. */
function lcpElement(lhr: Lhr): string {
  type Node = { node?: { snippet?: string }; items?: Node[] };
  const walk = (items: Node[] | undefined): string | undefined => {
    for (const it of items ?? []) {
      const found = it.node?.snippet ?? walk(it.items);
      if (found) return found;
    }
    return undefined;
  };
  const items = lhr.audits['largest-contentful-paint-element']?.details?.items as Node[] | undefined;
  return (walk(items) ?? '?').replace(/\s+/g, ' ').slice(0, 90);
}
