/**
 * Housekeeping: a small interval job that deletes rows nobody will read again (api-contract §5–6).
 * - sessions whose `expires_at` is more than one day past (a token lives 7 days, §6). Expired sessions
 *   are kept for a day and revoked ones until they expire, so a recent caller still gets the precise
 *   answer (20003 / 20005) that the revocation reason gives;
 * - captchas that were used or have expired (single use, 5 minutes, §5): neither can be answered again.
 *   (Emailed codes are pruned by modules/mail/email-codes.ts when a new one is issued.)
 * - used signatures whose window has passed (api-contract §10; plugins/signature-ledger.ts): their
 *   timestamp is refused anyway.
 *
 * `buildApp` registers the plugin; it decorates `app.housekeeping` and, unless `NODE_ENV` is `test`,
 * starts the timer (hourly, unref'd so it never keeps the process alive). The timer stops on close,
 * before the stores close, and waits for a sweep in progress. Tests call `app.housekeeping.sweep()`
 * directly and move time with createTestApp's `now`; the cut-offs use `app.now()`.
 */
import { isNotNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { captchas, sessions } from '../db/schema/auth.ts';
import { pruneSignatures } from './signature-ledger.ts';

/** How long an expired session row is kept (then deleted). */
export const SESSION_GRACE_MS = 24 * 60 * 60 * 1000;
/** Default time between sweeps. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/** Rows deleted by one sweep. */
export type SweepResult = { sessions: number; captchas: number; signatures: number };

export type Housekeeping = {
  /** Runs one sweep now (also while the timer is off). */
  sweep: () => Promise<SweepResult>;
  /** Whether the interval timer is running. */
  readonly running: boolean;
  /** Starts the timer (no-op when running). */
  start: (intervalMs?: number) => void;
  /** Stops the timer and waits for a sweep in progress. */
  stop: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    housekeeping: Housekeeping;
  }
}

/** Deletes expired sessions (older than the grace), used or expired captchas and expired signatures. */
export async function sweepStores(db: Db, now: Date): Promise<SweepResult> {
  const deadSessions = await db
    .delete(sessions)
    .where(lt(sessions.expires_at, new Date(now.getTime() - SESSION_GRACE_MS)))
    .returning({ id: sessions.token_hash });
  const deadCaptchas = await db
    .delete(captchas)
    .where(or(isNotNull(captchas.used_at), lt(captchas.expires_at, now)))
    .returning({ id: captchas.id });
  const signatures = await pruneSignatures(db, now);
  return { sessions: deadSessions.length, captchas: deadCaptchas.length, signatures };
}

/** The plugin: decorates `app.housekeeping`; starts the timer outside tests (see module doc). */
async function housekeepingPlugin(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();

  const sweep = () => {
    const run = sweepStores(app.db, app.now());
    inFlight = run.catch(() => undefined);
    return run;
  };
  const tick = () => {
    sweep().then(
      (r) => {
        if (r.sessions || r.captchas || r.signatures) app.log.info(r, 'housekeeping: deleted expired rows');
      },
      (err: unknown) => app.log.error({ err }, 'housekeeping sweep failed'),
    );
  };
  const hk: Housekeeping = {
    sweep,
    get running() {
      return timer !== undefined;
    },
    start(intervalMs = HOUSEKEEPING_INTERVAL_MS) {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await inFlight;
    },
  };
  app.decorate('housekeeping', hk);
  // preClose runs before every onClose hook, so no sweep touches a store that is closing.
  app.addHook('preClose', () => hk.stop());
  if (app.config.nodeEnv !== 'test') hk.start();
}

/** Not encapsulated (fastify-plugin): `app.housekeeping` is visible everywhere. */
export const housekeeping = fp(housekeepingPlugin, { name: 'housekeeping' });
