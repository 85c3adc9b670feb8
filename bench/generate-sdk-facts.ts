/**
 * Generates a large SDK fact store for benchmarks (not a test):
 *   npx tsx bench/generate-sdk-facts.ts [--out bench/out/reports.duckdb] [--days 120] [--scale 10]
 *     [--seed 1] [--end yyyyMMdd]
 * Ten base apps (keys bench_00…bench_09, weights Zipf) plus round(10 × (scale − 1)) synthetic
 * long-tail apps; about 2M hourly rows per unit of scale at 120 days. Deterministic per seed.
 */
import { parseArgs } from 'node:util';
import { yesterdayIn } from '@portal/contracts/report-dates.ts';
import { type FactApp, generateSdkFacts } from '../apps/server/src/demo/sdk-generator.ts';
import { openDuckDbStore } from '../apps/server/src/reports/stores/duckdb.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'bench/out/reports.duckdb' },
    days: { type: 'string', default: '120' },
    scale: { type: 'string', default: '10' },
    seed: { type: 'string', default: '1' },
    end: { type: 'string' },
  },
});

const styles = [
  { ad_style: 1, placement_name: 'Banner' },
  { ad_style: 2, placement_name: 'Interstitial' },
  { ad_style: 6, placement_name: 'Rewarded Video' },
];
const apps: FactApp[] = Array.from({ length: 10 }, (_, i) => ({
  app_key: `bench_${String(i).padStart(2, '0')}`,
  weight: 1 / (i + 1) ** 1.2,
  placements: styles.slice(0, 1 + (i % 3)).map((s) => ({ ...s, placement_id: `bench_${i}_${s.ad_style}` })),
}));

const store = await openDuckDbStore(values.out);
const started = performance.now();
const result = await generateSdkFacts(store, {
  apps,
  days: Number(values.days),
  endDate: values.end ?? yesterdayIn(new Date(), 'UTC'),
  seed: Number(values.seed),
  scale: Number(values.scale),
});
await store.close();
console.log(JSON.stringify({ ...result, out: values.out, seconds: (performance.now() - started) / 1000 }));
