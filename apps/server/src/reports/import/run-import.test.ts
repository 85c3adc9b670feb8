import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf } from '../../test/envelope.ts';
import { createTestApp, freshClickHouseDatabase, type TestApp } from '../../test/test-app.ts';
import { handoffPath, readHandoff, writeHandoff } from './handoff.ts';
import { runImport } from './run-import.ts';

const header =
  'dt,channel,app_key,placement_id,placement_name,placement_type,country,request,response,winning_bid,impression,click,revenue';
const line = (dt: string, request: number) => `${dt},BidStream,a1,p1,banner,1,US,${request},80,40,38,2,0.5`;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Runs the CLI in-process; answers its exit code and what it printed. */
async function cli(args: string[], dataDir: string, env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runImport(
    args,
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run import against a serving portal (issue 14 item 22)', () => {
  let t: TestApp;
  let file: (name: string, lines: string[]) => string;
  const requests = async (dt: string) =>
    Number(
      (
        await t.app.reportStore.query(
          'SELECT sum(request)::BIGINT AS r FROM rtb_daily WHERE dt = $dt::DATE',
          {
            dt,
          },
        )
      )[0]?.r ?? 0,
    );
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    file = (name, lines) => {
      const p = path.join(t.dataDir, name);
      writeFileSync(p, `${lines.join('\n')}\n`);
      return p;
    };
  }, 180_000);
  afterAll(async () => t?.close());

  it('publishes its address and a secret readable by its own account only', () => {
    const h = readHandoff(t.dataDir);
    expect(h?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(h?.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(handoffPath(t.dataDir)).mode & 0o777).toBe(0o600);
  });

  it('hands the file to the server, which switches the dates while it keeps serving', async () => {
    const f = file('rtb.csv', [header, line('2026-01-10', 100), line('2026-01-11', 50)]);
    const r = await cli(['--kind', 'rtb', '--file', f], t.dataDir);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toContain('imported 2 rtb rows for 2 day(s): 2026-01-10, 2026-01-11');
    expect(r.out).toContain('through the running server');
    // The server's own store (the process holding the DuckDB file) has the facts.
    expect(await requests('2026-01-10')).toBe(100);
    // Again with other numbers: the dates are replaced, not added to.
    const again = file('rtb2.csv', [header, line('2026-01-10', 7)]);
    expect((await cli(['--kind', 'rtb', '--file', again], t.dataDir)).code).toBe(0);
    expect(await requests('2026-01-10')).toBe(7);
    expect(await requests('2026-01-11')).toBe(50);
    expect((await t.app.inject({ method: 'GET', url: '/common/country' })).statusCode).toBe(200);
  });

  it('reports a bad line of the file in our words, by the file name, and writes nothing', async () => {
    const f = file('extra.csv', [header, line('2026-01-12', 1), `${line('2026-01-12', 2)},x`]);
    const r = await cli(['--kind', 'rtb', '--file', f], t.dataDir);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      `${f}: line 3: 14 fields where the header has 13 (every line needs one value per column)`,
    );
    expect(r.err).not.toMatch(/import-|upload|Expected Number of Columns/);
    expect(await requests('2026-01-12')).toBe(0);
  });

  it('refuses the endpoint without the secret', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/internal/import?kind=rtb&name=x.csv',
      headers: { 'content-type': 'application/octet-stream', 'x-import-secret': 'guess' },
      payload: `${header}\n${line('2026-01-13', 1)}\n`,
    });
    expect(envelopeOf(res)).toMatchObject({ code: 402 });
    expect(await requests('2026-01-13')).toBe(0);
  });
});

