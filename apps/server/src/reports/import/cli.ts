/**
 * `npm run import -- --kind <kind> --file <csv|parquet> [--url http://host:port] [--create]`: hands the
 * file to the serving portal, else imports into the configured report store directly, which must exist
 * unless `--create` (run-import.ts).
 * Exit code 0 with a summary, 1 with one clear message (nothing written).
 */
import { runImport } from './run-import.ts';

process.exitCode = await runImport(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  return 1;
});
