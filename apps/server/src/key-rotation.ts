/**
 * `npm run keys:rotate` (README "Running at scale"): makes a new RSA key current in the shared key
 * ring of the accounts store (plugins/key-ring.ts); the previous keys keep decrypting what was made
 * for them (open login pages, sealed two-factor secrets). Running instances serve the new key within
 * a minute and open payloads made for it at once. Refused while PORTAL_RSA_PRIVATE_KEY is set (change
 * that variable instead) and, on the embedded store, while a portal serves from the same DATA_DIR
 * (PGlite has one process: stop the portal first).
 */
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDb } from './db/client.ts';
import { rotateKeyRing } from './plugins/key-ring.ts';
import { handoffPath, readHandoff } from './reports/import/handoff.ts';

export type RotationIo = { out: (line: string) => void; err: (line: string) => void };

/** Runs the rotation; returns the exit code (0 rotated, 1 refused with one line on `err`). */
export async function runKeyRotation(env: NodeJS.ProcessEnv, io: RotationIo): Promise<number> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    io.err(err instanceof ConfigError ? err.message : String(err));
    return 1;
  }
  if (!config.databaseUrl && readHandoff(config.dataDir)) {
    io.err(
      `a portal is serving from ${config.dataDir} (${handoffPath(config.dataDir)}): stop it first, ` +
        'the embedded accounts store has one process',
    );
    return 1;
  }
  const handle = await openDb({
    databaseUrl: config.databaseUrl,
    pgliteDir: `${config.dataDir}/pglite`,
  });
  try {
    const { kid, previous } = await rotateKeyRing(handle.db, config);
    io.out(`new current key ${kid}${previous ? `; ${previous} is kept for decryption` : ''}`);
    return 0;
  } catch (err) {
    io.err(err instanceof Error ? err.message.replace(/^Invalid configuration:\n\s*/, '') : String(err));
    return 1;
  } finally {
    await handle.close();
  }
}
