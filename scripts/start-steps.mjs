/**
 * What `npm start` prints while it works (issue 25 item 17): each long step announces itself with
 * what to expect, says every `tickMs` (15 s) that it is still running and how long it has taken, and
 * ends with its time; once the server answers, one plain line says where to open it and which demo
 * account to sign in with. Node built-ins only (runs before anything is installed).
 */
import { spawn } from 'node:child_process';

/** "42 s" / "2 min 5 s". */
export function elapsed(ms) {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/**
 * Runs `cmd args` in `cwd`, output hidden unless it fails (then shown, and the process exits with its
 * code), with `• label (hint)…`, a line every `tickMs` and `✓ label (time)` on `out`.
 */
export function step(label, hint, cmd, args, { cwd, tickMs = 15_000, out = console.log, env } = {}) {
  const started = Date.now();
  out(`• ${label} (${hint})…`);
  const ticker = setInterval(() => out(`  … ${label}: ${elapsed(Date.now() - started)} so far`), tickMs);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d) => {
      log += d;
    });
    child.stderr.on('data', (d) => {
      log += d;
    });
    child.on('close', (code) => {
      clearInterval(ticker);
      if (code === 0) out(`  ✓ ${label} (${elapsed(Date.now() - started)})`);
      resolve({ code: code ?? 1, log });
    });
  });
}

/** The one line printed when the portal answers: the address and, when seeded, the demo account. */
export function readyLine({ host, port, demo }) {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const address = `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
  return demo
    ? `Ready: open ${address} and sign in as demo@example.com with password Demo12345`
    : `Ready: open ${address}`;
}

/**
 * Polls `url` until it answers 200, saying every `tickMs` that the server is still starting (the first
 * start seeds the demo network); resolves true when it answered, false after `timeoutMs`.
 */
export async function waitUntilUp(url, { tickMs = 15_000, timeoutMs = 15 * 60_000, out = console.log } = {}) {
  const started = Date.now();
  let lastTick = started;
  while (Date.now() - started < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    if (Date.now() - lastTick >= tickMs) {
      lastTick = Date.now();
      out(`  … starting: ${elapsed(lastTick - started)} so far`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}
