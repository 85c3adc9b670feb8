/**
 * `npm run import -- --kind <kind> --file <csv|parquet> [--url http://host:port] [--create]` (README
 * "Loading report facts"). A serving portal owns the DuckDB file (one process per file), so the file
 * is handed to it: the CLI reads `DATA_DIR/import-handoff.json` (handoff.ts) and streams the file to
 * the server's internal endpoint with its secret; `--url` names the server when its address differs
 * from the one in that file. Without a serving portal it opens the store itself, and refuses a store
 * that does not exist (a mistyped path would otherwise get an empty new store that "imported" the
 * file) unless `--create` asks for one. Either way the store-level import (import-facts.ts)
 * validates, then switches the file's dates in one transaction.
 *
 * Relative paths — `--file`, DATA_DIR and `REPORT_STORE_URL=duckdb:<path>` — resolve from the
 * caller's working directory: npm runs scripts in the package root and tells the caller's directory
 * in INIT_CWD. (DATA_DIR unset stays `./data` of the package root, where `npm start` keeps it.)
 * Every failure ends as one clear line on stderr and exit code 1, never an uncaught exception.
 */
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { type Config, ConfigError, loadConfig } from '../../config.ts';
import { factTables } from '../fact-tables.ts';
import { openReportStore } from '../open-store.ts';
import { type ReportStore, ReportStoreMissingError } from '../store.ts';
import { IMPORT_SECRET_HEADER, readHandoff } from './handoff.ts';
import { type ImportResult, importFacts } from './import-facts.ts';

export type ImportIo = { out: (line: string) => void; err: (line: string) => void };

const USAGE =
  'usage: npm run import -- --kind <kind> --file <csv|parquet> [--url http://host:port] [--create]';

/**
 * `env` with its relative DATA_DIR and `duckdb:` path resolved from `cwd` (the caller's working
 * directory), so the import and the store it opens mean what the caller typed.
 */
function resolvedEnv(env: NodeJS.ProcessEnv, cwd: string): NodeJS.ProcessEnv {
  const out = { ...env };
  if (env.DATA_DIR) out.DATA_DIR = path.resolve(cwd, env.DATA_DIR);
  const url = env.REPORT_STORE_URL;
  if (url?.startsWith('duckdb:')) {
    const file = url.slice('duckdb:'.length).replace(/^\/\//, '');
    if (file !== ':memory:') out.REPORT_STORE_URL = `duckdb:${path.resolve(cwd, file)}`;
  }
  return out;
}

/** The summary line of a successful import. */
export function summary(r: ImportResult): string {
  return `imported ${r.rows} ${r.kind} rows for ${r.days.length} day(s): ${r.days.join(', ')}`;
}

type Answer = { code: number; msg: string; data: unknown };

/** Streams `file` to the server at `url`; resolves with its envelope, rejects on a network error. */
function postFile(url: string, secret: string, kind: string, file: string): Promise<Answer> {
  // The internal endpoint: `POST` the file's bytes (`application/octet-stream`), query `kind`, `name`.
  const target = new URL(endpoints.ops.importFacts.path, url);
  target.searchParams.set('kind', kind);
  target.searchParams.set('name', path.basename(file));
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/octet-stream',
          'content-length': statSync(file).size,
          [IMPORT_SECRET_HEADER]: secret,
          'accept-language': 'en',
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (b: Buffer) => parts.push(b));
        res.on('error', reject);
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(parts).toString('utf8')) as Answer);
          } catch {
            reject(new Error(`the server at ${url} answered HTTP ${res.statusCode} without a result`));
          }
        });
      },
    );
    req.on('error', reject);
    createReadStream(file).on('error', reject).pipe(req);
  });
}

/** The envelope's failure as one line: the field messages when there are some, else `msg`. */
function failure(a: Answer): string {
  const errors = (a.data as { errors?: { message: string }[] } | null)?.errors;
  if (errors?.length) return errors.map((e) => e.message).join('; ');
  if (a.code === 402) return "the server refused the import secret (is DATA_DIR the server's?)";
  return `${a.msg} (code ${a.code})`;
}

/** Why the store could not be opened, in our words (DuckDB's lock and format errors). */
function openFailure(config: Config, err: unknown): string {
  const where = config.reportStoreUrl ?? path.join(config.dataDir, 'reports.duckdb');
  const text = err instanceof Error ? err.message : String(err);
  if (/lock/i.test(text)) {
    const pid = /PID (\d+)/.exec(text)?.[1];
    return (
      `the report store ${where} is in use by another process${pid ? ` (pid ${pid})` : ''}. ` +
      'If it is the portal, run the import with the same DATA_DIR (or --url <server>) so the file is handed to it; ' +
      'otherwise stop that process first.'
    );
  }
  return `cannot open the report store ${where}: ${text.split('\n')[0]}`;
}

/** Runs the CLI; returns the exit code. */
export async function runImport(argv: string[], env: NodeJS.ProcessEnv, io: ImportIo): Promise<number> {
  let values: { kind?: string; file?: string; url?: string; create?: boolean };
  try {
    values = parseArgs({
      args: argv,
      options: {
        kind: { type: 'string' },
        file: { type: 'string' },
        url: { type: 'string' },
        create: { type: 'boolean' },
      },
    }).values;
  } catch (err) {
    io.err(`${err instanceof Error ? err.message : err}\n${USAGE}`);
    return 1;
  }
  const cwd = env.INIT_CWD || process.cwd();
  const { kind } = values;
  const file = values.file && path.resolve(cwd, values.file);
  if (!kind || !file) {
    io.err(USAGE);
    return 1;
  }
  if (!factTables[kind]) {
    io.err(`unknown kind ${kind}; one of ${Object.keys(factTables).join(', ')}`);
    return 1;
  }
  try {
    if (!statSync(file).isFile()) throw new Error('not a file');
  } catch {
    io.err(`${file}: no such file`);
    return 1;
  }
  let config: Config;
  try {
    config = loadConfig(resolvedEnv(env, cwd));
  } catch (err) {
    io.err(err instanceof ConfigError ? err.message : String(err));
    return 1;
  }

  // A serving portal: hand the file over.
  const handoff = readHandoff(config.dataDir);
  const url = values.url ?? handoff?.url;
  if (url && handoff) {
    try {
      const answer = await postFile(url, handoff.secret, kind, file);
      if (answer.code !== 0) {
        io.err(`${file}: ${failure(answer).replaceAll(`${path.basename(file)}: `, '')}`);
        return 1;
      }
      io.out(`${summary(answer.data as ImportResult)} (through the running server at ${url})`);
      return 0;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // A handoff file left by a server that is gone: open the store directly below.
      if (values.url || code !== 'ECONNREFUSED') {
        io.err(`cannot reach the portal at ${url}: ${err instanceof Error ? err.message : err}`);
        return 1;
      }
    }
  } else if (values.url) {
    io.err(`no import secret in ${config.dataDir}: start the portal with this DATA_DIR, or leave out --url`);
    return 1;
  }

  // No serving portal: open the store directly.
  let store: ReportStore;
  try {
    store = await openReportStore(config, { create: values.create === true });
  } catch (err) {
    if (err instanceof ReportStoreMissingError) {
      io.err(
        `${err.message}: nothing imported. Check REPORT_STORE_URL and DATA_DIR, or pass --create to create it`,
      );
      return 1;
    }
    io.err(openFailure(config, err));
    return 1;
  }
  try {
    io.out(summary(await importFacts(store, kind, file)));
    return 0;
  } catch (err) {
    io.err(err instanceof Error ? err.message : String(err));
    return 1;
  } finally {
    await store.close();
  }
}
