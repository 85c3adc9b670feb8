/**
 * The key ring every instance shares (issue 22 item 1, architecture §Stores): the RSA keys of
 * encrypted payloads (api-contract §4) and of sealed two-factor secrets, kept in the accounts store
 * (`server_keys`), so a `get_key` answered by one instance opens on another.
 *
 * At start (`openKeyRing`), in one transaction under an advisory lock, so instances starting at the
 * same moment end up with the same key:
 * - PORTAL_RSA_PRIVATE_KEY, when set, is authoritative: added to the ring when new and made current
 *   (the key it replaces stays, for decryption);
 * - a key file of an earlier version (`DATA_DIR/keys/portal-rsa.pem`) is imported once, as the
 *   current key when the ring has none, else for decryption only;
 * - otherwise, when the ring has no current key, one is generated.
 * Private keys are stored as PKCS#8 PEM, encrypted (PBES2, AES-256-CBC) under
 * PORTAL_KEY_ENCRYPTION_KEY when it is set (keys stored in the clear before are encrypted then);
 * without it they are stored in the clear, like the key file was.
 *
 * Rotation (`rotateKeyRing`, `npm run keys:rotate`): a new current key; the previous ones keep
 * decrypting. Other instances learn of it when a payload names its `kid` (the ring reloads, at most
 * once a second) and within RELOAD_MS for what `get_key` serves.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { type Config, ConfigError } from '../config.ts';
import { ADVISORY_LOCK, ADVISORY_LOCK_CLASS, type Db, type Tx } from '../db/client.ts';
import { serverKeys } from '../db/schema/server.ts';
import {
  generateRsaKey,
  type KeyFinder,
  parseConfiguredKey,
  type RingKey,
  readKeyFile,
  ringKeyOf,
} from './keys.ts';

/** How old the loaded ring may get before `refresh` reads it again, ms. */
const RELOAD_MS = 60_000;
/** Least time between two reloads caused by an unknown `kid`, ms (bad `kid`s cost one query a second at most). */
const MISS_RELOAD_MS = 1_000;

export type KeyRing = KeyFinder & {
  /** The current key: `get_key` serves it and new secrets are sealed with it. */
  current(): RingKey;
  /** Every key of the ring, current first. */
  keys(): RingKey[];
  /** Reads the ring again when it was loaded more than RELOAD_MS ago (a rotation elsewhere). */
  refresh(): Promise<void>;
};

type KeyConfig = Pick<Config, 'rsaPrivateKey' | 'dataDir' | 'keyEncryptionKey'>;

const ENCRYPTED_PEM = '-----BEGIN ENCRYPTED PRIVATE KEY-----';

/** PKCS#8 PEM of `key`, encrypted under `passphrase` when one is given. */
function pemOf(key: KeyObject, passphrase: string | undefined): string {
  return (
    passphrase
      ? key.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase })
      : key.export({ type: 'pkcs8', format: 'pem' })
  ) as string;
}

/** The private key of a stored row; ConfigError naming PORTAL_KEY_ENCRYPTION_KEY when it cannot open it. */
function keyOfRow(row: { kid: string; private_key: string }, passphrase: string | undefined): KeyObject {
  const encrypted = row.private_key.startsWith(ENCRYPTED_PEM);
  if (encrypted && !passphrase) {
    throw new ConfigError(
      'Invalid configuration:\n  PORTAL_KEY_ENCRYPTION_KEY: the key ring in the accounts store is encrypted; ' +
        'set the key it was encrypted with',
    );
  }
  try {
    return createPrivateKey(encrypted ? { key: row.private_key, passphrase } : row.private_key);
  } catch {
    throw new ConfigError(
      `Invalid configuration:\n  PORTAL_KEY_ENCRYPTION_KEY: does not open key ${row.kid} of the key ring`,
    );
  }
}

