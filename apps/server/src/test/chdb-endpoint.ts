/**
 * Test and bench harness: ClickHouse's HTTP interface answered from chDB (ClickHouse's own engine,
 * 26.x, in process), so `@clickhouse/client` and the production ClickHouse report store run
 * unchanged against a real engine (README "Running at scale").
 *
 * It reads a request the way ClickHouse's HTTP interface does: the SQL from the `query` URL
 * parameter and/or the POST body (`query` + "\n" + body, so an INSERT's data follows its
 * `FORMAT`), query parameters from `param_<name>`, the database from `database`, the output format
 * from `default_format` unless the SQL names one, and every other URL parameter as a setting for
 * that request. `{name:Type}` placeholders are replaced by typed literals parsed by the engine
 * (`CAST('<text>' AS Type)`, the text unescaped as ClickHouse unescapes parameter values), which
 * binds like the server does; chDB's own binding cannot take the client's escaped array text.
 * Requests run one at a time on one chDB session, which keeps databases and tables between them;
 * a request's database and settings are applied with `USE`/`SET` (only what differs from the request
 * before; settings it does not name go back to their defaults).
 * Errors answer status 500 with ClickHouse's "Code: N. DB::Exception: …" text, which the client
 * parses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'chdb';

export type ChdbEndpoint = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Runs SQL on the session directly (harness setup, not through HTTP). */
  exec(sql: string): Promise<string>;
  close(): Promise<void>;
};

/** URL parameters of the HTTP interface that are not settings. */
const NOT_SETTINGS = new Set([
  'query',
  'database',
  'default_format',
  'user',
  'password',
  'session_id',
  'session_timeout',
  'session_check',
  'query_id',
  'compress',
  'decompress',
  'enable_http_compression',
  'wait_end_of_query',
  'send_progress_in_http_headers',
  'buffer_size',
  'role',
]);

const sqlString = (s: string) => `'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** A parameter value's text as ClickHouse reads it (escaped format: backslash sequences). */
function unescapeParam(v: string): string {
  const map: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', '0': '\0' };
  return v.replace(/\\(.)/gs, (_, c: string) => map[c] ?? c);
}

/** `sql` with every `{name:Type}` replaced by a literal of `Type` from `param_<name>`. */
export function bindParams(sql: string, params: URLSearchParams): string {
  return sql.replace(/\{([A-Za-z_][A-Za-z0-9_]*):([^{}]+)\}/g, (_, name: string, type: string) => {
    const value = params.get(`param_${name}`);
    if (value === null) {
      throw new Error(
        `Code: 456. DB::Exception: Substitution \`${name}\` is not set. (UNKNOWN_QUERY_PARAMETER)`,
      );
    }
    const t = type.trim();
    if (t === 'String') return sqlString(unescapeParam(value));
    return `CAST(${sqlString(value)} AS ${t})`;
  });
}

async function body(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of req) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

export type ChdbEndpointOptions = {
  /** Parent of the session's directory (default the OS temp directory), e.g. a disk with room. */
  dir?: string;
  /**
   * Rewrites the SQL text of each HTTP request before it runs (not an INSERT's data), e.g. to play a
   * cluster's DDL on this single engine (clickhouse-cluster.test.ts).
   */
  rewrite?: (sql: string) => string;
};

/**
 * Starts the endpoint on a free port of 127.0.0.1 with a fresh chDB session in a new directory under
 * `opts.dir` (default the OS temp directory), removed on close.
 */
export async function startChdbEndpoint(opts: ChdbEndpointOptions = {}): Promise<ChdbEndpoint> {
  const dir = mkdtempSync(path.join(opts.dir ?? os.tmpdir(), 'chdb-endpoint-'));
  const rewrite = opts.rewrite ?? ((sql: string) => sql);
  const session = new Session(dir);
  let chain: Promise<unknown> = Promise.resolve();
  let currentDb = '';
  const applied = new Map<string, string>();
  /** Runs `fn` after every earlier request: one session, one statement at a time. */
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const p = chain.then(fn);
    chain = p.catch(() => {});
    return p;
  };
  const exec = async (sql: string, format = 'TabSeparated') =>
    (await session.queryAsync(sql, { format })).text();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/ping') {
      res.end('Ok.\n');
      return;
    }
    const params = url.searchParams;
    const data = req.method === 'POST' ? await body(req) : '';
    const inUrl = params.get('query');
    const settings = [...params.entries()].filter(([k]) => !NOT_SETTINGS.has(k) && !k.startsWith('param_'));
    const database = params.get('database');
    const format = params.get('default_format') ?? 'TabSeparated';
    try {
      const sql =
        inUrl === null
          ? bindParams(rewrite(data), params)
          : `${bindParams(rewrite(inUrl), params)}${data ? `\n${data}` : ''}`;
      const text = await serial(async () => {
        const db = database ?? 'default';
        if (db !== currentDb) {
          await exec(`USE ${db}`);
          currentDb = db;
        }
        const wanted = new Map(settings);
        for (const k of [...applied.keys()]) {
          if (wanted.has(k)) continue;
          await exec(`SET ${k} = DEFAULT`);
          applied.delete(k);
        }
        for (const [k, v] of wanted) {
          if (applied.get(k) === v) continue;
          applied.delete(k);
          await exec(`SET ${k} = ${/^-?\d+(\.\d+)?$/.test(v) ? v : sqlString(v)}`);
          applied.set(k, v);
        }
        return exec(sql, format);
      });
      res.setHeader('content-type', 'text/plain; charset=UTF-8');
      res.setHeader('x-clickhouse-format', format);
      res.setHeader('x-clickhouse-summary', JSON.stringify({ read_rows: '0', written_rows: '0' }));
      res.end(text);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const code = /Code: (\d+)/.exec(message)?.[1] ?? '1002';
      res.statusCode = 500;
      res.setHeader('x-clickhouse-exception-code', code);
      res.end(
        /Code: \d+/.test(message) ? message : `Code: ${code}. DB::Exception: ${message}. (UNKNOWN_EXCEPTION)`,
      );
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await chain;
    session.close();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', () => {
    if (closed) return;
    session.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { url: `http://127.0.0.1:${port}`, exec: (sql) => serial(() => exec(sql)), close };
}
