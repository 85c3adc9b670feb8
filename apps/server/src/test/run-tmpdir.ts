/**
 * The server test run's scratch directory (issue 24 item 7). Every test app keeps its stores under
 * `os.tmpdir()`: its DATA_DIR with the PGlite copy and the DuckDB file, and the chDB endpoint's data.
 * On a disk file system that is slow work for a test: on the 2-core development machine (ext4 on a
 * virtual disk) copying the 41 MB migrated PGlite template took ~1 s of each app's ~1.5 s start, on
 * tmpfs ~0.05 s. The global setup (global-setup.ts) points TMPDIR at a fresh directory on tmpfs
 * (`/dev/shm`) when it has room, before any test process starts, so the test processes inherit it;
 * the directory goes when the run ends, with whatever a test left behind.
 */
import { accessSync, constants, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** tmpfs on Linux; absent on macOS and Windows. */
const SHM = '/dev/shm';
/** Least free space on SHM to use it: a run holds a few hundred MB at once (Docker's default is 64 MB). */
const SHM_MIN_FREE = 2 * 1024 ** 3;

/** Where the run's directory goes: TEST_TMPDIR if set, else SHM when writable with room, else os.tmpdir(). */
export function scratchBase(env: NodeJS.ProcessEnv = process.env): string {
  if (env.TEST_TMPDIR) return env.TEST_TMPDIR;
  try {
    const fsStats = statfsSync(SHM);
    accessSync(SHM, constants.W_OK);
    if (fsStats.bavail * fsStats.bsize >= SHM_MIN_FREE) return SHM;
  } catch {
    // No tmpfs here: the system's temp directory.
  }
  return os.tmpdir();
}

/**
 * Makes a fresh directory under `scratchBase()` this process's TMPDIR (so processes started after
 * this inherit it). Returns a function that removes it and restores TMPDIR.
 */
export function useRunTmpdir(): () => void {
  const before = process.env.TMPDIR;
  const dir = mkdtempSync(path.join(scratchBase(), 'portal-test-run-'));
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true });
  };
}
