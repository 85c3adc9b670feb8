/**
 * `npm run import -- --kind <kind> --file <csv|parquet>`: imports report facts into the configured
 * report store (DATA_DIR or REPORT_STORE_URL; the server must not hold the DuckDB file meanwhile).
 * Exit code 0 with a summary, 1 with the validation message (nothing written).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openReportStore } from '../reports/store.ts';
import { importFacts } from './import-facts.ts';

const { values } = parseArgs({ options: { kind: { type: 'string' }, file: { type: 'string' } } });
if (!values.kind || !values.file) {
  console.error('usage: npm run import -- --kind <kind> --file <csv|parquet>');
  process.exit(1);
}
const store = await openReportStore(loadConfig(process.env));
try {
  const r = await importFacts(store, values.kind, values.file);
  console.log(`imported ${r.rows} ${r.kind} rows for ${r.days.length} day(s): ${r.days.join(', ')}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await store.close();
}