describe('npm run import without a serving portal', () => {
  let dir: string;
  let holder: ChildProcess | undefined;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-import-'));
  });
  afterAll(() => {
    holder?.kill();
    rmSync(dir, { recursive: true, force: true });
  });
  const csv = (name: string) => {
    const p = path.join(dir, name);
    writeFileSync(p, `${header}\n${line('2026-01-10', 3)}\n`);
    return p;
  };

  it('opens the store itself, also when a killed server left its handoff file behind', async () => {
    const data = path.join(dir, 'stale');
    await import('node:fs').then((fs) => fs.mkdirSync(data, { recursive: true }));
    // Port 9 (discard) on loopback: nobody listens, the connection is refused.
    writeHandoff(data, { url: 'http://127.0.0.1:9', pid: 999_999, secret: 'a'.repeat(64) });
    const r = await cli(['--kind', 'rtb', '--file', csv('a.csv'), '--create'], data);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toBe('imported 1 rtb rows for 1 day(s): 2026-01-10');
    expect(existsSync(path.join(data, 'reports.duckdb'))).toBe(true);
  });

  it('resolves relative paths from the caller’s directory and refuses a store that does not exist unless --create', async () => {
    const caller = path.join(dir, 'caller');
    await import('node:fs').then((fs) => fs.mkdirSync(caller, { recursive: true }));
    writeFileSync(path.join(caller, 'facts.csv'), `${header}\n${line('2026-01-10', 4)}\n`);
    // npm runs the script in the package root; INIT_CWD is where the caller typed the command.
    const env = { INIT_CWD: caller, REPORT_STORE_URL: 'duckdb:stores/typo.duckdb' };
    const args = ['--kind', 'rtb', '--file', 'facts.csv'];
    const refused = await cli(args, dir, env);
    expect(refused.code).toBe(1);
    expect(refused.out).toBe('');
    expect(refused.err).toBe(
      `the report store ${path.join(caller, 'stores/typo.duckdb')} does not exist: nothing imported. ` +
        'Check REPORT_STORE_URL and DATA_DIR, or pass --create to create it',
    );
    expect(existsSync(path.join(caller, 'stores'))).toBe(false);
    expect(existsSync(path.join(process.cwd(), 'stores/typo.duckdb'))).toBe(false);

    const created = await cli([...args, '--create'], dir, env);
    expect(created).toMatchObject({ code: 0, err: '', out: 'imported 1 rtb rows for 1 day(s): 2026-01-10' });
    expect(existsSync(path.join(caller, 'stores/typo.duckdb'))).toBe(true);
    // Once it exists, no flag is needed.
    expect((await cli(args, dir, env)).code).toBe(0);
  });

  it('refuses a ClickHouse database that does not exist unless --create', async () => {
    const db = await freshClickHouseDatabase();
    try {
      const args = ['--kind', 'rtb', '--file', csv('ch.csv')];
      const refused = await cli(args, dir, { REPORT_STORE_URL: db.url });
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(
        /^the report store ClickHouse database portal_t_\w+ does not exist: nothing imported/,
      );
      expect((await cli([...args, '--create'], dir, { REPORT_STORE_URL: db.url })).code).toBe(0);
    } finally {
      await db.drop();
    }
  }, 60_000);

  it('says clearly when the store cannot be opened: not a DuckDB file', async () => {
    const data = path.join(dir, 'garbage');
    await import('node:fs').then((fs) => fs.mkdirSync(data, { recursive: true }));
    writeFileSync(path.join(data, 'reports.duckdb'), 'this is not a database'.repeat(500));
    const r = await cli(['--kind', 'rtb', '--file', csv('b.csv')], data);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^cannot open the report store .*reports\.duckdb: /);
  });

  it('says clearly when another process holds the store', async () => {
    const data = path.join(dir, 'locked');
    const db = path.join(data, 'reports.duckdb');
    await import('node:fs').then((fs) => fs.mkdirSync(data, { recursive: true }));
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        // The instance and its connection stay referenced from the timer: an unreferenced DuckDB
        // instance may be collected, which closes the file and lets go of its lock (a CI flake).
        `import { DuckDBInstance } from '@duckdb/node-api';
         const i = await DuckDBInstance.create(${JSON.stringify(db)});
         const c = await i.connect();
         await c.run('CREATE TABLE x (a INT)');
         console.log('ready');
         setInterval(() => [i, c], 1000);`,
      ],
      { cwd: serverDir, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    holder = child;
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (b: Buffer) => b.toString().includes('ready') && resolve());
      child.on('exit', (c) => reject(new Error(`holder exited ${c}`)));
    });
    const r = await cli(['--kind', 'rtb', '--file', csv('c.csv')], data);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^the report store .*reports\.duckdb is in use by another process \(pid \d+\)/);
    child.kill();
  }, 60_000);

  it('checks its arguments before touching anything', async () => {
    expect((await cli(['--kind', 'nope', '--file', csv('d.csv')], dir)).err).toMatch(
      /^unknown kind nope; one of sdk/,
    );
    expect((await cli(['--kind', 'rtb', '--file', path.join(dir, 'none.csv')], dir)).err).toMatch(
      /none\.csv: no such file$/,
    );
    expect((await cli(['--kind', 'rtb'], dir)).code).toBe(1);
  });
});
