/** `npm test`'s stage table (issue 24 item 7): wall time per stage, written and printed even on failure. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatStages, runConcurrently, stageTimer } from './stages.mjs';

const dirs = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A timer on a fake clock that advances by the given milliseconds per stage. */
function fakeTimer() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stages-'));
  dirs.push(dir);
  let clock = 0;
  const lines = [];
  const file = path.join(dir, 'out', 'test-stages.json');
  const timer = stageTimer({ file, out: (l) => lines.push(l), now: () => clock });
  return { timer, lines, file, advance: (ms) => (clock += ms) };
}

describe('npm test stage timing', () => {
  it('records each stage with its wall time and the load average, and writes the table', () => {
    const { timer, lines, file, advance } = fakeTimer();
    const result = timer.time('biome', () => {
      advance(2_340);
      return 'result';
    });
    expect(result).toBe('result');
    timer.time('vitest (unit)', () => advance(300_000));
    timer.finish(true);
    const report = JSON.parse(readFileSync(file, 'utf8'));
    expect(report.ok).toBe(true);
    expect(report.total).toBe(302.3);
    expect(report.stages.map((s) => [s.name, s.seconds, s.ok])).toEqual([
      ['biome', 2.3, true],
      ['vitest (unit)', 300, true],
    ]);
    expect(report.stages[0].load).toHaveLength(3);
    expect(lines.some((l) => /^ {2}vitest \(unit\) +300\.0 +99 /.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/^ {2}total +302\.3$/);
  });

  it('marks the stage that was running when the process exited as failed, and writes once', () => {
    const { timer, lines, file, advance } = fakeTimer();
    timer.time('biome', () => advance(1_000));
    expect(() =>
      timer.time('tsc apps/server', () => {
        advance(5_000);
        // What the exit hook sees when ensure.mjs `run` exits inside a stage.
        timer.finish(false);
        throw new Error('exited');
      }),
    ).toThrow('exited');
    timer.finish(true);
    const report = JSON.parse(readFileSync(file, 'utf8'));
    expect(report.ok).toBe(false);
    expect(report.stages.map((s) => [s.name, s.ok])).toEqual([
      ['biome', true],
      ['tsc apps/server', false],
    ]);
    expect(lines.filter((l) => l.startsWith('Stage times'))).toEqual([
      'Stage times (failed; load = 1/5/15-min average on ' +
        os.cpus().length +
        ' cores when the stage ended)',
    ]);
    expect(lines.some((l) => l.startsWith('✗ tsc apps/server'))).toBe(true);
  });

  it('formats a report without stages', () => {
    expect(formatStages({ total: 0, ok: true, cpus: 2, stages: [] }).at(-1)).toBe('  total      0.0');
  });

  it('runs checks side by side with each output held together, and reports every failure', async () => {
    const node = (name, code, text) => ({
      name,
      cmd: process.execPath,
      args: [
        '-e',
        `process.stdout.write('${text}a\\n'); setTimeout(() => { process.stdout.write('${text}b\\n'); process.exit(${code}); }, 150)`,
      ],
    });
    const printed = [];
    const results = await runConcurrently([node('one', 0, 'x'), node('two', 2, 'y'), node('three', 0, 'z')], {
      cwd: os.tmpdir(),
      limit: 2,
      out: (t) => printed.push(t),
    });
    expect(results.map((r) => [r.name, r.code])).toEqual([
      ['one', 0],
      ['two', 2],
      ['three', 0],
    ]);
    expect(printed).toHaveLength(3);
    for (const [mark, name, text] of [
      ['✓', 'one', 'x'],
      ['✗', 'two', 'y'],
      ['✓', 'three', 'z'],
    ]) {
      expect(printed.find((p) => p.includes(` ${name} (`))).toMatch(
        new RegExp(`^${mark} ${name} \\([\\d.]+ s\\)\\n${text}a\\n${text}b\\n$`),
      );
    }
  });
});
