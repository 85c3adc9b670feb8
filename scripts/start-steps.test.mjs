/** What `npm start` prints (issue 25 item 17): progress on long steps, and one plain last line. */
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { elapsed, readyLine, step, waitUntilUp } from './start-steps.mjs';

describe('npm start output', () => {
  it('ends with the address to open and the demo account', () => {
    expect(readyLine({ host: '127.0.0.1', port: '8080', demo: true })).toBe(
      'Ready: open http://127.0.0.1:8080 and sign in as demo@example.com with password Demo12345',
    );
    expect(readyLine({ host: '0.0.0.0', port: 9000, demo: false })).toBe('Ready: open http://127.0.0.1:9000');
  });

  it('announces a long step with what to expect, says it is still running, and times it', async () => {
    const lines = [];
    const res = await step('building', 'about 1 s', process.execPath, ['-e', 'setTimeout(() => {}, 700)'], {
      tickMs: 200,
      out: (l) => lines.push(l),
    });
    expect(res.code).toBe(0);
    expect(lines[0]).toBe('• building (about 1 s)…');
    expect(lines.filter((l) => l.startsWith('  … building:')).length).toBeGreaterThanOrEqual(1);
    expect(lines.at(-1)).toMatch(/^ {2}✓ building \(\d+ s\)$/);
  });

  it('reports a failing step with its output for the caller to show', async () => {
    const res = await step(
      'failing',
      'now',
      process.execPath,
      ['-e', 'console.error("boom"); process.exit(3)'],
      {
        out: () => {},
      },
    );
    expect(res.code).toBe(3);
    expect(res.log).toContain('boom');
  });

  it('waits for the server to answer, saying it is still starting', async () => {
    let up = false;
    const server = createServer((_req, res) => {
      res.statusCode = up ? 200 : 503;
      res.end();
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address();
    setTimeout(() => {
      up = true;
    }, 600);
    const lines = [];
    try {
      expect(await waitUntilUp(`http://127.0.0.1:${port}/`, { tickMs: 200, out: (l) => lines.push(l) })).toBe(
        true,
      );
    } finally {
      server.close();
    }
    expect(lines.some((l) => l.startsWith('  … starting:'))).toBe(true);
    expect(elapsed(125_000)).toBe('2 min 5 s');
  });
});