/** Takes the key ring's transaction-level advisory lock (released at commit or rollback). */
async function lockRing(tx: Tx) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_CLASS}::int, ${ADVISORY_LOCK.keyRing}::int)`,
  );
}

/** Adds `key` to the ring inside `tx`; `current`: it replaces the current key (which is retired). */
async function addKey(
  tx: Tx,
  key: RingKey,
  source: 'generated' | 'file' | 'environment',
  current: boolean,
  passphrase: string | undefined,
  now: Date,
) {
  if (current) await retireCurrent(tx, now);
  await tx.insert(serverKeys).values({
    kid: key.kid,
    private_key: pemOf(key.privateKey, passphrase),
    source,
    current,
    created_at: now,
    retired_at: current ? null : now,
  });
}

async function retireCurrent(tx: Tx, now: Date) {
  await tx.update(serverKeys).set({ current: false, retired_at: now }).where(eq(serverKeys.current, true));
}

/** Brings the stored ring in line with the configuration (see the file's comment); one transaction. */
async function establish(db: Db, config: KeyConfig, now: Date) {
  const passphrase = config.keyEncryptionKey;
  const envKey = config.rsaPrivateKey ? await ringKeyOf(parseConfiguredKey(config.rsaPrivateKey)) : null;
  const fileKey = await readKeyFile(config.dataDir).then((k) => (k ? ringKeyOf(k) : null));
  // Generated outside the lock (it takes a moment), and only when the ring may need it.
  const [existing] = await db
    .select({ kid: serverKeys.kid })
    .from(serverKeys)
    .where(eq(serverKeys.current, true));
  const generated = !envKey && !fileKey && !existing ? await ringKeyOf(await generateRsaKey()) : null;
  await db.transaction(async (tx) => {
    await lockRing(tx);
    const rows = await tx
      .select({ kid: serverKeys.kid, current: serverKeys.current, private_key: serverKeys.private_key })
      .from(serverKeys);
    // Nothing is written unless every stored key opens (PORTAL_KEY_ENCRYPTION_KEY right or unneeded).
    for (const r of rows) keyOfRow(r, passphrase);
    const known = new Map(rows.map((r) => [r.kid, r]));
    let hasCurrent = rows.some((r) => r.current);
    if (fileKey && !known.has(fileKey.kid)) {
      const current = !envKey && !hasCurrent;
      await addKey(tx, fileKey, 'file', current, passphrase, now);
      known.set(fileKey.kid, { kid: fileKey.kid, current, private_key: '' });
      hasCurrent ||= current;
    }
    if (envKey) {
      const row = known.get(envKey.kid);
      if (!row) await addKey(tx, envKey, 'environment', true, passphrase, now);
      else if (!row.current) {
        await retireCurrent(tx, now);
        await tx
          .update(serverKeys)
          .set({ current: true, retired_at: null })
          .where(eq(serverKeys.kid, envKey.kid));
      }
    } else if (!hasCurrent) {
      // Another instance may have added one since the read above: the lock makes this check final.
      await addKey(
        tx,
        generated ?? (await ringKeyOf(await generateRsaKey())),
        'generated',
        true,
        passphrase,
        now,
      );
    }
    if (passphrase) {
      for (const r of rows) {
        if (r.private_key.startsWith(ENCRYPTED_PEM)) continue;
        const key = keyOfRow(r, undefined);
        await tx
          .update(serverKeys)
          .set({ private_key: pemOf(key, passphrase) })
          .where(eq(serverKeys.kid, r.kid));
      }
    }
  });
  return envKey;
}

/**
 * Opens the shared key ring of the accounts store `db`, establishing it first (see the file's
 * comment). Throws ConfigError naming PORTAL_RSA_PRIVATE_KEY or PORTAL_KEY_ENCRYPTION_KEY when one is
 * wrong.
 */
export async function openKeyRing(
  db: Db,
  config: KeyConfig,
  now: () => Date = () => new Date(),
): Promise<KeyRing> {
  const passphrase = config.keyEncryptionKey;
  const envKey = await establish(db, config, now());
  const parsed = new Map<string, RingKey>();
  let keys: RingKey[] = [];
  let loadedAt = 0;
  let missReloadAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | null = null;

  async function load() {
    const rows = await db
      .select({ kid: serverKeys.kid, private_key: serverKeys.private_key, current: serverKeys.current })
      .from(serverKeys);
    const next: RingKey[] = [];
    for (const row of rows) {
      let key = parsed.get(row.kid);
      if (!key) {
        key = await ringKeyOf(keyOfRow(row, passphrase));
        parsed.set(row.kid, key);
      }
      // Current first: the configured key, else the store's current one.
      const first = envKey ? row.kid === envKey.kid : row.current;
      if (first) next.unshift(key);
      else next.push(key);
    }
    if (next.length === 0) throw new Error('the key ring is empty');
    keys = next;
    loadedAt = performance.now();
  }
  function reload(): Promise<void> {
    loading ??= load().finally(() => {
      loading = null;
    });
    return loading;
  }
  await load();

  return {
    current: () => keys[0] as RingKey,
    keys: () => keys,
    async find(kid) {
      const known = keys.find((k) => k.kid === kid);
      if (known) return known;
      if (performance.now() - missReloadAt < MISS_RELOAD_MS) return undefined;
      missReloadAt = performance.now();
      await reload();
      return keys.find((k) => k.kid === kid);
    },
    async refresh() {
      if (performance.now() - loadedAt >= RELOAD_MS) await reload();
    },
  };
}

/**
 * Rotates the key ring of `db`: a new generated key becomes current, the previous ones stay for
 * decryption. Refused (Error) while PORTAL_RSA_PRIVATE_KEY is set (that key is authoritative: rotate
 * by changing it). Returns the new and the previous current `kid`.
 */
export async function rotateKeyRing(
  db: Db,
  config: KeyConfig,
  now: Date = new Date(),
): Promise<{ kid: string; previous: string | null }> {
  if (config.rsaPrivateKey) {
    throw new Error(
      'PORTAL_RSA_PRIVATE_KEY is set and stays authoritative: rotate by setting it to the new key ' +
        '(the previous one is kept for decryption)',
    );
  }
  const key = await ringKeyOf(await generateRsaKey());
  return db.transaction(async (tx) => {
    await lockRing(tx);
    const rows = await tx
      .select({ kid: serverKeys.kid, current: serverKeys.current, private_key: serverKeys.private_key })
      .from(serverKeys);
    // Refuse to add a key in the clear beside encrypted ones (or under a passphrase that opens none).
    for (const r of rows) keyOfRow(r, config.keyEncryptionKey);
    await addKey(tx, key, 'generated', true, config.keyEncryptionKey, now);
    return { kid: key.kid, previous: rows.find((r) => r.current)?.kid ?? null };
  });
}
