/**
 * How `npm run import` finds a serving portal (issue 14 item 22): DuckDB lets one process open the
 * report file, so while the server runs the CLI hands the file to it. The server writes
 * `DATA_DIR/import-handoff.json` (mode 0600: only the account that runs the portal reads it) when it
 * listens, with its URL, its process id and a random secret that its import endpoint requires, and
 * removes the file when it closes. A file left behind by a killed server names a URL nobody answers
 * on; the CLI then opens the store itself.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Header carrying the secret of the handoff file. */
export const IMPORT_SECRET_HEADER = 'x-import-secret';

export type Handoff = { url: string; pid: number; secret: string };

/** `DATA_DIR/import-handoff.json`. */
export function handoffPath(dataDir: string): string {
  return path.join(dataDir, 'import-handoff.json');
}

/** A fresh random secret (256 bits, hex). */
export function newImportSecret(): string {
  return randomBytes(32).toString('hex');
}

/** Writes the handoff file atomically with mode 0600. */
export function writeHandoff(dataDir: string, h: Handoff): void {
  const file = handoffPath(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(h), { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

/** The handoff file's content, or null when there is none (or it is unreadable or malformed). */
export function readHandoff(dataDir: string): Handoff | null {
  try {
    const v = JSON.parse(readFileSync(handoffPath(dataDir), 'utf8')) as Partial<Handoff>;
    if (typeof v.url !== 'string' || typeof v.secret !== 'string' || typeof v.pid !== 'number') return null;
    return { url: v.url, pid: v.pid, secret: v.secret };
  } catch {
    return null;
  }
}

/** Removes the handoff file when it is still `secret`'s (a newer server's file stays). */
export function removeHandoff(dataDir: string, secret: string): void {
  if (readHandoff(dataDir)?.secret === secret) rmSync(handoffPath(dataDir), { force: true });
}

/** Constant-time comparison of a presented secret with the expected one. */
export function secretMatches(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
